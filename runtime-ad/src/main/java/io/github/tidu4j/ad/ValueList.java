package io.github.tidu4j.ad;

import io.github.tidu4j.graph.ValueRef;
import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * The value lists the transforms hand to rules (primal inputs and outputs, tangents, cotangents):
 * fixed-size, unmodifiable to the rule, and allowing {@code null} for an absent (zero) value. Up to
 * two values are held in fields, so the usual list is one small object where an array wrapped by
 * {@code Arrays.asList} is two; a linearize or transpose makes two or three per operation.
 */
final class ValueList extends AbstractList<ValueRef> implements RandomAccess {
  private final int size;
  private final ValueRef[] more; // only for more than two values
  private ValueRef v0;
  private ValueRef v1;

  ValueList(int size) {
    this.size = size;
    this.more = size > 2 ? new ValueRef[size] : null;
  }

  /** Sets value {@code index}; only the transform that made the list calls it, before handing it out. */
  void put(int index, ValueRef value) {
    checkIndex(index);
    if (more != null) {
      more[index] = value;
    } else if (index == 0) {
      v0 = value;
    } else {
      v1 = value;
    }
  }

  @Override
  public ValueRef get(int index) {
    checkIndex(index);
    return more != null ? more[index] : index == 0 ? v0 : v1;
  }

  @Override
  public int size() {
    return size;
  }

  // the check of Objects.checkIndex in one call, not three: rules read these lists a few times per
  // operation, in a fresh JVM in the interpreter
  private void checkIndex(int index) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException("Index " + index + " out of bounds for length " + size);
    }
  }
}

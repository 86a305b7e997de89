package io.github.tidu4j.ad;

import java.util.AbstractList;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The value lists the transforms hand to rules (primal inputs and outputs, tangents, cotangents):
 * fixed-size, unmodifiable to the rule, and allowing {@code null} for an absent (zero) value. Up to
 * two values are held in fields, so the usual list is one small object where an array wrapped by
 * {@code Arrays.asList} is two; a linearize or transpose makes two or three per operation.
 */
final class ValueList extends AbstractList<PrimitiveValue> implements RandomAccess {
  private final int size;
  private final PrimitiveValue[] more; // only for more than two values
  private PrimitiveValue v0;
  private PrimitiveValue v1;

  ValueList(int size) {
    this.size = size;
    this.more = size > 2 ? new PrimitiveValue[size] : null;
  }

  /** Sets value {@code index}; only the transform that made the list calls it, before handing it out. */
  void put(int index, PrimitiveValue value) {
    Objects.checkIndex(index, size);
    if (more != null) {
      more[index] = value;
    } else if (index == 0) {
      v0 = value;
    } else {
      v1 = value;
    }
  }

  @Override
  public PrimitiveValue get(int index) {
    Objects.checkIndex(index, size);
    return more != null ? more[index] : index == 0 ? v0 : v1;
  }

  @Override
  public int size() {
    return size;
  }
}

package io.github.tidu4j.ad.rules;

import io.github.tidu4j.graph.ValueRef;
import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * The values of a rule's result ({@link Cotangents#values()}, {@link Tangents#values()}), {@code
 * null} for a zero, read through to the result: the generated dispatch hands it to the transform,
 * one list per rule call and no copy.
 */
final class TangentValues extends AbstractList<ValueRef> implements RandomAccess {
  private final TangentSequence result;

  TangentValues(TangentSequence result) {
    this.result = result;
  }

  @Override
  public ValueRef get(int index) {
    return result.get(index).value();
  }

  @Override
  public int size() {
    return result.size();
  }
}

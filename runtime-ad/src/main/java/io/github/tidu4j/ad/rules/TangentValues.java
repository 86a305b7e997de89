package io.github.tidu4j.ad.rules;

import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.graph.ValueRef;
import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * The values of a rule's result ({@link Cotangents#valuesIn}, {@link Tangents#valuesIn}), {@code
 * null} for a zero, read through to the result: the generated dispatch hands it to the transform,
 * one list per rule call and no copy.
 */
final class TangentValues extends AbstractList<ValueRef> implements RandomAccess {
  private final TangentSequence result;

  TangentValues(TangentSequence result) {
    this.result = result;
  }

  /**
   * The values of {@code result}, each checked to be a value of the pass {@code pass} emits ({@link
   * Tangent#valueIn}).
   */
  static TangentValues checkedIn(TangentSequence result, PrimitiveBuilder<?> pass) {
    for (int i = 0, n = result.size(); i < n; i++) {
      result.get(i).valueIn(pass);
    }
    return new TangentValues(result);
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

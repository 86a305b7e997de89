package io.github.tidu4j.primitives.func;

import io.github.tidu4j.ad.func.FluentFunction;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.primitives.InputKey;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.TensorValue;
import java.util.List;

/**
 * How {@link TensorAutodiff#function} traces a user's {@link Fn}, {@link Fn2} or {@link FnN}: as
 * {@code TensorValue.traceable} does, but with each input keyed {@link InputKey#user} of its name,
 * as a tensor graph written by hand keys them, so a traced input's {@link TensorValue#inputKey()}
 * works and its tangent prints {@code dx}.
 */
enum TensorTracer implements FluentFunction.Tracer<TensorOp, TensorType, TensorValue, TensorBuilder> {
  INSTANCE;

  @Override
  public Object inputKey(String name) {
    return InputKey.user(name);
  }

  @Override
  public TensorBuilder builder() {
    return TensorBuilder.create();
  }

  @Override
  public TensorValue input(TensorBuilder b, Object key, TensorType type) {
    return b.input(key, type);
  }

  @Override
  public TensorType typeOf(TensorValue value) {
    return value.type();
  }

  @Override
  public Graph<TensorOp> build(TensorBuilder b, List<TensorValue> outputs) {
    return b.build(outputs);
  }
}

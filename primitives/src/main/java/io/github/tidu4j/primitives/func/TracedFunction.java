package io.github.tidu4j.primitives.func;

import io.github.tidu4j.ad.func.Staged;
import io.github.tidu4j.ad.func.Traceable;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.primitives.InputKey;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A user's {@link Fn}, {@link Fn2} or {@link FnN}, traced with a {@link TensorBuilder}: inputs
 * named {@code x} (or {@code x0, x1, …}), closed-over tensors as constants. Equal when it wraps
 * the same lambda object, so transforms of it share cached programs.
 */
record TracedFunction(Object body, int arity, String name)
    implements Traceable<TensorOp, TensorType, Tensor> {

  @Override
  public Staged<TensorOp, TensorType, Tensor> stage(List<TensorType> inputTypes) {
    Traceable.checkArity(this, inputTypes);
    TensorBuilder b = TensorBuilder.create();
    List<TensorValue> args = new ArrayList<>(arity);
    List<ValueKey.Input> inputs = new ArrayList<>(arity);
    for (int i = 0; i < arity; i++) {
      TensorValue x = b.input(arity == 1 ? "x" : "x" + i, inputTypes.get(i));
      args.add(x);
      inputs.add(ValueKey.input(x.inputKey()));
    }
    List<TensorValue> outs = invoke(args);
    List<TensorType> outputTypes = new ArrayList<>(outs.size());
    for (int i = 0; i < outs.size(); i++) {
      if (outs.get(i) == null) {
        throw new IllegalArgumentException(name + " returned null as output " + i);
      }
      outputTypes.add(outs.get(i).type());
    }
    Graph<TensorOp> g = b.build(outs);
    Map<ValueKey.Input, Tensor> constants = new LinkedHashMap<>();
    for (Map.Entry<InputKey.Constant, Tensor> c : b.constants().entrySet()) {
      constants.put(ValueKey.input(c.getKey()), c.getValue());
    }
    return new Staged<>(
        List.of(g), inputs, inputTypes, g.outputKeys(), outputTypes, constants, Map.of());
  }

  private List<TensorValue> invoke(List<TensorValue> args) {
    if (body instanceof Fn f) {
      return Collections.singletonList(f.apply(args.get(0)));
    }
    if (body instanceof Fn2 f) {
      return Collections.singletonList(f.apply(args.get(0), args.get(1)));
    }
    List<TensorValue> outs = ((FnN) body).apply(Traceable.inputs(this, args));
    if (outs == null) {
      throw new IllegalArgumentException(name + " returned null instead of a list of outputs");
    }
    return outs;
  }

  @Override
  public String describe() {
    return name;
  }

  @Override
  public Class<?> origin() {
    return body.getClass();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TracedFunction t && t.body == body && t.arity == arity;
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(body) * 31 + arity;
  }
}

package io.github.tidu4j.ad.eager;

import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.ValueRef;
import java.util.List;
import java.util.Map;

/** Test fixture: one key source, trace, executor and recorder over a primitive set. */
final class Tape<P extends Primitive<P, Void>, V> {
  final KeySource keys = new KeySource();
  final Trace<P, V> trace = new Trace<>();
  final BackwardExecutor<P, V> exec;
  final Recorder<P, V> rec;

  Tape(BackwardExecutor<P, V> exec) {
    this.exec = exec;
    this.rec = new Recorder<>(trace, keys, exec);
  }

  static <P extends Primitive<P, Void>, V> Tape<P, V> of(P anyPrimitive) {
    return new Tape<>(InterpreterExecutor.of(anyPrimitive));
  }

  EagerInput<V> variable(V value) {
    return EagerInput.variable(keys.next(), value);
  }

  EagerInput<V> constant(V value) {
    return EagerInput.constant(keys.next(), value);
  }

  /** Records a one-input, one-output graph. */
  EagerOutput<V> call(Graph<P> graph, EagerInput<V> a) {
    return rec.record(graph, List.of(a)).get(0);
  }

  /** Records a two-input, one-output graph, inputs in the graph's input order. */
  EagerOutput<V> call(Graph<P> graph, EagerInput<V> a, EagerInput<V> b) {
    return rec.record(graph, List.of(a, b)).get(0);
  }

  Map<Object, V> backward(EagerOutput<V> out, V seed) {
    return Backward.backward(out.key(), trace, seed, exec, null);
  }

  /** {@code op(a)}: one input "a", one output. */
  static <P extends GraphOperation> Graph<P> unary(P op) {
    GraphBuilder<P> b = Graph.builder();
    ValueRef.Local a = b.input("a");
    return b.output(b.apply(op, a)).build();
  }

  /** {@code op(a, b)}: inputs "a", "b", one output. */
  static <P extends GraphOperation> Graph<P> binary(P op) {
    GraphBuilder<P> b = Graph.builder();
    ValueRef.Local a = b.input("a");
    ValueRef.Local c = b.input("b");
    return b.output(b.apply(op, a, c)).build();
  }

  /** {@code a · a}: one input used twice inside the graph. */
  static <P extends GraphOperation> Graph<P> square(P mul) {
    GraphBuilder<P> b = Graph.builder();
    ValueRef.Local a = b.input("a");
    return b.output(b.apply(mul, a, a)).build();
  }
}

package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A {@link ScalarBody} (or {@link ScalarBody.Unary}, {@link ScalarBody.Binary}) traced with a
 * {@link GraphBuilder}: inputs keyed {@code x} (or {@code x0, x1, …}). Equal when it wraps the
 * same lambda object (or unary or binary bodies naming the same one, {@link
 * ScalarBody.Unary#identity}), whatever its name and set member.
 */
record ScalarTraced<P extends Primitive<P, ?>>(Object body, int arity, String name, P member)
    implements Traceable<P, ScalarType, Double> {

  /**
   * A body named {@code f} in messages, whose graphs name their set by {@code member} (an
   * operation of the set, or {@code null} if none is known: {@link GraphBuilder#declareSet}).
   */
  ScalarTraced(Object body, int arity, P member) {
    this(body, arity, "f", member);
  }

  @Override
  @SuppressWarnings("unchecked")
  public Staged<P, ScalarType, Double> stage(List<ScalarType> inputTypes) {
    Traceable.checkArity(this, inputTypes);
    GraphBuilder<P> b = Graph.builder();
    if (member != null) {
      b.declareSet(member); // a body returning its input twice is still transposed
    }
    List<ValueRef.Local> args = new ArrayList<>(arity);
    List<ValueKey.Input> inputs = new ArrayList<>(arity);
    for (int i = 0; i < arity; i++) {
      String name = arity == 1 ? "x" : "x" + i;
      args.add(b.input(name));
      inputs.add(ValueKey.input(name));
    }
    List<? extends ValueRef> outs =
        body instanceof ScalarBody.Unary<?> unary
            ? Collections.singletonList(((ScalarBody.Unary<P>) unary).apply(b, args.get(0)))
            : body instanceof ScalarBody.Binary<?> binary
                ? Collections.singletonList(
                    ((ScalarBody.Binary<P>) binary).apply(b, args.get(0), args.get(1)))
                : ((ScalarBody<P>) body).apply(b, Traceable.inputs(this, args));
    if (b.outputCount() != 0) {
      throw new IllegalArgumentException(
          name + " declared " + b.outputCount() + " output(s) by calling output on its builder; a"
              + " body returns its outputs (List.of(y)) and the function declares them");
    }
    if (outs == null) {
      throw new IllegalArgumentException(name + " returned null instead of its outputs");
    }
    for (int i = 0; i < outs.size(); i++) {
      if (outs.get(i) == null) {
        throw new IllegalArgumentException(name + " returned null as output " + i);
      }
      b.output(outs.get(i));
    }
    Graph<P> g = b.build();
    return Staged.of(
        g, inputs, inputTypes, g.outputKeys(), Collections.nCopies(outs.size(), ScalarType.F64));
  }

  @Override
  public String describe() {
    return name;
  }

  @Override
  public Class<?> origin() {
    return identity().getClass();
  }

  /**
   * What names the body: itself, or what a unary or binary body names ({@link
   * ScalarBody.Unary#identity}).
   */
  private Object identity() {
    return body instanceof ScalarBody.Unary<?> unary
        ? unary.identity()
        : body instanceof ScalarBody.Binary<?> binary ? binary.identity() : body;
  }

  // by identity: a body's own equals could call two different functions equal; the name is for
  // messages only, so a function and its named copy share their cached programs
  @Override
  public boolean equals(Object o) {
    return o instanceof ScalarTraced<?> t && t.identity() == identity() && t.arity == arity;
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(identity()) * 31 + arity;
  }
}

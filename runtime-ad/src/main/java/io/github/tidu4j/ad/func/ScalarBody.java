package io.github.tidu4j.ad.func;

import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.ValueRef;
import java.util.List;

/**
 * The code of a function over a {@code double} primitive set, written against a {@link
 * GraphBuilder}: it receives one value per input and returns its outputs. {@link ScalarAutodiff}
 * traces it.
 *
 * <pre>{@code
 * ScalarBody<ScalarOp> f = (b, x) -> List.of(b.apply(ScalarOp.SIN, b.apply(ScalarOp.MUL, x.get(0), x.get(1))));
 * }</pre>
 *
 * @param <P> the primitive set
 */
@FunctionalInterface
public interface ScalarBody<P extends GraphOperation> {
  /** The outputs for the traced inputs {@code args}. */
  List<? extends ValueRef> apply(GraphBuilder<P> b, List<ValueRef.Local> args);

  /**
   * A function of one input and one output.
   *
   * <pre>{@code
   * ScalarBody.Unary<ScalarOp> f = (b, x) -> b.apply(ScalarOp.EXP, x);
   * }</pre>
   *
   * @param <P> the primitive set
   */
  @FunctionalInterface
  interface Unary<P extends GraphOperation> {
    /** The output for the traced input {@code x}. */
    ValueRef apply(GraphBuilder<P> b, ValueRef.Local x);

    /**
     * What names this body in {@link ScalarAutodiff}'s cache of compiled functions, by identity:
     * the body itself, unless it wraps a function object of its own, as a set's generated {@code
     * XValue.unary(body)} does, which gives the body it wraps, so that a function wrapped again
     * finds the programs compiled for it.
     */
    default Object identity() {
      return this;
    }
  }

  /**
   * A function of two inputs and one output.
   *
   * <pre>{@code
   * ScalarBody.Binary<ScalarOp> f = (b, x, y) -> b.apply(ScalarOp.MUL, x, y);
   * }</pre>
   *
   * @param <P> the primitive set
   */
  @FunctionalInterface
  interface Binary<P extends GraphOperation> {
    /** The output for the traced inputs {@code x} and {@code y}. */
    ValueRef apply(GraphBuilder<P> b, ValueRef.Local x, ValueRef.Local y);

    /** What names this body in the cache, as {@link Unary#identity} does for one input. */
    default Object identity() {
      return this;
    }
  }
}

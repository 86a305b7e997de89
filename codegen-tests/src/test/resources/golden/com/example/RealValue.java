package com.example;

import io.github.tidu4j.ad.func.ScalarBody;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.ValueRef;
import java.util.List;
import java.util.Objects;
import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;
import javax.annotation.processing.Generated;

/**
 * A value of a graph of {@link Real} under construction by a {@link RealBuilder}, with one
 * method per primitive with inputs: the value is the first operand, and the method adds the
 * operation to the builder's graph.
 *
 * <pre>{@code
 * RealBuilder b = RealBuilder.create();
 * RealValue x = b.input("x");
 * Graph<RealOp> g = b.build(x.add(x));
 * }</pre>
 */
@Generated("io.github.tidu4j.processor.PrimitiveSetProcessor")
public final class RealValue {
  /**
   * The builder this value belongs to.
   */
  private final RealBuilder builder;

  /**
   * This value in the graph being built.
   */
  private final ValueRef ref;

  /**
   * The value {@code ref} of {@code builder}'s graph; only the builder makes values.
   *
   * @param builder the builder the value belongs to
   * @param ref the value in the graph being built
   */
  RealValue(RealBuilder builder, ValueRef ref) {
    this.builder = builder;
    this.ref = ref;
  }

  /**
   * The builder this value belongs to.
   *
   * @return the builder
   */
  public RealBuilder builder() {
    return builder;
  }

  /**
   * This value in the graph being built.
   *
   * @return the value's reference
   */
  public ValueRef ref() {
    return ref;
  }

  /**
   * Applies {@link Real.Add} to this value (its operand {@code a}) and {@code b}.
   *
   * @param b the operand {@code b}
   * @return its output
   */
  public RealValue add(RealValue b) {
    return builder().apply(RealOp.ADD, this, b);
  }

  /**
   * Applies {@link Real.Mul} to this value (its operand {@code a}) and {@code b}.
   *
   * @param b the operand {@code b}
   * @return its output
   */
  public RealValue mul(RealValue b) {
    return builder().apply(RealOp.MUL, this, b);
  }

  /**
   * Applies {@link Real.Exp} to this value (its operand {@code x}).
   *
   * @return its output
   */
  public RealValue exp() {
    return builder().apply(RealOp.EXP, this);
  }

  /**
   * Applies {@link Real.Scale} to this value (its operand {@code x}).
   *
   * @param factor the attribute {@code factor}
   * @return its output
   */
  public RealValue scale(double factor) {
    return builder().apply(RealOp.scale(factor), this);
  }

  /**
   * Applies {@link Real.SinCos} to this value (its operand {@code x}); its outputs in slot order.
   *
   * @return its outputs, in slot order
   */
  public List<RealValue> sinCos() {
    return builder().applyMulti(RealOp.SIN_COS, this);
  }

  /**
   * Applies {@link Real.ZerosLike} to this value (its operand {@code x}).
   *
   * @return its output
   */
  public RealValue zerosLike() {
    return builder().apply(RealOp.ZEROS_LIKE, this);
  }

  /**
   * A {@code ScalarAutodiff} function of one input written with fluent values:
   * {@code ad.function(RealValue.unary(x -> x.mul(x)))}. Bodies of one {@code body} are one function
   * to {@code ScalarAutodiff}'s cache, which finds it wrapped again.
   *
   * @param body the function, from the traced input to the output
   * @return the body {@code ScalarAutodiff} traces
   */
  public static ScalarBody.Unary<RealOp> unary(UnaryOperator<RealValue> body) {
    return new UnaryBody(Objects.requireNonNull(body, "body"));
  }

  /**
   * A {@code ScalarAutodiff} function of two inputs written with fluent values:
   * {@code ad.function(RealValue.binary((x, y) -> x.mul(y)))}. Bodies of one {@code body} are one
   * function to {@code ScalarAutodiff}'s cache, which finds it wrapped again.
   *
   * @param body the function, from the traced inputs to the output
   * @return the body {@code ScalarAutodiff} traces
   */
  public static ScalarBody.Binary<RealOp> binary(BinaryOperator<RealValue> body) {
    return new BinaryBody(Objects.requireNonNull(body, "body"));
  }

  @Override
  public String toString() {
    return "RealValue " + ref + " of " + builder;
  }

  /**
   * The body {@link #unary} makes of {@code body}, named by {@code body} in caches.
   */
  private static final class UnaryBody implements ScalarBody.Unary<RealOp> {
    /**
     * The function, from the traced input to the output; also the body's identity.
     */
    private final UnaryOperator<RealValue> body;

    /**
     * A body wrapping {@code body}.
     *
     * @param body the function, from the traced input to the output
     */
    UnaryBody(UnaryOperator<RealValue> body) {
      this.body = body;
    }

    @Override
    public ValueRef apply(GraphBuilder<RealOp> graph, ValueRef.Local x) {
      RealValue y = body.apply(RealBuilder.on(graph).value(x));
      return y == null ? null : y.ref();
    }

    @Override
    public Object identity() {
      return body;
    }
  }

  /**
   * The body {@link #binary} makes of {@code body}, named by {@code body} in caches.
   */
  private static final class BinaryBody implements ScalarBody.Binary<RealOp> {
    /**
     * The function, from the traced inputs to the output; also the body's identity.
     */
    private final BinaryOperator<RealValue> body;

    /**
     * A body wrapping {@code body}.
     *
     * @param body the function, from the traced inputs to the output
     */
    BinaryBody(BinaryOperator<RealValue> body) {
      this.body = body;
    }

    @Override
    public ValueRef apply(GraphBuilder<RealOp> graph, ValueRef.Local x, ValueRef.Local y) {
      RealBuilder b = RealBuilder.on(graph);
      RealValue z = body.apply(b.value(x), b.value(y));
      return z == null ? null : z.ref();
    }

    @Override
    public Object identity() {
      return body;
    }
  }
}

package io.github.tidu4j.ad.check;

import static io.github.tidu4j.ad.testing.Fold.sum;

import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.graph.ActiveMask;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.ValueRef;
import java.util.Arrays;
import java.util.List;

/**
 * A real scalar set whose derivatives are symbolic zeros ({@code FLOOR}'s), and whose zero
 * primitive is wrong: {@code ONES} gives 1 for the zeros like its operand. Its other rules are
 * right, so only the zero primitive can fail a check.
 */
enum StepOp implements Primitive<StepOp, Void>, EvaluableGraphOperation<Double> {
  ADD(2),
  FLOOR(1),
  ONES(1);

  private final int arity;

  StepOp(int arity) {
    this.arity = arity;
  }

  @Override
  public int inputArity() {
    return arity;
  }

  @Override
  public int outputArity() {
    return 1;
  }

  @Override
  public StepOp add() {
    return ADD;
  }

  @Override
  public StepOp zerosLike() {
    return ONES;
  }

  @Override
  public List<Double> eval(List<Double> in) {
    return switch (this) {
      case ADD -> List.of(in.get(0) + in.get(1));
      case FLOOR -> List.of(Math.floor(in.get(0)));
      case ONES -> List.of(1.0);
    };
  }

  @Override
  public List<ValueRef> jvp(
      PrimitiveBuilder<StepOp> b, List<ValueRef> x, List<ValueRef> y, List<ValueRef> dx,
      Void ctx) {
    // ADD is linear; FLOOR and ONES are constant almost everywhere: a symbolic zero
    return Arrays.asList(this == ADD ? sum(b, ADD, dx.get(0), dx.get(1)) : null);
  }

  @Override
  public List<ValueRef> transpose(
      PrimitiveBuilder<StepOp> b, List<ValueRef> ct, List<ValueRef> in, ActiveMask mask,
      Void ctx) {
    return List.of(ct.get(0), ct.get(0)); // ADD's
  }
}

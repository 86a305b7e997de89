package io.github.tidu4j.ad.testing;

import static io.github.tidu4j.ad.testing.Fold.sum;
import static io.github.tidu4j.ad.testing.Fold.bilinear;
import static io.github.tidu4j.ad.testing.Fold.linear;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.ad.RuleKind;
import io.github.tidu4j.graph.ActiveMask;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import java.util.Arrays;
import java.util.List;

/**
 * A hand-written complex scalar set: Add, Mul, Neg, Conj, Exp. Convention: the JVP is {@code dy =
 * f'(z)·dz}; a transpose conjugates the fixed factor, so Conj appears only in transposed graphs.
 */
public enum ComplexOp implements Primitive<ComplexOp, Void>, EvaluableGraphOperation<Complex> {
  ADD(2),
  MUL(2),
  NEG(1),
  CONJ(1),
  EXP(1);

  private final int arity;

  ComplexOp(int arity) {
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
  public ComplexOp add() {
    return ADD;
  }

  @Override
  public List<Complex> eval(List<Complex> in) {
    Complex a = in.get(0);
    switch (this) {
      case ADD: return List.of(a.plus(in.get(1)));
      case MUL: return List.of(a.times(in.get(1)));
      case NEG: return List.of(a.negate());
      case CONJ: return List.of(a.conj());
      default: return List.of(a.exp());
    }
  }

  @Override
  public List<ValueRef> jvp(
      PrimitiveBuilder<ComplexOp> b,
      List<ValueRef> x,
      List<ValueRef> y,
      List<ValueRef> dx,
      Void ctx) {
    switch (this) {
      case ADD:
        return Arrays.asList(sum(b, ADD, dx.get(0), dx.get(1)));
      case MUL:
        return Arrays.asList(
            sum(b, ADD, bilinear(b, MUL, x.get(1), dx.get(0)), bilinear(b, MUL, x.get(0), dx.get(1))));
      case NEG:
        return Arrays.asList(linear(b, NEG, dx.get(0)));
      case CONJ:
        return Arrays.asList(linear(b, CONJ, dx.get(0)));
      default:
        return Arrays.asList(b.apply(MUL, y.get(0), dx.get(0)));
    }
  }

  @Override
  public List<ValueRef> transpose(
      PrimitiveBuilder<ComplexOp> b,
      List<ValueRef> ct,
      List<ValueRef> in,
      ActiveMask mask,
      Void ctx) {
    ValueRef c = ct.get(0);
    switch (this) {
      case ADD:
        return Arrays.asList(c, c);
      case MUL:
        if (mask.activeCount() != 1) {
          throw ADRuleError.invalidResult(name(), RuleKind.TRANSPOSE, "Mul is not linear in both operands at once");
        }
        int fixed = mask.isActive(0) ? 1 : 0;
        ValueRef product = b.apply(MUL, b.apply(CONJ, in.get(fixed)), c);
        return fixed == 1 ? Arrays.asList(product, null) : Arrays.asList(null, product);
      case NEG:
        return Arrays.asList(b.apply(NEG, c));
      case CONJ:
        return Arrays.asList(b.apply(CONJ, c));
      default:
        throw ADRuleError.unsupported(name(), RuleKind.TRANSPOSE);
    }
  }
}

package io.github.tidu4j.codegen.guide;

import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;
import io.github.tidu4j.fixtures.Complex;

/**
 * The complex example of {@code docs/writing-rules.md}: a JVP is {@code dy = f'(z)·dz}; a
 * transpose is the adjoint under {@code ⟨a, b⟩ = Re(conj(a)·b)}, so it multiplies by the
 * conjugate of the fixed factor, and {@code Conj} appears only in transposed graphs. Generates
 * {@code GuideComplexOp}, {@code GuideComplexEmit}, {@code GuideComplexEvaluator} and {@code
 * GuideComplexKernels}.
 */
@PrimitiveSet(operand = Complex.class, prefix = "GuideComplex")
public interface GuideComplexScalars {

  @Primitive(accumulator = true)
  interface Add {
    static Complex eval(Complex a, Complex b) {
      return a.plus(b);
    }

    static Tangent jvp(GuideComplexEmit e, Tangent da, Tangent db) {
      return e.add(da, db);
    }

    static Cotangents transpose(GuideComplexEmit e, Tangent ct) {
      return Cotangents.of(ct, ct);
    }
  }

  /** {@code a·b}; the transpose of {@code t ↦ c·t} is {@code ct ↦ conj(c)·ct}. */
  @Primitive(multilinear = true)
  interface Mul {
    static Complex eval(Complex a, Complex b) {
      return a.times(b);
    }

    static Tangent jvp(GuideComplexEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }

    static Cotangents transpose(GuideComplexEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, e.conj(b.primal())), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(e.conj(a.primal()), ct));
    }
  }

  /**
   * {@code conj(z)}: real-linear, so multilinear, and its own adjoint. Mul's transpose emits it on
   * a primal; the next linearize differentiates that, emitting it on a tangent.
   */
  @Primitive(multilinear = true)
  interface Conj {
    static Complex eval(Complex z) {
      return z.conj();
    }

    static Tangent jvp(GuideComplexEmit e, Tangent dz) {
      return e.conj(dz);
    }

    static Cotangents transpose(GuideComplexEmit e, Tangent ct) {
      return Cotangents.of(e.conj(ct));
    }
  }

  /** {@code eᶻ}, holomorphic: {@code dy = y·dz}, written exactly as for reals. */
  @Primitive
  interface Exp {
    static Complex eval(Complex z) {
      return z.exp();
    }

    static Tangent jvp(GuideComplexEmit e, Output y, Tangent dz) {
      return e.mul(y, dz);
    }
  }
}

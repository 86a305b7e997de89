package io.github.tidu4j.ad.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.Complex;
import io.github.tidu4j.ad.testing.ComplexOp;
import io.github.tidu4j.ad.testing.ComplexSpace;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.ValueRef;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The checker accepts {@link ComplexOp}'s rules to second order under the real inner product
 * {@code Re Σ conj(a)·b}, holomorphic (Mul, Exp) and not (Conj) alike.
 */
class GradientCheckerComplexTest {
  private static final Map<Object, Complex> POINT =
      Map.of("z", Complex.of(0.6, -0.4), "w", Complex.of(-0.3, 0.8));

  @ParameterizedTest
  @EnumSource(ComplexOp.class)
  void eachPrimitiveAlonePassesToSecondOrder(ComplexOp op) {
    GraphBuilder<ComplexOp> b = Graph.builder();
    ValueRef.Local z = b.input("z");
    Graph<ComplexOp> g =
        op.inputArity() == 2
            ? b.output(b.apply(op, z, b.input("w"))).build()
            : b.output(b.apply(op, z)).build();
    check(g);
  }

  @Test
  void compositionsPassToSecondOrder() {
    List<Graph<ComplexOp>> functions =
        List.of(
            // exp(z·w)
            binary((b, z, w) -> b.apply(ComplexOp.EXP, b.apply(ComplexOp.MUL, z, w))),
            // |z|² = conj(z)·z, real-valued and not holomorphic
            binary((b, z, w) -> b.apply(ComplexOp.MUL, b.apply(ComplexOp.CONJ, z), z)),
            // -exp(conj(z)) + z·w
            binary((b, z, w) -> b.apply(ComplexOp.ADD,
                b.apply(ComplexOp.NEG, b.apply(ComplexOp.EXP, b.apply(ComplexOp.CONJ, z))),
                b.apply(ComplexOp.MUL, z, w))),
            // conj(exp(z)·w)·exp(w)
            binary((b, z, w) -> b.apply(ComplexOp.MUL,
                b.apply(ComplexOp.CONJ, b.apply(ComplexOp.MUL, b.apply(ComplexOp.EXP, z), w)),
                b.apply(ComplexOp.EXP, w))),
            // (z + w)·(z + w)·conj(w)
            binary((b, z, w) -> {
              ValueRef.Local s = b.apply(ComplexOp.ADD, z, w);
              return b.apply(ComplexOp.MUL, b.apply(ComplexOp.MUL, s, s), b.apply(ComplexOp.CONJ, w));
            }));
    for (Graph<ComplexOp> g : functions) {
      check(g);
    }
  }

  @Test
  void theSpaceUsesTheRealPartOfTheHermitianProduct() {
    ComplexSpace c = ComplexSpace.INSTANCE;
    // Re(conj(1+2i)·(3-i)) = Re((1-2i)(3-i)) = 3 - 2 = 1
    assertEquals(1.0, c.inner(Complex.of(1, 2), Complex.of(3, -1)));
    assertEquals(5.0, c.norm(Complex.of(3, 4)), 1e-15);
    assertTrue(c.isClose(Complex.of(1, 1), Complex.of(1, 1 + 1e-7), Tolerance.F64));
    assertFalse(c.isClose(Complex.of(1, 1), Complex.of(1, -1), Tolerance.F64));
  }

  @Test
  void aTransposeThatForgetsToConjugateFailsTheDotProductTest() {
    // the transpose of z -> c·z must multiply by conj(c); multiplying by c is the classic mistake.
    // Emulated here by checking z -> c·z under an inner product without the conjugate: Re Σ a·b.
    VectorSpace<Complex> unconjugated =
        new VectorSpace<>() {
          public Complex add(Complex a, Complex b) { return a.plus(b); }
          public Complex scale(double f, Complex a) { return Complex.of(f * a.re(), f * a.im()); }
          public double inner(Complex a, Complex b) { return a.times(b).re(); }
          public Complex randomLike(Complex t, Random r) { return Complex.of(r.nextGaussian(), r.nextGaussian()); }
          public Complex zeroLike(Complex t) { return Complex.of(0, 0); }
          public Tolerance defaultTolerance() { return Tolerance.F64; }
          public double norm(Complex a) { return Math.hypot(a.re(), a.im()); }
          public double distance(Complex a, Complex b) { return norm(add(a, scale(-1, b))); }
        };
    Graph<ComplexOp> g = binary((b, z, w) -> b.apply(ComplexOp.MUL, z, w));
    GradientCheckFailure e = assertThrows(GradientCheckFailure.class, () ->
        GradientChecker.check(CheckedFunction.of(g), POINT, unconjugated, 1, Mode.BOTH, null, new Random(21)));
    assertEquals("VJP", e.check());
  }

  private static void check(Graph<ComplexOp> g) {
    GradientChecker.check(CheckedFunction.of(g), POINT, ComplexSpace.INSTANCE, 2, Mode.BOTH, null, new Random(20));
  }

  interface Body {
    ValueRef.Local apply(GraphBuilder<ComplexOp> b, ValueRef.Local z, ValueRef.Local w);
  }

  private static Graph<ComplexOp> binary(Body body) {
    GraphBuilder<ComplexOp> b = Graph.builder();
    ValueRef.Local z = b.input("z");
    ValueRef.Local w = b.input("w");
    return b.output(body.apply(b, z, w)).build();
  }
}

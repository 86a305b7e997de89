package io.github.tidu4j.ad.check;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.VecOp;
import io.github.tidu4j.ad.testing.VecSpace;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.ValueRef;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The checker over {@code double[]} values: shapes come from the values, zeros from templates. */
class GradientCheckerVecTest {
  private static final int N = 3;

  @Test
  void sumOfExpAxPassesToSecondOrder() {
    GraphBuilder<VecOp> b = Graph.builder();
    ValueRef.Local a = b.input("a");
    ValueRef.Local x = b.input("x");
    Graph<VecOp> g =
        b.output(b.apply(new VecOp.ReduceSum(N), b.apply(VecOp.EXP, b.apply(VecOp.MUL, a, x)))).build();
    check(g, Map.of("a", new double[] {0.5, -0.2, 0.9}, "x", new double[] {0.3, 1.1, -0.7}));
  }

  @Test
  void broadcastScalarTimesVectorAndItsSumPassToSecondOrder() {
    // outputs: exp(broadcast(s))·x (a vector) and sum(x·x) (a length-1 vector)
    GraphBuilder<VecOp> b = Graph.builder();
    ValueRef.Local s = b.input("s");
    ValueRef.Local x = b.input("x");
    ValueRef.Local scaled = b.apply(VecOp.MUL, b.apply(VecOp.EXP, b.apply(new VecOp.BroadcastInDim(N), s)), x);
    ValueRef.Local norm2 = b.apply(new VecOp.ReduceSum(N), b.apply(VecOp.MUL, x, x));
    Graph<VecOp> g = b.output(scaled).output(norm2).build();
    check(g, Map.of("s", new double[] {0.4}, "x", new double[] {0.3, 1.1, -0.7}));
  }

  @Test
  void aBroadcastOfASumPassesToSecondOrder() {
    // x -> broadcast(sum(x))·x: both linear shape operations, each the other's transpose
    GraphBuilder<VecOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local total = b.apply(new VecOp.BroadcastInDim(N), b.apply(new VecOp.ReduceSum(N), x));
    Graph<VecOp> g = b.output(b.apply(VecOp.MUL, total, x)).build();
    check(g, Map.of("x", new double[] {0.3, 1.1, -0.7}));
  }

  @Test
  void theSpaceComparesComponentwise() {
    VecSpace v = VecSpace.INSTANCE;
    assertTrue(v.isClose(new double[] {1, 1e3}, new double[] {1 + 1e-6, 1e3 + 1e-3}, Tolerance.F64));
    // within the tolerance by norm, but not componentwise
    assertFalse(v.isClose(new double[] {1e-3, 1e3}, new double[] {2e-3, 1e3}, Tolerance.F64));
    assertFalse(v.isClose(new double[] {1}, new double[] {1, 0}, Tolerance.F64));
  }

  private static void check(Graph<VecOp> g, Map<Object, double[]> point) {
    GradientChecker.check(CheckedFunction.of(g), point, VecSpace.INSTANCE, 2, Mode.BOTH, null, new Random(30));
  }
}

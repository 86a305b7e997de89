package io.github.tidu4j.bench.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.tidu4j.graph.fusion.BlockedSum;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.tensor.VectorMath;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The hand-written limits compute what the fused programs they are the limit of compute: the
 * {@link Math} loops the exact fused programs' bits, the block loops the {@link VectorMath} fused
 * programs' bits, for each function, at a size of one sum block and one of several (the last
 * short), with a block size dividing {@link BlockedSum#BLOCK} and one that does not.
 */
class HandLoopsTest {
  private static final int SEVERAL_BLOCKS = 2 * BlockedSum.BLOCK + 1234;

  static Stream<Arguments> cases() {
    return HandLoops.FUNCTIONS.stream()
        .flatMap(
            f ->
                Stream.of(
                    Arguments.of(f, 1000, 256),
                    Arguments.of(f, SEVERAL_BLOCKS, 256),
                    Arguments.of(f, SEVERAL_BLOCKS, 100)));
  }

  private static void assertSameBits(List<Tensor> program, double y, double[] dx, String what) {
    assertEquals(
        Double.doubleToRawLongBits(program.get(0).scalarValue()), Double.doubleToRawLongBits(y),
        what + " y: program " + program.get(0).scalarValue() + ", hand-written " + y);
    if (dx != null) {
      double[] want = program.get(1).toDoubleArray();
      for (int i = 0; i < want.length; i++) {
        if (Double.doubleToRawLongBits(want[i]) != Double.doubleToRawLongBits(dx[i])) {
          assertEquals(
              want[i], dx[i], what + " dy/dx[" + i + "] differs (in its bits if equal)");
          assertEquals(Double.doubleToRawLongBits(want[i]), Double.doubleToRawLongBits(dx[i]));
        }
      }
    }
  }

  @ParameterizedTest(name = "{0}, n = {1}, blocks of {2}")
  @MethodSource("cases")
  void mathLoopsGiveTheExactFusedProgramsBits(String function, int n, int blockSize) {
    ElementwiseBenchmark.Vectors v = ElementwiseBenchmark.Vectors.of(n);
    ElementwiseBenchmark.Programs p = ElementwiseBenchmark.Programs.of(function, v, 2, blockSize);
    HandLoops.Limit hand = HandLoops.exact(function);
    assertSameBits(
        p.forwardFusedExact.evalPositional(p.forwardInputList), hand.forward(v.x, v.a, v.b), null,
        function + " forward");
    HandLoops.Gradient g = hand.gradient(v.x, v.a, v.b, 1.0);
    assertSameBits(
        p.gradientFusedExact.evalPositional(p.gradientInputList), g.y(), g.dx(),
        function + " gradient");
  }

  /**
   * Bit for bit where {@link VectorMath} runs its {@link Math} loops (the test JVM does not
   * resolve {@code jdk.incubator.vector}); vectorised, its kernels may round a last bit otherwise
   * until C2 compiles them, so there the values are compared within 1e-12 of the largest.
   */
  @ParameterizedTest(name = "{0}, n = {1}, blocks of {2}")
  @MethodSource("cases")
  void blockLoopsGiveTheFusedProgramsValues(String function, int n, int blockSize) {
    ElementwiseBenchmark.Vectors v = ElementwiseBenchmark.Vectors.of(n);
    ElementwiseBenchmark.Programs p = ElementwiseBenchmark.Programs.of(function, v, 2, blockSize);
    HandLoops.Limit hand = HandLoops.blocks(function, blockSize);
    List<Tensor> forward = p.forwardFused.evalPositional(p.forwardInputList);
    List<Tensor> gradient = p.gradientFused.evalPositional(p.gradientInputList);
    double y = hand.forward(v.x, v.a, v.b);
    HandLoops.Gradient g = hand.gradient(v.x, v.a, v.b, 1.0);
    if (VectorMath.isVectorised()) {
      double[] want = gradient.get(1).toDoubleArray();
      double scale = Arrays.stream(want).map(Math::abs).max().orElse(1);
      assertEquals(forward.get(0).scalarValue(), y, 1e-12 * Math.abs(y), function + " forward");
      assertEquals(gradient.get(0).scalarValue(), g.y(), 1e-12 * Math.abs(y), function + " y");
      assertArrayEquals(want, g.dx(), 1e-12 * scale, function + " dy/dx");
    } else {
      assertSameBits(forward, y, null, function + " forward");
      assertSameBits(gradient, g.y(), g.dx(), function + " gradient");
    }
  }

  @ParameterizedTest(name = "{0}, n = {1}, blocks of {2}")
  @MethodSource("cases")
  void gradientIntoAUsedArrayGivesTheFreshGradient(String function, int n, int blockSize) {
    ElementwiseBenchmark.Vectors v = ElementwiseBenchmark.Vectors.of(n);
    for (HandLoops.Limit hand :
        List.of(HandLoops.exact(function), HandLoops.blocks(function, blockSize))) {
      HandLoops.Gradient fresh = hand.gradient(v.x, v.a, v.b, 1.0);
      double[] dx = new double[n];
      Arrays.fill(dx, Double.NaN);
      double y = hand.gradientInto(v.x, v.a, v.b, 1.0, dx);
      assertEquals(fresh.y(), y);
      assertArrayEquals(fresh.dx(), dx);
      assertEquals(
          hand.forward(v.x, v.a, v.b), y, function + ": the gradient's y is the forward's");
    }
  }

  /** dy/dx is linear in the cotangent: doubling it doubles every element exactly. */
  @Test
  void gradientScalesWithTheCotangent() {
    ElementwiseBenchmark.Vectors v = ElementwiseBenchmark.Vectors.of(1000);
    for (String function : HandLoops.FUNCTIONS) {
      for (HandLoops.Limit hand :
          List.of(HandLoops.exact(function), HandLoops.blocks(function, 256))) {
        double[] one = hand.gradient(v.x, v.a, v.b, 1.0).dx();
        double[] two = hand.gradient(v.x, v.a, v.b, 2.0).dx();
        for (int i = 0; i < one.length; i++) {
          one[i] *= 2;
        }
        assertArrayEquals(one, two, function);
      }
    }
  }

  @Test
  void read3SumsTheThreeArrays() {
    ElementwiseBenchmark.Vectors v = ElementwiseBenchmark.Vectors.of(1003);
    double want = 0;
    for (int i = 0; i < v.n; i++) {
      want += v.x[i] + v.a[i] + v.b[i];
    }
    assertEquals(want, ElementwiseBenchmark.read3(v.x, v.a, v.b), 1e-12 * want);
  }

  @Test
  void anUnknownFunctionOrBlockSizeIsNamed() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> HandLoops.exact("cheap9"));
    assertEquals("no hand-written loop for cheap9", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> HandLoops.blocks("sumExp", 0));
    assertEquals("block size 0 is not positive", e.getMessage());
  }
}

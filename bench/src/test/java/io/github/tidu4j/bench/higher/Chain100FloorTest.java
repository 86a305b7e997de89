package io.github.tidu4j.bench.higher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Chain100FloorTest {
  private static final double X = HigherOrderBenchmark.CHAIN_X;
  private static final int[] KINDS = HigherOrderBenchmark.chainKinds();

  private static void assertRelative(
      double expected, double actual, double tolerance, String what) {
    double rel = Math.abs(actual - expected) / Math.abs(expected);
    assertEquals(0, rel, tolerance, what + ": " + actual + " vs " + expected + ", relative " + rel);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4})
  void taylorAgreesWithHipparchus(int order) {
    double taylor =
        Chain100FloorBenchmark.taylor(X, KINDS, order, Chain100FloorBenchmark.scratch(order));
    assertRelative(
        Chain100FloorBenchmark.hipparchus(order),
        taylor,
        Chain100FloorBenchmark.TOLERANCE,
        "taylor order " + order + " against Hipparchus");
  }

  @Test
  void primalAgreesWithHipparchusAndWithTaylorAtOrder0() {
    double primal = Chain100FloorBenchmark.primal(X, KINDS);
    assertRelative(
        Chain100FloorBenchmark.hipparchus(0), primal, Chain100FloorBenchmark.TOLERANCE, "primal");
    assertEquals(
        primal, Chain100FloorBenchmark.taylor(X, KINDS, 0, Chain100FloorBenchmark.scratch(0)));
  }

  @Test
  void taylorAtOrder1IsTheCentralDifferenceOfPrimal() {
    double h = 1e-6;
    double difference =
        (Chain100FloorBenchmark.primal(X + h, KINDS) - Chain100FloorBenchmark.primal(X - h, KINDS))
            / (2 * h);
    double taylor = Chain100FloorBenchmark.taylor(X, KINDS, 1, Chain100FloorBenchmark.scratch(1));
    assertRelative(difference, taylor, 1e-6, "taylor order 1 against a central difference");
  }

  @Test
  void taylor3UnrolledIsTaylorAtOrder3BitForBit() {
    double generic = Chain100FloorBenchmark.taylor(X, KINDS, 3, Chain100FloorBenchmark.scratch(3));
    double unrolled = Chain100FloorBenchmark.taylor3Unrolled(X, KINDS);
    assertEquals(Double.doubleToLongBits(generic), Double.doubleToLongBits(unrolled),
        "taylor3Unrolled " + unrolled + " vs taylor " + generic);
  }

  @Test
  void aScratchReusedAcrossCallsGivesTheSameValue() {
    double[] scratch = Chain100FloorBenchmark.scratch(4);
    double first = Chain100FloorBenchmark.taylor(X, KINDS, 4, scratch);
    Chain100FloorBenchmark.taylor(X + 0.1, KINDS, 4, scratch);
    assertEquals(first, Chain100FloorBenchmark.taylor(X, KINDS, 4, scratch));
  }
}

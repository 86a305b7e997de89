package io.github.tidu4j.bench.higher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Taylor mode ({@code HigherOrderBenchmark} mode {@code T}) against Hipparchus {@code
 * DerivativeStructure} to order 8 on both workloads: the trial setup builds the program, checks
 * that the three evaluation tiers agree bit for bit and that the derivative is within a relative
 * 1e-12 of Hipparchus's, and throws otherwise.
 */
class HigherOrderTaylorTest {

  private static HigherOrderBenchmark.Tidu taylor(String workload, int order) {
    HigherOrderBenchmark.Workload w = new HigherOrderBenchmark.Workload();
    w.workload = workload;
    w.order = order;
    w.setUp();
    HigherOrderBenchmark.Tidu t = new HigherOrderBenchmark.Tidu();
    t.mode = "T";
    t.setUp(w);
    double value = t.bytecode.evaluate(t.inputs)[0];
    double rel = Math.abs(value - w.hipparchusValue) / Math.abs(w.hipparchusValue);
    assertEquals(0, rel, 1e-12, workload + " order " + order + ": " + value + " vs Hipparchus "
        + w.hipparchusValue);
    return t;
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
  void chain100AgreesWithHipparchusToOrder8(int order) {
    taylor("Chain100", order);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
  void expAxAgreesWithHipparchusToOrder8(int order) {
    taylor("ExpAx", order);
  }
}

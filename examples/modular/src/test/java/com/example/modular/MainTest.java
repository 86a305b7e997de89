package com.example.modular;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The set's derivatives through the bytecode backend, checked from the test run. The build then
 * runs {@link Main} as a module on a plain module path (exec-maven-plugin, phase verify): that
 * run, with no test-framework flags such as {@code --add-reads}, is the proof that the runtime
 * works from a named module.
 */
class MainTest {

  @Test
  void forwardAndReverseDerivativesMatchTheClosedForms() {
    for (double x : new double[] {-2.5, 0, 0.7, 3}) {
      double y = 1.75;
      Main.Result r = Main.run(x, y);
      assertEquals(Math.sin(x) * y + Math.cos(x), r.value(), 1e-15, "f");
      assertEquals(Math.cos(x) * y - Math.sin(x), r.dfdx(), 1e-15, "forward ∂f/∂x");
      assertEquals(Math.cos(x) * y - Math.sin(x), r.gradX(), 1e-15, "reverse ∂f/∂x");
      assertEquals(Math.sin(x), r.gradY(), 1e-15, "reverse ∂f/∂y");
    }
  }
}

package io.github.tidu4j.bench.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WarmUpCurveTest {

  @Test
  void givesOnePositiveFigurePerSliceInEveryForm() {
    for (WarmUpCurve.Form form : WarmUpCurve.Form.values()) {
      double[] curve = WarmUpCurve.curve(30, form, 0.05, 10_000_000L);
      assertEquals(5, curve.length, form.name());
      for (double v : curve) {
        assertTrue(v > 0 && Double.isFinite(v), form + ": ns per op " + v);
      }
    }
  }

  @Test
  void namesItsArgumentsWhenTheyAreMissing() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> WarmUpCurve.main(new String[] {"1"}));
    assertTrue(e.getMessage().contains("<seconds> <slice ms> [joint|plain|exported] <n>"), e.getMessage());
  }
}

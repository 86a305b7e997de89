package io.github.tidu4j.ad.func;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.ValueRef;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a {@link ScalarBody} may do with the builder it is given. */
class ScalarBodyTest {
  private final ScalarAutodiff<RealOp> ad = ScalarAutodiff.of(RealOp.class);

  @Test
  void aBodyThatDeclaresItsOwnOutputIsToldToReturnIt() {
    ScalarFunction<RealOp> f =
        ad.function(
            1,
            (b, x) -> {
              ValueRef y = b.apply(RealOp.SIN, x.get(0));
              b.output(y);
              return List.of(y);
            });
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> f.applyAll(1.0));
    assertTrue(
        e.getMessage()
            .contains(
                "f declared 1 output(s) by calling output on its builder; a body returns its"
                    + " outputs (List.of(y)) and the function declares them"),
        e.getMessage());
  }

  @Test
  void aReferenceKeptFromAnotherFunctionsTraceIsRefused() {
    ValueRef[] kept = new ValueRef[1];
    ScalarFunction<RealOp> first =
        ad.function(
            2,
            (b, x) -> {
              kept[0] = x.get(1);
              return List.of(b.apply(RealOp.MUL, x.get(0), x.get(1)));
            });
    assertEquals(5.0, first.applyAll(1.0, 5.0)[0], 0);
    // the kept %1 is x1 of the first trace; in this one it would silently be 7 and give 14
    ScalarFunction<RealOp> second =
        ad.function(2, (b, x) -> List.of(b.apply(RealOp.MUL, x.get(0), kept[0])));
    GraphException e = assertThrows(GraphException.class, () -> second.applyAll(2.0, 7.0));
    assertTrue(e.getMessage().contains("operand 1 is %1 of another builder"), e.getMessage());
  }

  @Test
  void aBodyThatReturnsItsOutputComputesIt() {
    ScalarFunction<RealOp> f = ad.function(1, (b, x) -> List.of(b.apply(RealOp.SIN, x.get(0))));
    assertEquals(Math.sin(1.0), f.applyAll(1.0)[0], 0);
  }
}

package io.github.tidu4j.ad.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.ad.TestBuilders;
import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import org.junit.jupiter.api.Test;

class ArgTest {
  private static final PrimitiveBuilder<RealOp> PASS = TestBuilders.pass();

  @Test
  void aFixedOperandGivesItsValueAtEveryRead() {
    ValueRef x = new ValueRef.External(ValueKey.input("x"));
    Arg a = Arg.fixed(PASS, x);
    assertFalse(a.isLinear());
    assertSame(x, a.primal().value());
    assertSame(x, a.primal().value());
  }

  @Test
  void aLinearOperandHasNoValueToRead() {
    assertTrue(Arg.linear().isLinear());
    assertThrows(IllegalStateException.class, () -> Arg.linear().primal());
    assertEquals("Arg(linear)", Arg.linear().toString());
  }

  @Test
  void aFixedOperandIsNeverAbsent() {
    assertThrows(NullPointerException.class, () -> Arg.fixed(PASS, null));
  }
}

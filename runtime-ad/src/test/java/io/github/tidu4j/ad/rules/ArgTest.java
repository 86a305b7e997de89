package io.github.tidu4j.ad.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.ad.TestBuilders;
import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.ActiveMask;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.Arrays;
import java.util.List;
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

  @Test
  void anOperandOfALinearUseIsLinearWhereItsMaskIsActive() {
    ValueRef x = new ValueRef.External(ValueKey.input("x"));
    ValueRef y = new ValueRef.External(ValueKey.input("y"));
    List<ValueRef> inputs = Arrays.asList(x, null, y); // a transform gives active operands as null
    ActiveMask mask = ActiveMask.of(false, true, false);
    Arg first = Arg.of(PASS, inputs, mask, 0);
    assertFalse(first.isLinear());
    assertSame(x, first.primal().value());
    assertTrue(Arg.of(PASS, inputs, mask, 1).isLinear());
    assertThrows(IllegalStateException.class, () -> Arg.of(PASS, inputs, mask, 1).primal());
    assertSame(y, Arg.of(PASS, inputs, mask, 2).primal().value());
    // a fixed operand's value is read in its own pass only
    Primal kept = Arg.of(PASS, inputs, mask, 0).primal();
    assertThrows(IllegalArgumentException.class, () -> kept.valueIn(TestBuilders.pass()));
  }

  @Test
  void aFixedOperandOfALinearUseIsNeverAbsent() {
    List<ValueRef> inputs = Arrays.asList(null, null);
    assertThrows(
        NullPointerException.class,
        () -> Arg.of(PASS, inputs, ActiveMask.of(true, false), 1));
  }
}

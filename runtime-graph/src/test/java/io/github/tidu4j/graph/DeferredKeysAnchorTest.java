package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.tidu4j.graph.testing.ScalarOp;
import org.junit.jupiter.api.Test;

/**
 * A deferred node's anchor depends on its operands' keys only (I4): a keyed operand of an older
 * scope may be staged as a local value or by key, and the repeat is found either way. A second
 * order pass does both, reading a primal {@code cos(x)} of an earlier graph by key where a rule
 * also emits it locally.
 */
class DeferredKeysAnchorTest {
  private static final OperationRole PRIMARY = OperationRole.primary();

  @Test
  void aKeyedOperandStagedLocallyOrByKeyFindsTheSameDeferredNode() {
    KeyScope scope = KeyScope.openConfined();
    GraphBuilder<ScalarOp> b = Graph.builder(scope, 8);
    ValueRef.Local dx = b.input(new Object());
    ValueRef.External x = new ValueRef.External(ValueKey.input("anchor-test-x"));
    ValueRef.Local sinX = b.apply(ScalarOp.SIN, x); // on no pass value: keyed as it is added
    ValueKey sinKey = b.valueKey(sinX.id());

    int byKey = b.add(ScalarOp.MUL, PRIMARY, new ValueRef.External(sinKey), dx);
    int local = b.add(ScalarOp.MUL, PRIMARY, sinX, dx);
    assertEquals(byKey, local, "one structure, one value");

    Graph<ScalarOp> g = b.build();
    assertEquals(2, g.nodeCount());
    assertSame(g.valueKey(byKey), OperationKey.of(ScalarOp.MUL, java.util.List.of(sinKey,
        ValueKey.input(g.inputKeys().get(0))), PRIMARY));
  }
}

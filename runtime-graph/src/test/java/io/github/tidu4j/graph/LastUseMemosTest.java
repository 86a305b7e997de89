package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The two last-use memos of an operation key (I2): a graph builder's key of the global table made
 * on {@code x} goes to {@code x}'s first memo, a transform's pass's (a rule's {@code cos(x)}) to
 * the second, and a hit leaves both in place, so a graph rebuilt and differentiated again finds
 * each in the memo its builder looks at first.
 */
class LastUseMemosTest {
  private static final OperationRole PRIMARY = OperationRole.primary();

  /** Builds y·sin(a) with a plain builder; returns the key of the product. */
  private static OperationKey buildPrimal() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.apply(ScalarOp.SIN, b.input("memos-a"));
    ValueRef.Local product = b.apply(ScalarOp.MUL, x, b.input("memos-y"));
    OperationKey key = (OperationKey) b.valueKey(product.id());
    b.output(product).build();
    return key;
  }

  /** Emits cos(x) as a transform's pass does, on its own confined scope; returns its key. */
  private static OperationKey emitInPass(ValueKey x) {
    GraphBuilder<ScalarOp> pass = Graph.builder(KeyScope.openConfined());
    ValueRef.Local cos = pass.apply(ScalarOp.COS, new ValueRef.External(x));
    OperationKey key = (OperationKey) pass.valueKey(cos.id());
    pass.output(cos).build();
    return key;
  }

  @Test
  void aPassKeepsItsKeyInTheSecondMemoAndLeavesTheBuildersInTheFirst() {
    OperationKey x = OperationKey.of(ScalarOp.SIN, List.of(ValueKey.input("memos-a")), PRIMARY);
    OperationKey product = buildPrimal();
    assertSame(product, CanonicalKey.of(x).lastUse, "the builder's key, in the first memo");
    OperationKey cos = emitInPass(x);
    assertSame(product, CanonicalKey.of(x).lastUse, "the builder's key stays first");
    assertSame(cos, x.nextUse(), "the pass's key, in the second memo");

    // built and differentiated again: each finds its key where it looks first, and moves nothing
    assertSame(product, buildPrimal());
    assertSame(cos, emitInPass(x));
    assertSame(product, CanonicalKey.of(x).lastUse);
    assertSame(cos, x.nextUse());
  }

  @Test
  void aBuildersNewKeyMovesTheFirstMemoToTheSecond() {
    OperationKey x = OperationKey.of(ScalarOp.SIN, List.of(ValueKey.input("memos-b")), PRIMARY);
    OperationKey cos = OperationKey.of(ScalarOp.COS, List.of(x), PRIMARY);
    OperationKey neg = OperationKey.of(ScalarOp.NEG, List.of(x), PRIMARY);
    assertSame(neg, CanonicalKey.of(x).lastUse);
    assertSame(cos, x.nextUse(), "the one before");
    assertSame(cos, OperationKey.of(ScalarOp.COS, List.of(x), PRIMARY), "found in the second");
    assertSame(neg, CanonicalKey.of(x).lastUse, "a hit swaps nothing");
  }
}

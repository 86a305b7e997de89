package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A graph keeps its value keys and its external keys in chunks of {@link Chunks#SIZE} (see {@link
 * Chunks}): graphs with more of either than a chunk holds read every key back, whether it was made
 * as its node was added or, deferred by a transform's builder, made when first asked for.
 */
class GraphKeyTablesTest {
  private static final int N = 2 * Chunks.SIZE + 11; // values and externals over three chunks

  @Test
  void aGraphOfMoreValuesAndExternalsThanAChunkReadsEveryKeyBack() {
    GraphBuilder<ScalarOp> pb = Graph.builder();
    ValueRef.Local x = pb.input("chunks-x");
    ValueRef.Local v = x;
    List<ValueKey> primalKeys = new ArrayList<>();
    for (int i = 0; i < N; i++) {
      v = pb.apply(ScalarOp.SIN, v);
      primalKeys.add(pb.valueKey(v.id()));
    }
    Graph<ScalarOp> primal = pb.output(v).build();
    for (int i = 0; i < N; i++) {
      assertSame(primalKeys.get(i), primal.valueKey(i + 1), "value " + (i + 1));
    }

    // a graph reading each of the primal's values by key: one external each, over three chunks
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local y = b.input("chunks-y");
    List<ValueKey> sums = new ArrayList<>();
    for (int i = 0; i < N; i++) {
      ValueRef.Local s = b.apply(ScalarOp.ADD, ValueRef.external(primalKeys.get(i)), y);
      sums.add(b.valueKey(s.id()));
    }
    Graph<ScalarOp> g = b.parent(primal).output(new ValueRef.Local(N)).build();
    assertEquals(N, g.externalCount());
    assertEquals(N + 1, g.valueCount());
    for (int i = 0; i < N; i++) {
      assertSame(primalKeys.get(i), g.external(i), "external " + i);
      assertSame(primalKeys.get(i), g.operandKey(i, 0), "operand 0 of node " + i);
      assertEquals(new ValueRef.External(primalKeys.get(i)), g.operand(i, 0));
      assertSame(sums.get(i), g.valueKey(i + 1), "value " + (i + 1));
      assertSame(sums.get(i), g.operationKey(i).output(0));
    }
    assertSame(sums.get(N - 1), g.outputKey(0));
  }

  @Test
  void keysDeferredOverSeveralChunksAreMadeCanonicalWhenFirstAskedFor() {
    KeyScope scope = KeyScope.openConfined();
    GraphBuilder<ScalarOp> b = Graph.builder(scope, 16);
    ValueRef.Local t = b.input("chunks-t");
    ValueRef.Local v = t;
    for (int i = 0; i < N; i++) {
      v = b.apply(ScalarOp.NEG, v);
    }
    Graph<ScalarOp> g = b.output(v).build();
    assertNull(g.knownKey(N), "a pass's keys wait until one is asked for");
    ValueKey last = g.valueKey(N); // makes them all, in node order
    for (int node = 0; node < N; node++) {
      ValueKey operand = g.operandKey(node, 0);
      OperationKey expected =
          OperationKey.of(g.operation(node), new ValueKey[] {operand}, g.role(node));
      assertSame(expected.output(0), g.valueKey(node + 1), "value " + (node + 1));
    }
    assertSame(last, g.outputKey(0));
  }
}

package io.github.tidu4j.graph.bytecode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.testing.ScalarOp;
import org.junit.jupiter.api.Test;

class ProgramStructureTest {
  private static final int LENGTH = 2 * ProgramStructure.CHUNK + 7;

  /**
   * A chain of {@link #LENGTH} unary operations over input {@code inputKey}: sines, with {@code
   * changed} at {@code at} (or none where {@code at} is -1).
   */
  private static CompiledProgram<ScalarOp> chain(Object inputKey, int at, ScalarOp changed) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local v = b.input(inputKey);
    for (int i = 0; i < LENGTH; i++) {
      v = b.apply(i == at ? changed : ScalarOp.SIN, v);
    }
    return Graphs.compile(Graphs.materialize(b.output(v).build()));
  }

  @Test
  void programsOverOtherInputKeysHaveOneStructureAcrossChunks() {
    ProgramStructure x = new ProgramStructure(chain("x", -1, null));
    ProgramStructure y = new ProgramStructure(chain("y", -1, null));
    assertEquals(3, x.operationChunks(), "65,536 operations a chunk, the last holding 7");
    assertEquals(x, y);
    assertEquals(x.hashCode(), y.hashCode());
  }

  @Test
  void anOperationChangedInALaterChunkIsAnotherStructure() {
    ProgramStructure sines = new ProgramStructure(chain("x", -1, null));
    for (int at : new int[] {0, ProgramStructure.CHUNK - 1, ProgramStructure.CHUNK, LENGTH - 1}) {
      ProgramStructure changed = new ProgramStructure(chain("x", at, ScalarOp.COS));
      assertNotEquals(sines, changed, "a cosine at " + at);
      assertNotEquals(changed, sines, "a cosine at " + at);
    }
  }
}

package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ProgramShape}, the key of the compilation and bytecode caches: equal for programs that
 * differ only in their input keys, different for a different operation anywhere in the program's
 * chunked operation table, and never equal between the two forms.
 */
class ProgramShapeTest {
  /** Operations over two full chunks of the operation table and into a third. */
  private static final int LENGTH = 2 * Chunks.SIZE + 7;

  /**
   * A chain of {@link #LENGTH} unary operations over input {@code inputKey}: sines, with {@code
   * changed} at {@code at} (or none where {@code at} is -1).
   */
  private static MaterializedGraph<ScalarOp> chain(Object inputKey, int at, ScalarOp changed) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local v = b.input(inputKey);
    for (int i = 0; i < LENGTH; i++) {
      v = b.apply(i == at ? changed : ScalarOp.SIN, v);
    }
    return Graphs.materialize(b.output(v).build());
  }

  @Test
  void programsOverOtherInputKeysHaveOneShapeAcrossChunks() {
    CompiledProgram<ScalarOp> x = Graphs.compile(chain("x", -1, null));
    CompiledProgram<ScalarOp> y = Graphs.compile(chain("y", -1, null));
    assertEquals(x.shape(), y.shape());
    assertEquals(x.shape().hashCode(), y.shape().hashCode());
    assertEquals(x.shape(), x.withInputKeys(List.of("z")).shape());
    assertEquals(ProgramShape.of(chain("x", -1, null)), ProgramShape.of(chain("y", -1, null)));
  }

  @Test
  void anOperationChangedInALaterChunkIsAnotherShape() {
    MaterializedGraph<ScalarOp> sines = chain("x", -1, null);
    ProgramShape compiled = Graphs.compile(sines).shape();
    ProgramShape materialized = ProgramShape.of(sines);
    for (int at : new int[] {0, Chunks.SIZE - 1, Chunks.SIZE, LENGTH - 1}) {
      MaterializedGraph<ScalarOp> m = chain("x", at, ScalarOp.COS);
      ProgramShape changed = Graphs.compile(m).shape();
      assertNotEquals(compiled, changed, "a cosine at " + at);
      assertNotEquals(changed, compiled, "a cosine at " + at);
      assertNotEquals(materialized, ProgramShape.of(m), "a cosine at " + at);
    }
  }

  @Test
  void aCompiledShapeIsNeverAMaterializedOne() {
    MaterializedGraph<ScalarOp> m = chain("x", -1, null);
    ProgramShape compiled = Graphs.compile(m).shape();
    assertNotEquals(compiled, ProgramShape.of(m));
    assertNotEquals(ProgramShape.of(m), compiled);
    assertTrue(compiled.toString().startsWith("compiled program of " + LENGTH + " operations"));
  }

  @Test
  void otherWiringOverTheSameOperationsIsAnotherShape() {
    assertNotEquals(expTimes(true).shape(), expTimes(false).shape());
    assertEquals(expTimes(true).shape(), expTimes(true).shape());
  }

  /** x · exp(y), with exp(y) as the first operand if {@code expFirst}: one Exp, one Mul. */
  private static CompiledProgram<ScalarOp> expTimes(boolean expFirst) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local e = b.apply(ScalarOp.EXP, b.input("y"));
    ValueRef.Local product = expFirst ? b.apply(ScalarOp.MUL, e, x) : b.apply(ScalarOp.MUL, x, e);
    return Graphs.compile(Graphs.materialize(b.output(product).build()));
  }

  @Test
  void javadocExamples() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local a = b.input("x");
    ValueRef.Local c = b.input("y");
    CompiledProgram<ScalarOp> p =
        Graphs.compile(Graphs.materialize(b.output(b.apply(ScalarOp.MUL, a, c)).build()));
    CompiledProgram<ScalarOp> q = p.withInputKeys(List.of("u", "v"));
    assertTrue(sameCodeAsRenamed(p));
    boolean sameCode = p.shape().equals(q.shape()); // p, q: compiled programs
    assertTrue(sameCode);
  }

  /** {@link CompiledProgram#shape()}'s example. */
  private static boolean sameCodeAsRenamed(CompiledProgram<ScalarOp> p) {
    boolean sameCode = p.shape().equals(p.withInputKeys(List.of("a", "b")).shape());
    return sameCode;
  }
}

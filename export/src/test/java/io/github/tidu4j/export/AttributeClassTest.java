package io.github.tidu4j.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.JavaFile;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Attribute values exported code can and cannot rebuild. */
class AttributeClassTest {
  @TempDir Path dir;

  private static CompiledProgram<Odd.Op> oneOperation(Odd.Op op) {
    GraphBuilder<Odd.Op> b = Graph.builder();
    return Graphs.compile(Graphs.materialize(b.output(b.apply(op, b.input("x"))).build()));
  }

  private static String failure(Class<?> owner, String name, Odd.Op op) {
    return assertThrows(
            GraphException.class,
            () -> SourceExport.of(Odd.kernels(owner, name)).export(oneOperation(op), "p", "C"))
        .getMessage();
  }

  @Test
  void aListAttributeFailsNamingPrimitiveAndAttribute() {
    String message = failure(Odd.Listed.class, "Listed", new Odd.ListedOp(List.of(1, 2)));
    assertTrue(
        message.startsWith(
            "Listed: attribute sizes (java.util.List) is a java.util.ImmutableCollections$List12;"),
        message);
    assertTrue(message.contains("public records"), message);
  }

  @Test
  void aRecordExportedCodeCannotSeeFailsSayingSo() {
    String message = failure(Odd.Hiding.class, "Hiding", new Odd.HidingOp(new Hidden(2)));
    assertEquals(
        "Hiding: attribute hidden (io.github.tidu4j.export.Hidden) is a record that is not"
            + " public (nor every class enclosing it), so exported code cannot build it;"
            + " exported attributes are primitives, boxed primitives, Strings, enum constants,"
            + " arrays of them and public records of them, none null",
        message);
  }

  @Test
  void aNullInsideAnArrayFailsNamingTheAttribute() {
    Odd.Factor[][] nested = {{new Odd.Factor(1), null}};
    String message = failure(Odd.Nesting.class, "Nesting", new Odd.NestingOp(nested));
    assertTrue(
        message.startsWith(
            "Nesting: attribute nested (io.github.tidu4j.export.Odd$Factor) holds null"),
        message);
  }

  @Test
  void recordsInNestedArraysAreRebuilt() throws Exception {
    Odd.Factor[][] nested = {{new Odd.Factor(1), new Odd.Factor(-2.5)}, {}};
    CompiledProgram<Odd.Op> p = oneOperation(new Odd.NestingOp(nested));
    JavaFile file = SourceExport.of(Odd.kernels(Odd.Nesting.class, "Nesting")).export(p, "p", "C");
    assertTrue(
        file.toString()
            .contains(
                "private static final Object NESTED = new Odd.Factor[][] {new Odd.Factor[] {new"
                    + " Odd.Factor(1.0), new Odd.Factor(-2.5)}, new Odd.Factor[] {}};"),
        file.toString());
    double[] out =
        (double[])
            InProcessJavac.compileAndLoad(file, dir, getClass().getClassLoader())
                .getMethod("evaluate", double[].class)
                .invoke(null, (Object) new double[] {0.5});
    double expected = (Double) Interpreter.evalPositional(p, List.of(0.5)).get(0);
    assertArrayEquals(new double[] {expected}, out);
  }
}

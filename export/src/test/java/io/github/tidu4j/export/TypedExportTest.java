package io.github.tidu4j.export;

import static io.github.tidu4j.export.Kinds.kind;
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
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.bytecode.ExportFixtures;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An exported class checks the values bound to a program's typed inputs, as the runtime's
 * evaluators do, reading their types with the exporter's type reader; a typed program is not
 * exported without one.
 */
class TypedExportTest {
  @TempDir Path dir;

  /** {@code sin(x) · a} with {@code a} untyped and {@code x} whole. */
  private static CompiledProgram<ScalarOp> typed() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local a = b.input("a");
    ValueRef.Local x = b.input("x", kind("whole"));
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.MUL, b.apply(ScalarOp.SIN, x), a)).build();
    return Graphs.compile(Graphs.materialize(g));
  }

  @Test
  void aTypedProgramIsNotExportedWithoutATypeReader() {
    GraphException e =
        assertThrows(
            GraphException.class,
            () -> SourceExport.of(ExportFixtures.SCALAR).export(typed(), "com.example", "Typed"));
    assertEquals(
        "input x is declared whole, and an exported class checks the values bound to typed inputs"
            + " only with a reader of a value's type: give the exporter one"
            + " (SourceExport.withTypeReader, e.g. the set's domain constant), or export a program"
            + " compiled from untyped inputs",
        e.getMessage());
  }

  @Test
  void theExportedClassRefusesAValueOfAnotherTypeNamingTheInput() throws Exception {
    CompiledProgram<ScalarOp> p = typed();
    JavaFile file =
        SourceExport.of(ExportFixtures.SCALAR)
            .withTypeReader(Kinds.class, "READER")
            .export(p, "com.example", "Typed");
    assertTrue(file.toString().contains("checkType(\"x\", \"whole\", inputs[1]);"), file.toString());
    Method evaluate =
        InProcessJavac.compileAndLoad(file, dir, getClass().getClassLoader())
            .getMethod("evaluate", double[].class);
    double[] in = {0.5, 3.0};
    assertArrayEquals(
        new double[] {Interpreter.<Double>evalPositional(p, List.of(0.5, 3.0)).get(0)},
        (double[]) evaluate.invoke(null, (Object) in));
    InvocationTargetException e =
        assertThrows(
            InvocationTargetException.class,
            () -> evaluate.invoke(null, (Object) new double[] {3.0, 0.5}));
    assertEquals(IllegalArgumentException.class, e.getCause().getClass());
    assertEquals("input x is fractional, but the program takes whole", e.getCause().getMessage());
  }

  @Test
  void aTypeReaderMustBeAPublicStaticFieldWithATypeOfMethod() {
    SourceExport<ScalarOp> export = SourceExport.of(ExportFixtures.SCALAR);
    assertEquals(
        "io.github.tidu4j.export.Kinds has no public field NONE to read values' types with",
        assertThrows(
                IllegalArgumentException.class, () -> export.withTypeReader(Kinds.class, "NONE"))
            .getMessage());
    assertEquals(
        "io.github.tidu4j.export.Kinds.instanceReader is not static, so an exported class cannot"
            + " read it",
        assertThrows(
                IllegalArgumentException.class,
                () -> export.withTypeReader(Kinds.class, "instanceReader"))
            .getMessage());
    assertEquals(
        "java.lang.Math.PI (a double) has no public method typeOf taking a java.lang.Double to read"
            + " a value's type with",
        assertThrows(IllegalArgumentException.class, () -> export.withTypeReader(Math.class, "PI"))
            .getMessage());
  }
}

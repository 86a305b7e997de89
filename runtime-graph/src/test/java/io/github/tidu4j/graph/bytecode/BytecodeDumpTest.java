package io.github.tidu4j.graph.bytecode;

import static io.github.tidu4j.graph.bytecode.Fixtures.DEFAULTS;
import static io.github.tidu4j.graph.bytecode.Fixtures.SCALAR;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarKernels;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BytecodeDumpTest {

  private static final byte[] MAGIC = {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE};

  private static void assertClassFile(Path file) throws IOException {
    assertTrue(Files.isRegularFile(file), file + " exists");
    byte[] bytes = Files.readAllBytes(file);
    assertArrayEquals(MAGIC, Arrays.copyOf(bytes, 4), "starts with 0xCAFEBABE");
  }

  @Test
  void theDumpDirectoryGetsAClassFileJavapReads(@TempDir Path dir) throws IOException {
    // one class: too small to be cut for definition in parallel (ClassDefiner)
    CompiledProgram<ScalarOp> p = Fixtures.randDag(1_000, 5);
    assertTrue(p.instructionCount() < 2 * ClassDefiner.INSTRUCTIONS_PER_CLASS);
    BytecodeProgram<ScalarOp> b =
        BytecodeCompiler.compileUncached(p, SCALAR, DEFAULTS.withDumpDirectory(dir.resolve("out")));
    Path file = b.dumpFile().orElseThrow();
    assertEquals(dir.resolve("out"), file.getParent());
    assertClassFile(file);
    assertArrayEquals(b.classBytes(), Files.readAllBytes(file));

    Optional<ToolProvider> javap = ToolProvider.findFirst("javap");
    assumeTrue(javap.isPresent(), "javap is part of the JDK");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int status =
        javap.get().run(new PrintWriter(out), new PrintWriter(err), "-c", "-p", file.toString());
    assertEquals(0, status, err.toString());
    String text = out.toString();
    assertTrue(text.contains("implements io.github.tidu4j.graph.bytecode.ProgramBody"), text);
    assertTrue(text.contains("Method io/github/tidu4j/graph/testing/ScalarKernels.sin:(D)D"), text);
    assertTrue(text.contains("private static void s0("), "methods named by their first position");
  }

  @Test
  void everyClassOfAProgramCutIntoSeveralIsDumped(@TempDir Path dir) throws IOException {
    CompiledProgram<ScalarOp> p = Fixtures.randDag(3_000, 5);
    // a small constant pool limit cuts this small program into several classes
    GeneratedClass code =
        GeneratedClass.define(p, SCALAR, Fixtures.TINY_METHODS.withDumpDirectory(dir), 500);
    BytecodeProgram<ScalarOp> b = new BytecodeProgram<>(p, SCALAR, code);
    assertTrue(b.classCount() >= 2, "classes: " + b.classCount());
    String first = b.dumpFile().orElseThrow().getFileName().toString();
    List<byte[]> files = b.classFiles();
    for (int c = 0; c < files.size(); c++) {
      String name = c == 0 ? first : first.replace(".class", "_" + (c + 1) + ".class");
      assertArrayEquals(files.get(c), Files.readAllBytes(dir.resolve(name)), name);
    }
    try (var list = Files.list(dir)) {
      assertEquals(files.size(), list.count());
    }
  }

  @Test
  void theSystemPropertyNamesTheDumpDirectory(@TempDir Path dir) throws IOException {
    String before = System.getProperty(BytecodeOptions.DUMP_PROPERTY);
    System.setProperty(BytecodeOptions.DUMP_PROPERTY, dir.toString());
    try {
      BytecodeCompiler<ScalarOp> compiler = new BytecodeCompiler<>(SCALAR);
      assertEquals(dir, compiler.options().dumpDirectory());
      BytecodeProgram<ScalarOp> b = compiler.compile(Fixtures.randDag(100, 1));
      assertClassFile(b.dumpFile().orElseThrow());
      try (var files = Files.list(dir)) {
        assertEquals(1, files.count());
      }
    } finally {
      if (before == null) {
        System.clearProperty(BytecodeOptions.DUMP_PROPERTY);
      } else {
        System.setProperty(BytecodeOptions.DUMP_PROPERTY, before);
      }
    }
    assertFalse(BytecodeCompiler.compileUncached(Fixtures.randDag(10, 1), SCALAR, DEFAULTS)
        .dumpFile().isPresent());
  }

  @Test
  void textifyShowsDirectCallsAndNoBoxing() {
    BytecodeProgram<ScalarOp> b =
        BytecodeCompiler.compileUncached(Fixtures.randDag(50, 2), SCALAR, DEFAULTS);
    String text = b.textify();
    assertTrue(text.contains("INVOKESTATIC io/github/tidu4j/graph/testing/ScalarKernels.sin (D)D"),
        text);
    assertTrue(text.contains("DADD"), "add, computed in place: " + text);
    assertFalse(text.contains("ScalarKernels.add"), "add is not called: " + text);
    assertTrue(text.contains("DLOAD"), text);
    assertFalse(text.contains("java/lang/Double"), "no boxing: " + text);
    assertFalse(text.contains("INVOKEINTERFACE"), "no dispatch: " + text);
  }

  @Test
  void aLookupPutsGeneratedClassesInItsPackage() {
    KernelSet<ScalarOp> there = SCALAR.withLookup(ScalarKernels.lookup());
    CompiledProgram<ScalarOp> p = Fixtures.randDag(200, 9);
    BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, there, DEFAULTS);
    assertEquals("io.github.tidu4j.graph.testing", b.generatedClass().getPackageName());
    assertTrue(b.generatedClass().isHidden());
    assertEquals(
        RandDag.generate(200, 9).evaluate(RandDag.INPUT_VALUES),
        b.evaluate(Fixtures.randDagInputs(p, RandDag.INPUT_VALUES))[0],
        0.0);
    assertEquals(
        "io.github.tidu4j.graph.bytecode",
        BytecodeCompiler.compileUncached(p, SCALAR, DEFAULTS).generatedClass().getPackageName());
  }
}

package io.github.tidu4j.graph.bytecode;

import static io.github.tidu4j.graph.bytecode.Fixtures.AFFINE;
import static io.github.tidu4j.graph.bytecode.Fixtures.DEFAULTS;
import static io.github.tidu4j.graph.bytecode.Fixtures.SCALAR;
import static io.github.tidu4j.graph.bytecode.Fixtures.assertBitIdentical;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.CommonPool;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.testing.AffineOp;
import io.github.tidu4j.graph.testing.Concurrently;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A program cut into classes for definition in parallel, and the definer that defines them. */
class ClassDefinerTest {
  private static final double[] IN = {0.3, -1.1, 2.0, 0.7};

  /** Runs nothing it is given: every class is left to the generating thread. */
  private static final Executor NEVER = task -> {};

  @ParameterizedTest(name = "{0} classes wanted")
  @ValueSource(ints = {1, 2, 3, 4, 7})
  void aProgramCutForParallelDefinitionComputesWhatOneClassDoes(int wanted) throws Exception {
    CompiledProgram<ScalarOp> p = Fixtures.randDag(3_000, 7);
    double[] in = Fixtures.randDagInputs(p, IN);
    List<Object> expected = Interpreter.evalPositional(p, Arrays.stream(in).boxed().toList());
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      for (Executor helper : new Executor[] {pool, NEVER, Runnable::run, null}) {
        GeneratedClass code =
            GeneratedClass.define(p, SCALAR, DEFAULTS, ClassGenerator.POOL_LIMIT, wanted, helper);
        BytecodeProgram<ScalarOp> b = new BytecodeProgram<>(p, SCALAR, code);
        assertEquals(wanted, b.classCount(), "one class per part wanted: " + b);
        assertBitIdentical(expected, b.evaluate(in), wanted + " classes, " + b);
        assertEquals(
            wanted > 1,
            b.textify().contains("implements io/github/tidu4j/graph/bytecode/ProgramPart"),
            "parts, not one body: " + b);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * A helper queued behind busy workers (a common pool whose workers a server's blocking tasks
   * hold) starts late or never: once the definition is finished it keeps nothing of it, neither
   * the class files nor the classes, and does nothing when it starts.
   */
  @Test
  void aHelperThatNeverStartsKeepsNothingOfAFinishedDefinition() {
    List<Runnable> queued = new ArrayList<>();
    List<byte[]> defined = new ArrayList<>();
    ClassDefiner definer =
        new ClassDefiner(
            (file, data) -> {
              defined.add(file);
              return new Object();
            },
            queued::add);
    byte[] file = new byte[1 << 20];
    java.lang.ref.WeakReference<byte[]> held = new java.lang.ref.WeakReference<>(file);
    definer.accept(file, List.of());
    definer.accept(new byte[16], List.of());
    assertEquals(2, definer.finish().size());
    assertEquals(1, queued.size(), "one helper queued, never run");
    assertEquals(2, defined.size(), "the generating thread defined both");
    file = null;
    definer = null;
    defined.clear();
    for (int attempt = 0; attempt < 10 && held.get() != null; attempt++) {
      System.gc();
    }
    assertTrue(held.get() == null, "the queued helper keeps the class file");
    queued.forEach(Runnable::run);
    assertEquals(0, defined.size(), "a helper starting late defines nothing again");
  }

  @Test
  void theClassesAreCutAtAboutEqualShares() {
    CompiledProgram<ScalarOp> p = Fixtures.randDag(4_000, 3);
    String name = "io/github/tidu4j/graph/testing/TiduProgram";
    ClassGenerator.Result r =
        ClassGenerator.generate(p, SCALAR, DEFAULTS, name, ClassGenerator.POOL_LIMIT, 4, null);
    assertEquals(4, r.classFiles().size());
    assertTrue(r.parted());
    int total = r.classFiles().stream().mapToInt(f -> f.length).sum();
    for (byte[] f : r.classFiles()) {
      // shares of the positions, cut at the first step boundary after each quarter
      assertTrue(f.length > total / 8 && f.length < total / 2, f.length + " of " + total);
    }
  }

  @Test
  void aClassIsCutBeforeItsConstantsFillItsPool() {
    // a chain of polar points by distinct radii: a receiver constant per instruction (a kernel
    // with two results is called); one class wanted, so only the pool's room cuts the program (a
    // pool limit of 2,000 and steps of 256 bytes stand for 65,000 and 8,000)
    int poolLimit = 2_000;
    BytecodeOptions small = DEFAULTS.withMethodBytes(256);
    GraphBuilder<AffineOp> b = Graph.builder();
    ValueRef.Local v = b.input("x");
    for (int i = 0; i < 5_000; i++) {
      v = b.applyMulti(new AffineOp.PolarOp(1 + i * 1e-6), v).get(i % 2);
    }
    CompiledProgram<AffineOp> p = Graphs.compile(Graphs.materialize(b.output(v).build()));
    for (BytecodeOptions options : List.of(small, small.withConstantLimit(100))) {
      ClassGenerator.Result r =
          ClassGenerator.generate(
              p, AFFINE, options, "io/github/tidu4j/graph/testing/TiduProgram", poolLimit, 1, null);
      // with a constant limit, the receivers past it share one array constant: the classes are
      // cut by their methods alone
      assertEquals(options == small ? 8 : 2, r.classFiles().size(), "classes");
      assertPoolsWithin(r, poolLimit);
    }
    GeneratedClass code = GeneratedClass.define(p, AFFINE, small, poolLimit, 1, null);
    assertBitIdentical(
        Interpreter.evalPositional(p, List.of(0.7)),
        new BytecodeProgram<>(p, AFFINE, code).evaluate(0.7),
        "a chain cut by its constants");
  }

  @Test
  void aClassIsCutBeforeItsAttributeConstantsFillItsPool() {
    // a chain of scales by distinct factors, computed in place: a double constant (two pool
    // entries) per instruction, whatever the constant limit
    int poolLimit = 2_000;
    BytecodeOptions small = DEFAULTS.withMethodBytes(256);
    GraphBuilder<AffineOp> b = Graph.builder();
    ValueRef.Local v = b.input("x");
    for (int i = 0; i < 5_000; i++) {
      v = b.apply(new AffineOp.ScaleOp(1 + i * 1e-6), v);
    }
    CompiledProgram<AffineOp> p = Graphs.compile(Graphs.materialize(b.output(v).build()));
    for (BytecodeOptions options : List.of(small, small.withConstantLimit(100))) {
      ClassGenerator.Result r =
          ClassGenerator.generate(
              p, AFFINE, options, "io/github/tidu4j/graph/testing/TiduProgram", poolLimit, 1, null);
      assertTrue(r.classFiles().size() >= 5, "classes: " + r.classFiles().size());
      assertPoolsWithin(r, poolLimit);
    }
    GeneratedClass code = GeneratedClass.define(p, AFFINE, small, poolLimit, 1, null);
    assertBitIdentical(
        Interpreter.evalPositional(p, List.of(0.7)),
        new BytecodeProgram<>(p, AFFINE, code).evaluate(0.7),
        "a chain cut by its attributes");
  }

  private static void assertPoolsWithin(ClassGenerator.Result r, int poolLimit) {
    for (byte[] f : r.classFiles()) {
      int poolCount = ((f[8] & 0xff) << 8) | (f[9] & 0xff); // constant_pool_count, after magic
      assertTrue(poolCount <= poolLimit, poolCount + " constant pool entries");
    }
  }

  @Test
  void theClassFilesAreGeneratedAgainIdentically() {
    CompiledProgram<AffineOp> p = RandomPrograms.generate(11, 3, 6_000, 5, affineOps());
    ExecutorService pool = Executors.newSingleThreadExecutor();
    GeneratedClass code;
    try {
      code = GeneratedClass.define(p, AFFINE, DEFAULTS, ClassGenerator.POOL_LIMIT, 3, pool);
    } finally {
      pool.shutdownNow();
    }
    List<byte[]> again = code.classFiles(p, AFFINE);
    List<byte[]> generated =
        ClassGenerator.generate(p, AFFINE, DEFAULTS, code.name(), ClassGenerator.POOL_LIMIT, 3, null)
            .classFiles();
    assertEquals(3, code.classCount());
    assertEquals(3, again.size());
    for (int c = 0; c < again.size(); c++) {
      assertArrayEquals(generated.get(c), again.get(c), "class " + c);
    }
    assertEquals(again.stream().mapToInt(f -> f.length).sum(), code.classFileSize());
    assertBitIdentical(
        Interpreter.evalPositional(p, List.of(0.3, -1.1, 2.0)),
        new BytecodeProgram<>(p, AFFINE, code).evaluate(0.3, -1.1, 2.0),
        "attributes as class data, in three classes");
  }

  @Test
  void theDocumentedUseDefinesEveryClassInProgramOrder() {
    CompiledProgram<ScalarOp> program = Fixtures.randDag(3_000, 2);
    KernelSet<ScalarOp> kernels = SCALAR;
    MethodHandles.Lookup lookup = kernels.lookup();
    BytecodeOptions options = DEFAULTS;
    String name = lookup.lookupClass().getPackageName().replace('.', '/') + "/TiduProgram";
    int poolLimit = ClassGenerator.POOL_LIMIT;
    int classes = 3;
    ClassDefiner definer = new ClassDefiner(program, lookup, ClassDefiner.helper());
    ClassGenerator.generate(program, kernels, options, name, poolLimit, classes, definer);
    List<Object> instances = definer.finish(); // one per class, in program order
    assertEquals(3, instances.size());
    for (Object instance : instances) {
      assertTrue(instance instanceof ProgramPart, String.valueOf(instance));
    }
    // run in that order, they compute the program
    double[] in = Fixtures.randDagInputs(program, IN);
    List<ProgramPart> parts = instances.stream().map(ProgramPart.class::cast).toList();
    GeneratedClass code =
        GeneratedClass.define(program, kernels, options, poolLimit, classes, null);
    double[] out = new double[program.outputCount()];
    new PartedBody(parts, double.class, code.frameSize()).run(in, out);
    assertBitIdentical(
        Interpreter.evalPositional(program, Arrays.stream(in).boxed().toList()), out, "parts");
  }

  @Test
  void classesArriveInProgramOrderAndComeBackInIt() throws Exception {
    CompiledProgram<ScalarOp> p = Fixtures.randDag(2_000, 5);
    String name = SCALAR.lookup().lookupClass().getPackageName().replace('.', '/') + "/TiduProgram";
    List<Runnable> queued = new ArrayList<>();
    ClassDefiner definer = new ClassDefiner(p, SCALAR.lookup(), queued::add);
    List<byte[]> seen = new ArrayList<>();
    ClassSink sink = (file, data) -> {
      seen.add(file);
      definer.accept(file, data);
    };
    ClassGenerator.Result r =
        ClassGenerator.generate(p, SCALAR, DEFAULTS, name, ClassGenerator.POOL_LIMIT, 3, sink);
    assertEquals(r.classFiles(), seen, "each class handed over as written, in order");
    assertEquals(1, queued.size(), "one helper task while it has not run");
    // the helper runs late, after the generating thread took a class: each is defined once
    Thread late = new Thread(queued.get(0));
    List<Object> instances = definer.finish();
    late.start();
    late.join();
    assertEquals(3, instances.size());
    for (int c = 0; c < 3; c++) {
      assertTrue(instances.get(c) instanceof ProgramPart, "class " + c);
      for (int d = 0; d < c; d++) {
        assertFalse(instances.get(c).getClass() == instances.get(d).getClass());
      }
    }
  }

  @Test
  @Timeout(20)
  void aClassThatDoesNotLoadFailsTheProgramWhicheverThreadDefinedIt() throws Exception {
    CompiledProgram<ScalarOp> p = Fixtures.randDag(100, 1);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      for (Executor helper : new Executor[] {pool, NEVER, Runnable::run, null}) {
        ClassDefiner definer = new ClassDefiner(p, SCALAR.lookup(), helper);
        definer.accept(new byte[] {(byte) 0xCA, (byte) 0xFE, 0, 0}, List.of());
        IllegalStateException e = assertThrows(IllegalStateException.class, definer::finish);
        assertTrue(e.getMessage().contains("does not load"), e.getMessage());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  @Timeout(20)
  void finishWaitsForTheClassAHelperIsDefining() throws Exception {
    CountDownLatch helperDefining = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    List<String> definedBy = new ArrayList<>();
    Thread caller = Thread.currentThread();
    ClassDefiner definer =
        new ClassDefiner(
            (file, data) -> {
              if (Thread.currentThread() != caller) { // the helper, held while it defines
                helperDefining.countDown();
                try {
                  release.await();
                } catch (InterruptedException e) {
                  throw new IllegalStateException(e);
                }
              }
              synchronized (definedBy) {
                definedBy.add(file[0] + " by " + (Thread.currentThread() == caller ? "caller" : "helper"));
              }
              return "class " + file[0];
            },
            task -> new Thread(task).start());
    definer.accept(new byte[] {0}, List.of());
    helperDefining.await(); // the helper has taken class 0
    definer.accept(new byte[] {1}, List.of());
    new Thread(() -> {
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      release.countDown();
    }).start();
    List<Object> instances = definer.finish(); // defines class 1, waits for class 0
    assertEquals(List.of("class 0", "class 1"), instances);
    assertEquals(List.of("1 by caller", "0 by helper"), definedBy);
  }

  @Test
  void programsAreCutOnlyWithAHelperAndOnlyWhenLargeIntoClassesOfBoundedSize() {
    Executor helper = Runnable::run;
    assertEquals(1, ClassDefiner.classesFor(1_000_000, null));
    assertEquals(1, ClassDefiner.classesFor(ClassDefiner.INSTRUCTIONS_PER_CLASS * 2 - 1, helper));
    assertEquals(2, ClassDefiner.classesFor(ClassDefiner.INSTRUCTIONS_PER_CLASS * 2, helper));
    int most = ClassDefiner.MAX_CLASSES * ClassDefiner.MAX_INSTRUCTIONS_PER_CLASS;
    assertEquals(ClassDefiner.MAX_CLASSES, ClassDefiner.classesFor(most / 2, helper));
    assertEquals(ClassDefiner.MAX_CLASSES, ClassDefiner.classesFor(most, helper));
    assertEquals(ClassDefiner.MAX_CLASSES + 1, ClassDefiner.classesFor(most + 1, helper));
    assertEquals(46, ClassDefiner.classesFor(3_000_000, helper)); // at most 65,536 a class
    assertEquals(32_768, ClassDefiner.classesFor(Integer.MAX_VALUE, helper));
    assertThrows(
        IllegalArgumentException.class,
        () -> ClassGenerator.generate(
            Fixtures.randDag(10, 1), SCALAR, DEFAULTS, "a/B", ClassGenerator.POOL_LIMIT, 0, null));
  }

  @Test
  void theDefaultCompilerCutsALargeProgramWhereAHelperCanRun() {
    CompiledProgram<ScalarOp> p = Fixtures.randDag(20_000, 13);
    BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, SCALAR, DEFAULTS);
    int expected = ClassDefiner.classesFor(p.instructionCount(), ClassDefiner.helper());
    assertEquals(expected, b.classCount(), b.toString());
    double[] in = Fixtures.randDagInputs(p, IN);
    assertBitIdentical(
        Interpreter.evalPositional(p, Arrays.stream(in).boxed().toList()), b.evaluate(in),
        b.toString());
  }

  @Test
  void noHelperWhereTheCommonPoolStartsNoWorker() {
    ForkJoinPool.commonPool(); // made with this JVM's settings before the change
    String previous = System.getProperty(CommonPool.PARALLELISM_PROPERTY);
    try {
      System.setProperty(CommonPool.PARALLELISM_PROPERTY, "0");
      // a task handed to such a pool waits in its queue for good, holding the definer's classes
      assertNull(ClassDefiner.helper());
      CompiledProgram<ScalarOp> p = Fixtures.randDag(20_000, 13);
      BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, SCALAR, DEFAULTS);
      assertEquals(1, b.classCount(), b.toString());
    } finally {
      if (previous == null) {
        System.clearProperty(CommonPool.PARALLELISM_PROPERTY);
      } else {
        System.setProperty(CommonPool.PARALLELISM_PROPERTY, previous);
      }
    }
  }

  @Test
  @Timeout(120)
  void threadsCompilingDifferentProgramsAtOnceShareTheHelperAndEachGetsItsOwnClasses()
      throws Exception {
    int threads = 6;
    List<CompiledProgram<ScalarOp>> programs = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      programs.add(Fixtures.randDag(4_000 + 500 * t, 20 + t));
    }
    List<String> failures =
        Concurrently.run(
            threads,
            thread -> {
              CompiledProgram<ScalarOp> p = programs.get(thread);
              StringBuilder wrong = new StringBuilder();
              for (int round = 0; round < 3; round++) {
                BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, SCALAR, DEFAULTS);
                double[] in = Fixtures.randDagInputs(p, IN);
                List<Object> expected =
                    Interpreter.evalPositional(p, Arrays.stream(in).boxed().toList());
                double[] got = b.evaluate(in);
                if (Double.compare((Double) expected.get(0), got[0]) != 0) {
                  wrong.append("round ").append(round).append(": ").append(got[0]).append(' ');
                }
                int classes = ClassDefiner.classesFor(p.instructionCount(), ClassDefiner.helper());
                if (b.classCount() != classes) {
                  wrong.append(b.classCount()).append(" classes, not ").append(classes).append(' ');
                }
              }
              return wrong.toString();
            });
    for (int t = 0; t < threads; t++) {
      assertEquals("", failures.get(t), "thread " + t);
    }
  }

  private static Function<Random, AffineOp> affineOps() {
    return rnd -> switch (rnd.nextInt(4)) {
      case 0 -> new AffineOp.AddOp();
      case 1 -> new AffineOp.SinOp();
      case 2 -> new AffineOp.ScaleOp(rnd.nextInt(7) * 0.25 - 0.75);
      default -> new AffineOp.ShiftOp(rnd.nextGaussian());
    };
  }
}

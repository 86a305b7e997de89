package io.github.tidu4j.graph.bytecode;

import static io.github.tidu4j.graph.bytecode.Fixtures.AFFINE;
import static io.github.tidu4j.graph.bytecode.Fixtures.DEFAULTS;
import static io.github.tidu4j.graph.bytecode.Fixtures.SCALAR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.KernelDescriptor;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.testing.AffineOp;
import io.github.tidu4j.graph.testing.Concurrently;
import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.lang.invoke.MethodHandles;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class BytecodeCacheTest {

  /** sin(left * right) + left, over inputs named as given. */
  private static CompiledProgram<ScalarOp> sinProductPlus(Object left, Object right) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local l = b.input(left);
    ValueRef.Local r = b.input(right);
    ValueRef.Local s = b.apply(ScalarOp.SIN, b.apply(ScalarOp.MUL, l, r));
    return Graphs.compile(Graphs.materialize(b.output(b.apply(ScalarOp.ADD, s, l)).build()));
  }

  private static CompiledProgram<ScalarOp> unary(ScalarOp op) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    return Graphs.compile(Graphs.materialize(b.output(b.apply(op, b.input("x"))).build()));
  }

  @Test
  void sameTopologyWithOtherInputKeysReusesTheClass() {
    BytecodeCompiler<ScalarOp> compiler = new BytecodeCompiler<>(SCALAR, 16, DEFAULTS);
    BytecodeProgram<ScalarOp> xy = compiler.compile(sinProductPlus("x", "y"));
    BytecodeProgram<ScalarOp> ab = compiler.compile(sinProductPlus("a", List.of("tangent", 7)));
    assertEquals(1, compiler.misses());
    assertEquals(1, compiler.hits(), "the same topology over other input keys is a hit");
    assertEquals(1, compiler.size());
    assertSame(xy.generatedClass(), ab.generatedClass());
    assertNotSame(xy, ab);
    assertEquals(List.of("x", "y"), xy.inputKeys());
    assertEquals(List.of("a", List.of("tangent", 7)), ab.inputKeys());

    double expected = Math.sin(0.4 * 2.0) + 0.4;
    assertEquals(List.of(expected), ab.eval(Map.of("a", 0.4, List.of("tangent", 7), 2.0)));
    assertEquals(List.of(expected), xy.eval(Map.of("x", 0.4, "y", 2.0)));
    assertThrows(GraphException.class, () -> ab.eval(Map.of("x", 0.4, "y", 2.0)));
  }

  @Test
  void differentTopologiesMiss() {
    BytecodeCompiler<ScalarOp> compiler = new BytecodeCompiler<>(SCALAR, 16, DEFAULTS);
    compiler.compile(unary(ScalarOp.SIN));
    compiler.compile(unary(ScalarOp.COS)); // another operation
    compiler.compile(sinProductPlus("x", "y"));
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    ValueRef.Local s = b.apply(ScalarOp.SIN, b.apply(ScalarOp.MUL, x, y));
    // the same operations, wired differently: + y instead of + x
    compiler.compile(Graphs.compile(Graphs.materialize(b.output(b.apply(ScalarOp.ADD, s, y)).build())));
    GraphBuilder<ScalarOp> c = Graph.builder();
    ValueRef.Local cx = c.input("x");
    ValueRef.Local cs = c.apply(ScalarOp.SIN, cx);
    compiler.compile(Graphs.compile(Graphs.materialize(c.output(cs).output(cs).build()))); // outputs
    assertEquals(5, compiler.misses());
    assertEquals(0, compiler.hits());
    assertEquals(5, compiler.size());
  }

  private static CompiledProgram<AffineOp> scale(double factor, String input) {
    GraphBuilder<AffineOp> b = Graph.builder();
    return Graphs.compile(
        Graphs.materialize(b.output(b.apply(new AffineOp.ScaleOp(factor), b.input(input))).build()));
  }

  @Test
  void attributesArePartOfTheStructure() {
    BytecodeCompiler<AffineOp> compiler = new BytecodeCompiler<>(AFFINE, 16, DEFAULTS);
    BytecodeProgram<AffineOp> two = compiler.compile(scale(2.0, "x"));
    BytecodeProgram<AffineOp> twoAgain = compiler.compile(scale(2.0, "y")); // an equal new record
    BytecodeProgram<AffineOp> three = compiler.compile(scale(3.0, "x"));
    assertEquals(2, compiler.misses());
    assertEquals(1, compiler.hits());
    assertSame(two.generatedClass(), twoAgain.generatedClass());
    assertEquals(5.0, twoAgain.evaluate(2.5)[0], 0.0);
    assertEquals(7.5, three.evaluate(2.5)[0], 0.0);
  }

  @Test
  void leastRecentlyUsedClassesAreEvicted() {
    BytecodeCompiler<ScalarOp> compiler = new BytecodeCompiler<>(SCALAR, 2, DEFAULTS);
    compiler.compile(unary(ScalarOp.SIN));
    compiler.compile(unary(ScalarOp.COS));
    compiler.compile(unary(ScalarOp.SIN)); // hit; COS is now the least recently used
    compiler.compile(unary(ScalarOp.EXP)); // evicts COS
    assertEquals(2, compiler.size());
    assertEquals(1, compiler.hits());
    compiler.compile(unary(ScalarOp.SIN)); // still there
    assertEquals(2, compiler.hits());
    BytecodeProgram<ScalarOp> cos = compiler.compile(unary(ScalarOp.COS)); // evicted: generated again
    assertEquals(4, compiler.misses());
    assertEquals(2, compiler.size());
    assertEquals(Math.cos(0.3), cos.evaluate(0.3)[0], 0.0);
    assertThrows(IllegalArgumentException.class, () -> new BytecodeCompiler<>(SCALAR, 0, DEFAULTS));
  }

  @Test
  @Timeout(60)
  void concurrentRequestsForOneStructureGenerateItOnce() throws Exception {
    BytecodeCompiler<ScalarOp> compiler = new BytecodeCompiler<>(SCALAR, 4, DEFAULTS);
    int threads = 8;
    RandDag dag = RandDag.generate(5_000, 3);
    List<BytecodeProgram<ScalarOp>> programs =
        Concurrently.run(threads, thread -> compiler.compile(Fixtures.randDag(5_000, 3)));
    assertEquals(1, compiler.misses());
    assertEquals(threads - 1, compiler.hits());
    Set<Class<?>> classes = new HashSet<>();
    for (BytecodeProgram<ScalarOp> p : programs) {
      classes.add(p.generatedClass());
      double[] in = Fixtures.randDagInputs(p.program(), RandDag.INPUT_VALUES);
      assertEquals(dag.evaluate(RandDag.INPUT_VALUES), p.evaluate(in)[0], 0.0);
    }
    assertEquals(1, classes.size());
  }

  @Test
  @Timeout(60)
  void concurrentUseOfABoundedCacheIsConsistent() throws Exception {
    BytecodeCompiler<ScalarOp> compiler = new BytecodeCompiler<>(SCALAR, 3, DEFAULTS);
    int threads = 8;
    int rounds = 60;
    RandDag[] dags = new RandDag[5];
    for (int i = 0; i < dags.length; i++) {
      dags[i] = RandDag.generate(200, i + 1);
    }
    List<Integer> correct =
        Concurrently.run(
            threads,
            thread -> {
              int ok = 0;
              for (int r = 0; r < rounds; r++) {
                int d = (thread + r) % dags.length;
                BytecodeProgram<ScalarOp> p = compiler.compile(Fixtures.randDag(200, d + 1));
                double[] values = {0.1 * thread, 0.2, 0.001 * r, 0.4};
                double got = p.evaluate(Fixtures.randDagInputs(p.program(), values))[0];
                if (Double.compare(got, dags[d].evaluate(values)) == 0) {
                  ok++;
                }
              }
              return ok;
            });
    for (int t = 0; t < threads; t++) {
      assertEquals(rounds, correct.get(t), "thread " + t);
    }
    assertEquals((long) threads * rounds, compiler.hits() + compiler.misses());
    assertTrue(compiler.size() <= 3, "size " + compiler.size());
    assertTrue(compiler.misses() >= dags.length);
    assertTrue(compiler.hits() > 0);
  }

  /** An instance kernel whose attribute the generator reads: a way to hold a generation. */
  public interface Gate {
    double level();

    default double eval(double x) {
      return level() * x;
    }
  }

  private static final CountDownLatch GATE_ENTERED = new CountDownLatch(1);
  private static final CountDownLatch GATE_RELEASED = new CountDownLatch(1);
  private static final AtomicBoolean GATE_FIRST = new AtomicBoolean(true);

  /**
   * Its level holds the first generation until released, then fails it with an error the
   * generator does not take for the accessor's own (an accessor's other failures make its kernel
   * called instead, to fail when it runs).
   */
  public record GateOp() implements Gate, EvaluableGraphOperation<Double> {
    @Override
    public double level() {
      if (GATE_FIRST.getAndSet(false)) {
        GATE_ENTERED.countDown();
        try {
          GATE_RELEASED.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      throw new OutOfMemoryError("the gate's level fails");
    }

    @Override
    public int inputArity() {
      return 1;
    }

    @Override
    public int outputArity() {
      return 1;
    }

    @Override
    public List<Double> eval(List<Double> in) {
      return List.of(eval(in.get(0).doubleValue()));
    }
  }

  @Test
  @Timeout(60)
  void aThreadJoiningAGenerationThatFailsWithAnErrorGetsTheError() throws Exception {
    KernelSet<GateOp> kernels =
        KernelSet.<GateOp>of(
                double.class,
                List.of(
                    new KernelDescriptor(
                        0, "Gate", Gate.class.getName().replace('.', '/'), "eval", "(D)D", false,
                        true, 1, 1)),
                op -> 0)
            .withLookup(MethodHandles.lookup());
    BytecodeCompiler<GateOp> compiler = new BytecodeCompiler<>(kernels, 4, DEFAULTS);
    GraphBuilder<GateOp> b = Graph.builder();
    CompiledProgram<GateOp> program =
        Graphs.compile(Graphs.materialize(b.output(b.apply(new GateOp(), b.input("x"))).build()));
    AtomicReference<Throwable> generating = new AtomicReference<>();
    AtomicReference<Throwable> joining = new AtomicReference<>();
    Thread first = new Thread(() -> compileCatching(compiler, program, generating));
    first.start();
    GATE_ENTERED.await();
    Thread second = new Thread(() -> compileCatching(compiler, program, joining));
    second.start();
    while (second.getState() != Thread.State.WAITING) { // joining the first's generation
      Thread.sleep(1);
    }
    GATE_RELEASED.countDown();
    first.join();
    second.join();
    assertEquals(OutOfMemoryError.class, generating.get().getClass(), generating.get().toString());
    assertSame(generating.get(), joining.get(), "the joining thread fails as the first did");
    assertEquals(1, compiler.misses());
  }

  private static <Op extends GraphOperation> void compileCatching(
      BytecodeCompiler<Op> compiler, CompiledProgram<Op> program, AtomicReference<Throwable> out) {
    try {
      compiler.compile(program);
    } catch (Throwable t) {
      out.set(t);
    }
  }
}

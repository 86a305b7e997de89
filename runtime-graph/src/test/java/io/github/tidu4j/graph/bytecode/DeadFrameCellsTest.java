package io.github.tidu4j.graph.bytecode;

import static io.github.tidu4j.graph.bytecode.Fixtures.DEFAULTS;
import static io.github.tidu4j.graph.bytecode.Fixtures.TINY_METHODS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.JointKernelDescriptor;
import io.github.tidu4j.graph.KernelDescriptor;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.testing.Complex;
import java.lang.invoke.MethodHandles;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bytecode tier over a reference operand lets go of dead values as the interpreter does: a
 * frame cell read for the last time is cleared when its step ends, and a joint kernel's result cell
 * once its member has read it. Each program makes many values early, all dead long before its
 * last instruction, which counts how many of them the collector still finds reachable.
 */
class DeadFrameCellsTest {

  /**
   * The kernels. {@code tracked} and {@code tail} add their operands; {@code tracked} and the
   * parts keep a weak reference to each value they make; {@code alive} collects garbage and
   * counts those still reachable.
   */
  public static final class Kernels {
    private Kernels() {}

    static final List<WeakReference<Complex>> MADE = new ArrayList<>();

    private static final String C = "Lio/github/tidu4j/graph/testing/Complex;";
    private static final String OWNER =
        "io/github/tidu4j/graph/bytecode/DeadFrameCellsTest$Kernels";

    static KernelDescriptor descriptor(Op op, String method) {
      return new KernelDescriptor(
          op.ordinal(), op.name(), OWNER, method, "(" + C.repeat(op.arity) + ")" + C, true, false,
          op.arity, 1);
    }

    private static Complex track(Complex c) {
      MADE.add(new WeakReference<>(c));
      return c;
    }

    public static Complex tracked(Complex a, Complex b) {
      return track(new Complex(a.re() + b.re(), a.im() + b.im()));
    }

    public static Complex tail(Complex a, Complex b) {
      return new Complex(a.re() + b.re(), a.im() + b.im());
    }

    public static Complex real(Complex a) {
      return track(new Complex(a.re(), 0));
    }

    public static Complex imaginary(Complex a) {
      return track(new Complex(a.im(), 0));
    }

    /** Both parts at once: the joint kernel of {@code real} and {@code imaginary}. */
    public static void parts(Complex a, Complex[] out, int at) {
      out[at] = real(a);
      out[at + 1] = imaginary(a);
    }

    /** The tracked values still reachable after collections, as a real number. */
    public static Complex alive(Complex a) {
      int alive = MADE.size();
      for (int attempt = 0; attempt < 10 && alive > 0; attempt++) {
        System.gc();
        alive = 0;
        for (WeakReference<Complex> made : MADE) {
          alive += made.get() != null ? 1 : 0;
        }
      }
      return new Complex(alive, 0);
    }
  }

  enum Op implements EvaluableGraphOperation<Complex> {
    TRACKED(2),
    TAIL(2),
    REAL(1),
    IMAGINARY(1),
    ALIVE(1);

    final int arity;

    Op(int arity) {
      this.arity = arity;
    }

    @Override
    public int inputArity() {
      return arity;
    }

    @Override
    public int outputArity() {
      return 1;
    }

    @Override
    public List<Complex> eval(List<Complex> in) {
      switch (this) {
        case TRACKED: return List.of(Kernels.tracked(in.get(0), in.get(1)));
        case TAIL: return List.of(Kernels.tail(in.get(0), in.get(1)));
        case REAL: return List.of(Kernels.real(in.get(0)));
        case IMAGINARY: return List.of(Kernels.imaginary(in.get(0)));
        default: return List.of(Kernels.alive(in.get(0)));
      }
    }
  }

  private static final KernelSet<Op> KERNELS =
      KernelSet.of(
          Complex.class,
          List.of(
              Kernels.descriptor(Op.TRACKED, "tracked"),
              Kernels.descriptor(Op.TAIL, "tail"),
              Kernels.descriptor(Op.REAL, "real"),
              Kernels.descriptor(Op.IMAGINARY, "imaginary"),
              Kernels.descriptor(Op.ALIVE, "alive")),
          Op::ordinal,
          MethodHandles.lookup());

  private static final KernelSet<Op> JOINT =
      KERNELS.withJointKernels(
          List.of(
              new JointKernelDescriptor(
                  List.of(Op.REAL.ordinal(), Op.IMAGINARY.ordinal()), Kernels.OWNER, "parts",
                  "(Lio/github/tidu4j/graph/testing/Complex;"
                      + "[Lio/github/tidu4j/graph/testing/Complex;I)V",
                  false)));

  /**
   * {@code count} tracked values made one from the next, all alive at once, then summed: each read
   * once more, after the last is made, into a chain of {@code count − 1} tracked sums; the sum.
   */
  private static ValueRef.Local fanSummed(GraphBuilder<Op> b, ValueRef.Local x, int count) {
    List<ValueRef.Local> fan = new ArrayList<>();
    ValueRef.Local v = x;
    for (int i = 0; i < count; i++) {
      v = b.apply(Op.TRACKED, v, x);
      fan.add(v);
    }
    ValueRef.Local w = fan.get(fan.size() - 1);
    for (int i = 0; i < fan.size() - 1; i++) {
      w = b.apply(Op.TRACKED, w, fan.get(i));
    }
    return w;
  }

  /** {@code calls} untracked tail calls after {@code w}, then the count of tracked values alive. */
  private static Graph<Op> endWithTail(
      GraphBuilder<Op> b, ValueRef.Local w, ValueRef.Local x, int calls) {
    ValueRef.Local t = w;
    for (int i = 0; i < calls; i++) {
      t = b.apply(Op.TAIL, t, x);
    }
    return b.output(b.apply(Op.ALIVE, t)).build();
  }

  /**
   * 40 values alive at once, each in a slot of its own that crosses steps, summed, then a tail
   * that reuses two slots: their cells are written once and never again.
   */
  @Test
  void cellsOfValuesReadForTheLastTimeAreCleared() {
    GraphBuilder<Op> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local w = fanSummed(b, x, 40); // each fan value read once more, from its cell
    // more calls than one step holds: no earlier value in the last step's locals
    CompiledProgram<Op> program = Graphs.compile(Graphs.materialize(endWithTail(b, w, x, 40)));
    assertNoneAlive(program, KERNELS, 79);
  }

  /**
   * Within one step: ten values each read twice (so kept in locals), summed, then a short tail and
   * the count, all in one method: each local is cleared once its last reader has run.
   */
  @Test
  void localsOfValuesReadForTheLastTimeAreClearedWithinAStep() {
    GraphBuilder<Op> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local w = fanSummed(b, x, 10);
    CompiledProgram<Op> program = Graphs.compile(Graphs.materialize(endWithTail(b, w, x, 3)));
    BytecodeProgram<Op> oneStep = BytecodeCompiler.compileUncached(program, KERNELS, DEFAULTS);
    assertEquals(1, oneStep.stepCount(), "one method");
    assertNoneAlive(program, KERNELS, 19);
  }

  /** Each of 20 values' two parts made by one joint call into a block of cells, read from there. */
  @Test
  void jointResultCellsAreClearedOnceRead() {
    GraphBuilder<Op> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local v = x;
    ValueRef.Local w = x;
    for (int i = 0; i < 20; i++) {
      v = b.apply(Op.TRACKED, v, x);
      ValueRef.Local parts = b.apply(Op.TRACKED, b.apply(Op.REAL, v), b.apply(Op.IMAGINARY, v));
      w = b.apply(Op.TRACKED, w, parts);
    }
    CompiledProgram<Op> program = Graphs.compile(Graphs.materialize(endWithTail(b, w, x, 40)));
    assertNoneAlive(program, JOINT, 100);
    BytecodeProgram<Op> joint = BytecodeCompiler.compileUncached(program, JOINT, DEFAULTS);
    assertTrue(joint.textify().contains("parts"), "the joint kernel is called");
  }

  private static void assertNoneAlive(
      CompiledProgram<Op> program, KernelSet<Op> kernels, int made) {
    List<Complex> in = List.of(new Complex(1, 2));
    Kernels.MADE.clear();
    assertEquals(
        List.of(new Complex(0, 0)), Interpreter.evalPositional(program, in), "interpreter");
    assertEquals(made, Kernels.MADE.size());
    for (BytecodeOptions options : List.of(DEFAULTS, TINY_METHODS)) {
      BytecodeProgram<Op> bytecode = BytecodeCompiler.compileUncached(program, kernels, options);
      assertTrue(bytecode.maxStepBytes() <= options.methodBytes(), "" + bytecode.maxStepBytes());
      for (int run = 0; run < 2; run++) {
        Kernels.MADE.clear();
        assertEquals(
            List.of(new Complex(0, 0)), bytecode.evalPositional(in),
            "tracked values reachable at the end, methods of " + options.methodBytes() + " bytes");
        assertEquals(made, Kernels.MADE.size());
      }
    }
  }
}

package io.github.tidu4j.bench.eval;

import com.palantir.javapoet.JavaFile;
import io.github.tidu4j.export.InProcessJavac;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.KernelDescriptor;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.BytecodeOptions;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.graph.bytecode.KernelSet;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The programs and kernel sets that {@link InstructionCostBenchmark} and {@link SideBySide} time
 * to find where a compiled scalar program's time goes, and a program's exported classes compiled
 * and checked against its bytecode class, as {@link ExportBenchmark} and {@link WarmUpCurve} run
 * them.
 *
 * <pre>{@code
 * BytecodeProgram<ScalarOp> p =
 *     CostPrograms.bytecode(CostPrograms.straightLine(ScalarOp.SIN, 4), 2_000, CostPrograms.kernels());
 * double[] y = p.evaluate(CostPrograms.straightLineInputs(ScalarOp.SIN, 4));
 * }</pre>
 */
public final class CostPrograms {
  /** The instructions of a {@link #straightLine} program. */
  public static final int STRAIGHT_LENGTH = 1_000;

  private CostPrograms() {}

  /** The shipped Scalar kernels. */
  public static KernelSet<ScalarOp> kernels() {
    return KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::opcode);
  }

  /** The shipped Scalar kernels with {@code Sin} and {@code Cos} replaced by {@link AffineTrig}. */
  public static KernelSet<ScalarOp> affineTrigKernels() {
    String owner = AffineTrig.class.getName().replace('.', '/');
    return replacingTrig(owner, "affine", owner, "affine");
  }

  /**
   * The shipped Scalar kernels with {@code Sin} and {@code Cos} calling {@link Math#sin} and
   * {@link Math#cos}, as the set did before it had its own {@code Trig}: the baseline for what
   * {@code Trig} and its joint kernel gain.
   */
  public static KernelSet<ScalarOp> mathTrigKernels() {
    return replacingTrig("java/lang/Math", "sin", "java/lang/Math", "cos");
  }

  private static KernelSet<ScalarOp> replacingTrig(
      String sinOwner, String sinMethod, String cosOwner, String cosMethod) {
    List<KernelDescriptor> table = new ArrayList<>(ScalarKernels.TABLE);
    for (ScalarOp op : List.of(ScalarOp.SIN, ScalarOp.COS)) {
      KernelDescriptor k = table.get(op.opcode());
      boolean sin = op.equals(ScalarOp.SIN);
      table.set(
          op.opcode(),
          new KernelDescriptor(
              k.opcode(),
              k.primitiveName(),
              sin ? sinOwner : cosOwner,
              sin ? sinMethod : cosMethod,
              "(D)D",
              true,
              false,
              1,
              1));
    }
    return KernelSet.of(double.class, table, ScalarOp::opcode);
  }

  /** {@code program} on the bytecode tier, cut into methods of at most {@code methodBytes}. */
  public static BytecodeProgram<ScalarOp> bytecode(
      CompiledProgram<ScalarOp> program, int methodBytes, KernelSet<ScalarOp> kernels) {
    return BytecodeCompiler.compileUncached(
        program, kernels, BytecodeOptions.defaults().withMethodBytes(methodBytes));
  }

  /**
   * {@value #STRAIGHT_LENGTH} instructions of {@code op} (unary, or binary with the input {@code
   * step} as second operand), each reading the value {@code chains} instructions back: {@code
   * chains} interleaved dependency chains. Inputs: {@code step}, then the chains' starts; outputs:
   * the chains' ends.
   */
  public static CompiledProgram<ScalarOp> straightLine(ScalarOp op, int chains) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local step = b.input("step");
    ValueRef.Local[] values = new ValueRef.Local[chains + STRAIGHT_LENGTH];
    List<ValueKey.Input> order = new ArrayList<>();
    order.add(ValueKey.input("step"));
    for (int c = 0; c < chains; c++) {
      values[c] = b.input("x" + c);
      order.add(ValueKey.input("x" + c));
    }
    for (int i = 0; i < STRAIGHT_LENGTH; i++) {
      values[chains + i] =
          op.inputArity() == 2 ? b.apply(op, values[i], step) : b.apply(op, values[i]);
    }
    for (int c = 0; c < chains; c++) {
      b.output(values[STRAIGHT_LENGTH + c]);
    }
    Graph<ScalarOp> g = b.build();
    CompiledProgram<ScalarOp> p = Graphs.compile(Graphs.resolve(g), order, g.outputKeys());
    if (p.instructionCount() != STRAIGHT_LENGTH) {
      throw new IllegalStateException(
          op + " x " + STRAIGHT_LENGTH + " compiled to " + p.instructionCount() + " instructions");
    }
    return p;
  }

  /**
   * Inputs of {@link #straightLine}{@code (op, chains)} that keep the kernels on their fast paths:
   * a step of 1.0000001 for {@code Mul} (products stay near their start) and 0.001 otherwise,
   * starts 0.5, 0.51, ... (sines and cosines of values below 1).
   */
  public static double[] straightLineInputs(ScalarOp op, int chains) {
    double[] inputs = new double[1 + chains];
    inputs[0] = op.equals(ScalarOp.MUL) ? 1.0000001 : 1e-3;
    for (int c = 0; c < chains; c++) {
      inputs[1 + c] = 0.5 + 0.01 * c;
    }
    return inputs;
  }

  /** The RandDAG(n, 42) gradient program of {@link RandDagEvaluatorBenchmark}. */
  public static CompiledProgram<ScalarOp> randDagGradient(int n) {
    return ScalarRandDag.gradientProgram(new ScalarRandDag(n, 42).build());
  }

  /** Its inputs: x0..x3, then the cotangent seed 1. */
  public static double[] randDagGradientInputs() {
    double[] x = ScalarRandDag.INPUTS;
    return new double[] {x[0], x[1], x[2], x[3], 1.0};
  }

  /** The primitive named {@code name} among Sin, Cos, Mul, Add, Neg. */
  public static ScalarOp operation(String name) {
    return switch (name) {
      case "SIN" -> ScalarOp.SIN;
      case "COS" -> ScalarOp.COS;
      case "MUL" -> ScalarOp.MUL;
      case "ADD" -> ScalarOp.ADD;
      case "NEG" -> ScalarOp.NEG;
      default -> throw new IllegalArgumentException("not one of SIN, COS, MUL, ADD, NEG: " + name);
    };
  }

  /**
   * The exported classes {@code files} (as {@code SourceExport.exportFiles} writes them, the main
   * class first) compiled by javac in this JVM and loaded: the main class's {@code
   * evaluateInto(double[], double[])}, for {@link #evaluateInto}.
   */
  public static MethodHandle compileExported(List<JavaFile> files) {
    try {
      Class<?> main =
          InProcessJavac.compileAndLoad(
              files, Files.createTempDirectory("tidu4j-export"), CostPrograms.class.getClassLoader());
      return MethodHandles.publicLookup()
          .findStatic(
              main,
              "evaluateInto",
              MethodType.methodType(void.class, double[].class, double[].class));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Calls an exported class's {@code evaluateInto} ({@link #compileExported}). */
  public static void evaluateInto(MethodHandle exported, double[] inputs, double[] outputs) {
    try {
      exported.invokeExact(inputs, outputs);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The outputs of {@code exported} at {@code inputs}, checked bit for bit against those of the
   * same program's {@code bytecode} class.
   *
   * @throws IllegalStateException if they differ
   */
  public static double[] sameAsBytecode(
      MethodHandle exported, BytecodeProgram<ScalarOp> bytecode, double[] inputs) {
    double[] viaExport = new double[bytecode.outputCount()];
    evaluateInto(exported, inputs, viaExport);
    double[] viaHidden = new double[viaExport.length];
    bytecode.evaluateInto(inputs, viaHidden);
    if (!Arrays.equals(viaExport, viaHidden)) {
      throw new IllegalStateException(
          "exported " + Arrays.toString(viaExport) + " vs hidden class "
              + Arrays.toString(viaHidden));
    }
    return viaExport;
  }
}

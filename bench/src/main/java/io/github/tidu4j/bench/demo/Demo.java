package io.github.tidu4j.bench.demo;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.ad.testing.HigherOrder;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphPrinter;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.graph.bytecode.KernelSet;
import io.github.tidu4j.bench.eval.ScalarRandDag;
import io.github.tidu4j.primitives.InputKey;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.primitives.func.TensorAutodiff;
import io.github.tidu4j.primitives.func.Fn;
import io.github.tidu4j.primitives.func.TensorFunction;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.scalar.ScalarBuilder;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The runnable demo (README's first command), on the shipped Scalar set: exp(a·x) differentiated
 * to third order in every forward/reverse combination, next to the closed form; the primal, linear
 * and transposed graphs of its first derivative; the gradient of a RandDAG compiled once and
 * evaluated by the four evaluators, with a quick timing table.
 */
public final class Demo {
  private Demo() {}

  private static final InputKey A = InputKey.user("a");
  private static final InputKey X = InputKey.user("x");

  public static void main(String[] args) {
    System.out.println("tidu4j demo\n");
    double a = 2;
    double x = 0.5;

    // f(a, x) = exp(a * x)
    ScalarBuilder b = ScalarBuilder.create();
    ScalarValue av = b.input(A);
    ScalarValue xv = b.input(X);
    Graph<ScalarOp> f = b.build(av.mul(xv).exp());

    System.out.println("== exp(a*x) at a = 2, x = 0.5: derivatives in x, every mode ==");
    System.out.println("   (F = forward: linearize; R = reverse: linearize then linear_transpose;");
    System.out.println("    order k is (resolve -> linearize) k times, materialized once at the end)");
    for (int order = 1; order <= 3; order++) {
      double closedForm = Math.pow(a, order) * Math.exp(a * x);
      for (String modes : modes(order)) {
        double value = derivative(f, modes, Map.of(A, a, X, x));
        System.out.printf(
            "  order %d  %-4s %.15f   closed form a^%d e^(ax) = %.15f  %s%n",
            order, modes, value, order, closedForm, value == closedForm ? "exact" : "");
      }
    }

    LinearizedGraph<ScalarOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input(X)));
    LinearizedGraph<ScalarOp> vjp = AD.linearTranspose(jvp);
    System.out.println("\n== the graphs of the first derivative ==");
    System.out.println("primal:\n" + GraphPrinter.print(f));
    System.out.println("linear (JVP; primal values referenced by key, not copied):\n"
        + GraphPrinter.print(jvp.graph()));
    System.out.println("transposed (VJP):\n" + GraphPrinter.print(vjp.graph()));

    userFacingApis();
    randDagGradient(10_000);
  }

  /** The same derivatives through the functional API, and a gradient through the eager tape. */
  private static void userFacingApis() {
    System.out.println("== the same through the user-facing APIs ==");
    Tensor av = Tensor.vector(2, 3);
    Fn sumExp = v -> v.mul(av).exp().sum();                  // Σ exp(a_i x_i), a closed over
    Tensor xv = Tensor.vector(1, 2);
    System.out.println("  TensorAutodiff.grad(x -> sum(exp(a*x)))([1, 2]), a = [2, 3]:  "
        + TensorAutodiff.grad(sumExp).apply(xv)
        + "   closed form [2e^2, 3e^6] = [" + 2 * Math.exp(2) + ", " + 3 * Math.exp(6) + "]");
    TensorFunction third =
        TensorAutodiff.grad(
            TensorAutodiff.grad(
                TensorAutodiff.grad(TensorAutodiff.function(v -> v.mul(2.0).exp()))));
    System.out.println("  grad(grad(grad(x -> exp(2x))))(0.5):                     "
        + third.apply(Tensor.scalar(0.5)).scalarValue()
        + "   closed form 8e = " + 8 * Math.E);
    long before = TensorAutodiff.cacheStats().compilations();
    for (int i = 0; i < 1000; i++) {
      third.apply(Tensor.scalar(i / 1000.0));
    }
    System.out.println("  1,000 more calls of it compiled "
        + (TensorAutodiff.cacheStats().compilations() - before) + " programs (compiled once, cached)");
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor ev = rt.variable(xv);
    ev.mul(rt.constant(av)).exp().sum().backward();
    System.out.println("  EagerRuntime: x.mul(a).exp().sum().backward(); x.grad() = " + ev.grad());
    System.out.println();
  }

  /** The derivative of f's output in x, one level per mode letter, innermost first. */
  private static double derivative(Graph<ScalarOp> f, String modes, Map<Object, Double> primal) {
    HigherOrder.Derivative<ScalarOp> d = HigherOrder.derivative(f, ValueKey.input(X), modes);
    CompiledProgram<ScalarOp> p = Graphs.compile(Graphs.resolve(d.graph()), List.of(d.output()));
    // each level's seed is 1; the program ignores the seeds and inputs it does not read
    return Interpreter.<Double>eval(p, d.bindings(primal, 1.0)).get(0);
  }

  private static List<String> modes(int order) {
    List<String> all = new ArrayList<>(List.of(""));
    for (int k = 0; k < order; k++) {
      List<String> next = new ArrayList<>();
      for (String m : all) {
        next.add(m + "F");
        next.add(m + "R");
      }
      all = next;
    }
    return all;
  }

  /** The gradient of RandDAG(n): built, transformed and compiled once, then timed per evaluator. */
  private static void randDagGradient(int n) {
    ScalarRandDag dag = new ScalarRandDag(n, 42);
    Graph<ScalarOp> f = dag.build();
    long t0 = System.nanoTime();
    CompiledProgram<ScalarOp> program = ScalarRandDag.gradientProgram(f);
    long t1 = System.nanoTime();
    BytecodeProgram<ScalarOp> bytecode =
        new BytecodeCompiler<>(KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::opcode))
            .compile(program);
    long t2 = System.nanoTime();
    ScalarEvaluator switchEvaluator = new ScalarEvaluator(program);

    double[] in = {0.1, 0.2, 0.3, 0.4, 1.0}; // x0..x3, then the cotangent seed of y
    List<Double> boxed = new ArrayList<>();
    for (double d : in) {
      boxed.add(d);
    }
    double[] viaInterpreter =
        Interpreter.<Double>evalPositional(program, boxed).stream().mapToDouble(d -> d).toArray();
    double[] viaSwitch = switchEvaluator.evaluate(in);
    double[] viaBytecode = bytecode.evaluate(in);
    double[] byHand = dag.withTrig().gradient(ScalarRandDag.INPUTS, 1.0);

    System.out.printf(
        "== gradient of RandDAG(%,d): linearize + transpose + materialize + compile in %d ms, "
            + "%,d instructions; bytecode generated in %d ms ==%n",
        n, (t1 - t0) / 1_000_000, program.instructionCount(), (t2 - t1) / 1_000_000);
    System.out.println("  y, dy/dx0..dx3 by the interpreter:  " + Arrays.toString(viaInterpreter));
    System.out.println("  generated switch evaluator agrees:  " + Arrays.equals(viaInterpreter, viaSwitch));
    System.out.println("  bytecode agrees:                    " + Arrays.equals(viaInterpreter, viaBytecode));
    System.out.println("  hand-written reverse sweep:         " + Arrays.toString(byHand));

    System.out.println("\n  quick timing, ns per primal operation for one gradient evaluation");
    System.out.println(
        "  (a quick indication: best of 5 rounds after 1.5 s of warm-up each;"
            + " bench/RESULTS.md has the JMH figures)");
    row("interpreter", n, () -> Interpreter.evalPositional(program, boxed));
    row("generated switch evaluator", n, () -> switchEvaluator.evaluate(in));
    row("bytecode (hidden class)", n, () -> bytecode.evaluate(in));
    row("hand-written Java", n, () -> dag.gradient(ScalarRandDag.INPUTS, 1.0));
  }

  private static void row(String name, int n, Runnable body) {
    long warmUntil = System.nanoTime() + 1_500_000_000L; // long enough for the JIT to compile it
    while (System.nanoTime() < warmUntil) {
      body.run();
    }
    long best = Long.MAX_VALUE;
    for (int round = 0; round < 5; round++) {
      int reps = 0;
      long t0 = System.nanoTime();
      long elapsed;
      do {
        body.run();
        reps++;
        elapsed = System.nanoTime() - t0;
      } while (elapsed < 200_000_000L);
      best = Math.min(best, elapsed / reps);
    }
    System.out.printf("    %-28s %8.1f%n", name, best / (double) n);
  }
}

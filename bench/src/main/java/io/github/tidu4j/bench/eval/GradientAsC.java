package io.github.tidu4j.bench.eval;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the RandDAG(n, 42) gradient program, exactly as compiled for the JVM tiers, as
 * straight-line C: one local {@code double} per slot, one statement per instruction, {@code
 * sin}/{@code cos} from libm, and a {@code main} that prints the outputs and times the function
 * (10th percentile and median over 300 batches, ns per primal op). The Java and the C then run the
 * same instructions in the same order, so their times compare code generation and kernels alone.
 * gcc at {@code -O3} turns each {@code sin(x)} and {@code cos(x)} of one {@code x} into one
 * {@code sincos} call; {@code -fno-builtin} keeps them apart; {@code -DAFFINE_TRIG} replaces both by
 * {@link AffineTrig}'s multiply-add.
 *
 * <pre>{@code
 * java -cp bench/target/benchmarks.jar io.github.tidu4j.bench.eval.GradientAsC 1000 /tmp/g.c
 * gcc -O3 -o /tmp/g /tmp/g.c -lm && /tmp/g
 * }</pre>
 */
public final class GradientAsC {
  private GradientAsC() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: GradientAsC <n> <file.c>");
    }
    int n = Integer.parseInt(args[0]);
    CompiledProgram<ScalarOp> p = CostPrograms.randDagGradient(n);
    try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(Path.of(args[1])))) {
      w.println("#include <math.h>");
      w.println("#include <stdio.h>");
      w.println("#include <stdlib.h>");
      w.println("#include <time.h>");
      w.println("#ifdef AFFINE_TRIG");
      w.println("#define SIN(x) (0.5 + 0.25 * (x))");
      w.println("#define COS(x) (0.5 + 0.25 * (x))");
      w.println("#else");
      w.println("#define SIN(x) sin(x)");
      w.println("#define COS(x) cos(x)");
      w.println("#endif");
      w.println("__attribute__((noinline)) static void gradient(const double* in, double* out) {");
      for (int s = 0; s < p.slotCount(); s++) {
        w.println("  double s" + s + ";");
      }
      for (int i = 0; i < p.inputCount(); i++) {
        w.println("  s" + p.inputSlot(i) + " = in[" + i + "];");
      }
      for (int i = 0; i < p.instructionCount(); i++) {
        w.println("  s" + p.resultSlot(i, 0) + " = " + expression(p, i) + ";");
      }
      for (int o = 0; o < p.outputCount(); o++) {
        w.println("  out[" + o + "] = s" + p.outputSlot(o) + ";");
      }
      w.println("}");
      w.println("static double now(void) {");
      w.println("  struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);");
      w.println("  return t.tv_sec * 1e9 + t.tv_nsec;");
      w.println("}");
      w.println("static int ascending(const void* a, const void* b) {");
      w.println("  double x = *(const double*) a, y = *(const double*) b;");
      w.println("  return (x > y) - (x < y);");
      w.println("}");
      w.println("int main(void) {");
      w.println("  volatile double bound[5] = {0.1, 0.2, 0.3, 0.4, 1.0};");
      w.println("  double in[5], out[5], sink = 0, t[300];");
      w.println("  for (int i = 0; i < 5; i++) in[i] = bound[i];");
      w.println("  gradient(in, out);");
      w.println("  printf(\"outputs %.17g %.17g %.17g %.17g %.17g\\n\","
          + " out[0], out[1], out[2], out[3], out[4]);");
      w.println("  for (int r = 0; r < 300; r++) {");
      w.println("    double t0 = now();");
      w.println("    for (int k = 0; k < 200; k++) { gradient(in, out); sink += out[1]; }");
      w.println("    t[r] = (now() - t0) / 200 / " + n + ".0;");
      w.println("  }");
      w.println("  qsort(t, 300, sizeof(double), ascending);");
      w.println("  printf(\"ns per primal op: p10 %.2f median %.2f (sink %g)\\n\","
          + " t[30], t[150], sink);");
      w.println("  return 0;");
      w.println("}");
    }
  }

  private static String expression(CompiledProgram<ScalarOp> p, int i) {
    ScalarOp op = p.operation(i);
    String a = "s" + p.argumentSlot(i, 0);
    if (op.equals(ScalarOp.ADD)) {
      return a + " + s" + p.argumentSlot(i, 1);
    } else if (op.equals(ScalarOp.MUL)) {
      return a + " * s" + p.argumentSlot(i, 1);
    } else if (op.equals(ScalarOp.NEG)) {
      return "-" + a;
    } else if (op.equals(ScalarOp.SIN)) {
      return "SIN(" + a + ")";
    } else if (op.equals(ScalarOp.COS)) {
      return "COS(" + a + ")";
    }
    throw new IllegalStateException("instruction " + i + ": no C for " + op);
  }
}

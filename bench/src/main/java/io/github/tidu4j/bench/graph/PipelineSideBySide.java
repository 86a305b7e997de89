package io.github.tidu4j.bench.graph;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * The RandDAG(n, 42) gradient pipeline of {@link GradientPipelineBenchmark} from two builds of
 * tidu4j in one JVM, call by call in turn, for a loaded machine: each jar (a {@code
 * benchmarks.jar}) is loaded by a class loader of its own, so each has its own classes and key
 * tables, and each pair of runs sees the same load. A run is build → linearize → transpose →
 * materializeMerge → compile on a fresh graph, each phase timed by wall clock and by the thread's
 * CPU time; the pairs alternate which jar goes first. Prints, per phase, each jar's median ns per
 * primal op and the median over the pairs of the ratio second / first. Only the per-pair ratios
 * compare the jars; the medians of each are for reading the ratios, not figures of their own.
 * For n up to 10^4 it first checks that both jars' gradient programs give the same values, bit
 * for bit (y and dy/dx0..dy/dx3, by the interpreter and the bytecode backend, each jar's values
 * checked by {@code GradientPipelineBenchmark.check}).
 *
 * <pre>
 * java -Xms6g -Xmx6g -XX:+AlwaysPreTouch -cp bench/target/benchmarks.jar \
 *     io.github.tidu4j.bench.graph.PipelineSideBySide 1000000 15 20 old.jar new.jar
 * </pre>
 *
 * (n, pairs, warm-up seconds, the first jar, the second.)
 */
public final class PipelineSideBySide {
  private static final String[] PHASES = {
    "build", "linearize", "transpose", "materializeMerge", "compile", "total"
  };

  private PipelineSideBySide() {}

  /** One build of the pipeline, called through its own class loader. */
  private static final class Variant {
    final Object dag;
    final Method build;
    final Method linearize;
    final Method transpose;
    final Method materialize;
    final Method compile;
    /** This jar's GradientPipelineBenchmark, whose run, generate and check give its values. */
    final Class<?> benchmark;
    /** The previous run's primal graph, alive until this run's is built (see {@link #run}). */
    Object previous;

    Variant(Path jar, int n) throws Exception {
      ClassLoader loader =
          new URLClassLoader(
              new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
      Class<?> dagClass = Class.forName("io.github.tidu4j.bench.eval.ScalarRandDag", true, loader);
      Class<?> graph = Class.forName("io.github.tidu4j.graph.Graph", true, loader);
      Class<?> linear = Class.forName("io.github.tidu4j.ad.LinearizedGraph", true, loader);
      Class<?> materialized =
          Class.forName("io.github.tidu4j.graph.MaterializedGraph", true, loader);
      Class<?> graphs = Class.forName("io.github.tidu4j.graph.Graphs", true, loader);
      dag = dagClass.getConstructor(int.class, long.class).newInstance(n, 42L);
      build = dagClass.getMethod("build");
      linearize = dagClass.getMethod("linearize", graph);
      transpose = dagClass.getMethod("transpose", linear);
      materialize = dagClass.getMethod("materializeGradient", graph, linear);
      compile = graphs.getMethod("compile", materialized);
      benchmark =
          Class.forName("io.github.tidu4j.bench.graph.GradientPipelineBenchmark", true, loader);
    }

    /** The values of this jar's gradient program (see the class comment). */
    double[] values() throws Exception {
      Object program = declared("run").invoke(null, dag);
      Object bytecode = declared("generate").invoke(null, program);
      return (double[]) declared("check").invoke(null, dag, program, bytecode);
    }

    private Method declared(String name) {
      for (Method m : benchmark.getDeclaredMethods()) {
        if (m.getName().equals(name)) {
          m.setAccessible(true);
          return m;
        }
      }
      throw new IllegalStateException("no method " + name + " in " + benchmark);
    }

    /**
     * Runs the pipeline once; writes each phase's wall and CPU ns to {@code wall} and {@code cpu}.
     * The previous run's primal graph is held until this run's is built, so build finds its keys
     * interned whatever the collector did between runs (the steady state the JMH benchmark
     * describes), and the two jars' figures do not depend on when each one's garbage is
     * collected.
     */
    void run(long[] wall, long[] cpu) throws Exception {
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      long w0 = System.nanoTime();
      long c0 = threads.getCurrentThreadCpuTime();
      Object primal = build.invoke(dag);
      previous = primal;
      long w1 = System.nanoTime();
      long c1 = threads.getCurrentThreadCpuTime();
      Object lin = linearize.invoke(null, primal);
      long w2 = System.nanoTime();
      long c2 = threads.getCurrentThreadCpuTime();
      Object tr = transpose.invoke(null, lin);
      lin = null; // as the benchmark's total: the transposed graph refers to it as a parent
      long w3 = System.nanoTime();
      long c3 = threads.getCurrentThreadCpuTime();
      Object m = materialize.invoke(null, primal, tr);
      primal = null;
      tr = null;
      long w4 = System.nanoTime();
      long c4 = threads.getCurrentThreadCpuTime();
      Object program = compile.invoke(null, m);
      long w5 = System.nanoTime();
      long c5 = threads.getCurrentThreadCpuTime();
      if (program == null) {
        throw new IllegalStateException("no program");
      }
      long[] ws = {w0, w1, w2, w3, w4, w5};
      long[] cs = {c0, c1, c2, c3, c4, c5};
      for (int p = 0; p < 5; p++) {
        wall[p] = ws[p + 1] - ws[p];
        cpu[p] = cs[p + 1] - cs[p];
      }
      wall[5] = w5 - w0;
      cpu[5] = c5 - c0;
    }
  }

  public static void main(String[] args) throws Exception {
    int n = Integer.parseInt(args[0]);
    int pairs = Integer.parseInt(args[1]);
    long warmupNanos = (long) (Double.parseDouble(args[2]) * 1e9);
    Variant[] variants = {new Variant(Path.of(args[3]), n), new Variant(Path.of(args[4]), n)};
    if (n <= 10_000) {
      double[] first = variants[0].values();
      double[] second = variants[1].values();
      if (!Arrays.equals(first, second)) {
        throw new IllegalStateException("the jars' gradients differ: " + Arrays.toString(first)
            + " and " + Arrays.toString(second));
      }
      System.out.printf(Locale.ROOT, "values bit-identical: %s%n", Arrays.toString(first));
    }
    long[] wall = new long[PHASES.length];
    long[] cpu = new long[PHASES.length];
    long until = System.nanoTime() + warmupNanos;
    int warmups = 0;
    while (System.nanoTime() < until || warmups < 2) {
      variants[0].run(wall, cpu);
      variants[1].run(wall, cpu);
      warmups++;
    }
    long[][][] wallOf = new long[2][PHASES.length][pairs];
    long[][][] cpuOf = new long[2][PHASES.length][pairs];
    for (int r = 0; r < pairs; r++) {
      for (int i = 0; i < 2; i++) {
        int v = (r & 1) == 0 ? i : 1 - i; // every other pair the second jar goes first
        variants[v].run(wall, cpu);
        for (int p = 0; p < PHASES.length; p++) {
          wallOf[v][p][r] = wall[p];
          cpuOf[v][p][r] = cpu[p];
        }
      }
    }
    System.out.printf(Locale.ROOT, "n = %d, %d pairs after %d warm-up pairs, load average %s%n",
        n, pairs, warmups, loadAverage());
    System.out.printf(Locale.ROOT, "%-17s %12s %12s %8s   %12s %12s %8s%n", "ns per primal op",
        "wall first", "wall second", "ratio", "cpu first", "cpu second", "ratio");
    for (int p = 0; p < PHASES.length; p++) {
      System.out.printf(Locale.ROOT, "%-17s %12.1f %12.1f %8.3f   %12.1f %12.1f %8.3f%n",
          PHASES[p],
          median(wallOf[0][p]) / (double) n, median(wallOf[1][p]) / (double) n,
          medianRatio(wallOf[1][p], wallOf[0][p]),
          median(cpuOf[0][p]) / (double) n, median(cpuOf[1][p]) / (double) n,
          medianRatio(cpuOf[1][p], cpuOf[0][p]));
    }
  }

  private static long median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  private static double medianRatio(long[] a, long[] b) {
    double[] ratio = new double[a.length];
    for (int r = 0; r < a.length; r++) {
      ratio[r] = a[r] / (double) b[r];
    }
    Arrays.sort(ratio);
    return ratio[ratio.length / 2];
  }

  private static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).trim();
    } catch (java.io.IOException e) {
      return "unknown";
    }
  }
}

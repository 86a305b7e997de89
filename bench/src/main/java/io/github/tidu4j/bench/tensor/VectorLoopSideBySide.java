package io.github.tidu4j.bench.tensor;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.fusion.FusedProgram;
import io.github.tidu4j.graph.fusion.FusionParallelism;
import io.github.tidu4j.graph.fusion.FusionSet;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;

/**
 * The fused programs of {@link TensorFusion#set()} on one thread, with cheap regions over vectors
 * ({@code withVectorLoops(true)}, the default) against their element loops ({@code false}), call
 * by call in turn in one JVM ({@link Alternation}), with two bandwidth references timed in the
 * same way right after: {@code System.arraycopy} of n doubles (16 B per element, read plus
 * written) and of 1.5·n doubles (24 B per element, the bytes cheap8's forward must read). Each
 * pair's results are checked equal bit for bit before timing. Each comparison runs in both orders
 * (element loop first, then vector loop first); it prints the lower of the two medians of each
 * side, and the speed-up as the geometric mean of the two orders' median ratios (each order's
 * ratio in brackets). Run with {@code --add-modules
 * jdk.incubator.vector}; without it both sides are the element loop.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -Xms4g -Xmx4g -cp bench/target/benchmarks.jar \
 *     io.github.tidu4j.bench.tensor.VectorLoopSideBySide [pairs] [n,n,…] [function,…]
 * </pre>
 */
public final class VectorLoopSideBySide {
  private VectorLoopSideBySide() {}

  public static void main(String[] args) {
    int pairs = args.length > 0 ? Integer.parseInt(args[0]) : 60;
    String sizes = args.length > 1 ? args[1] : "1000,1000000,10000000";
    String functions = args.length > 2 ? args[2] : "cheap8,sumExp,chain8";
    FusionSet<TensorOp, Tensor> vector = TensorFusion.set(FusionParallelism.serial());
    FusionSet<TensorOp, Tensor> element = vector.withVectorLoops(false);
    System.out.printf(
        "load %s; ns per element, element loops / vector loops%n", Alternation.load());
    List<String> rows = new ArrayList<>();
    for (String size : sizes.split(",")) {
      int n = Integer.parseInt(size);
      ElementwiseBenchmark.Vectors v = ElementwiseBenchmark.Vectors.of(n);
      long warmup = 1_000_000_000L;
      double[] src16 = new double[n];
      double[] dst16 = new double[n];
      double[] src24 = new double[n + n / 2];
      double[] dst24 = new double[n + n / 2];
      Alternation.Result copy =
          Alternation.run(warmup, pairs,
              () -> System.arraycopy(src16, 0, dst16, 0, n),
              () -> System.arraycopy(src24, 0, dst24, 0, src24.length));
      rows.add(String.format(
          "n %9d  copy 16 B/elem %.3f ns (%.1f GB/s), copy 24 B/elem %.3f ns (%.1f GB/s)"
              + "   (load %s)",
          n, copy.a() / (double) n, 16.0 * n / copy.a(), copy.b() / (double) n,
          24.0 * n / copy.b(), Alternation.load()));
      System.out.println(rows.get(rows.size() - 1));
      for (String function : functions.split(",")) {
        CompiledProgram<TensorOp>[] programs = ElementwiseBenchmark.programs(function, n);
        List<Tensor> fIn = List.of(v.xt, v.at, v.bt);
        List<Tensor> gIn = List.of(v.xt, v.at, v.bt, Tensor.scalar(1.0));
        FusedProgram<TensorOp, Tensor> fe = element.fuse(programs[0]);
        FusedProgram<TensorOp, Tensor> fv = vector.fuse(programs[0]);
        FusedProgram<TensorOp, Tensor> ge = element.fuse(programs[1]);
        FusedProgram<TensorOp, Tensor> gv = vector.fuse(programs[1]);
        if (!fe.evalPositional(fIn).equals(fv.evalPositional(fIn))
            || !ge.evalPositional(gIn).equals(gv.evalPositional(gIn))) {
          throw new IllegalStateException(function + ": vector loops differ from element loops");
        }
        // each order of the pair once: the second call of a pair may find the caches otherwise
        Alternation.Result f =
            Alternation.run(warmup, pairs, () -> fe.evalPositional(fIn),
                () -> fv.evalPositional(fIn));
        Alternation.Result fSwapped =
            Alternation.run(warmup / 4, pairs, () -> fv.evalPositional(fIn),
                () -> fe.evalPositional(fIn));
        Alternation.Result g =
            Alternation.run(warmup, pairs, () -> ge.evalPositional(gIn),
                () -> gv.evalPositional(gIn));
        Alternation.Result gSwapped =
            Alternation.run(warmup / 4, pairs, () -> gv.evalPositional(gIn),
                () -> ge.evalPositional(gIn));
        double fv2 = Math.min(f.b(), fSwapped.a());
        rows.add(String.format(
            "n %9d  %-7s forward %.3f / %.3f ns: %.2fx (%.2fx, %.2fx swapped; vector: %.1f GB/s"
                + " at 24 B/elem)   gradient %.3f / %.3f ns: %.2fx (%.2fx, %.2fx)   (load %s)",
            n, function, Math.min(f.a(), fSwapped.b()) / (double) n, fv2 / n,
            Math.sqrt(f.ratio() / fSwapped.ratio()), f.ratio(), 1 / fSwapped.ratio(),
            24.0 * n / fv2, Math.min(g.a(), gSwapped.b()) / (double) n,
            Math.min(g.b(), gSwapped.a()) / (double) n, Math.sqrt(g.ratio() / gSwapped.ratio()),
            g.ratio(), 1 / gSwapped.ratio(), Alternation.load()));
        System.out.println(rows.get(rows.size() - 1));
      }
    }
    System.out.println();
    rows.forEach(System.out::println);
  }
}

package io.github.tidu4j.bench.tensor;

import java.util.ArrayList;
import java.util.List;

/**
 * The default fusion set's lane-order sums against the same set with sums in index order, side by
 * side on a loaded machine: for each function and n, {@link ElementwiseBenchmark}'s fused forward
 * and gradient programs in both orders, timed batch by batch in turn in one JVM ({@link
 * Alternation}), printing median times per call, the median ratio (index order / lanes: above 1,
 * the lanes are faster) and the load average. The two variants differ only in their sums' order,
 * so the ratio is what the lanes gain.
 *
 * <pre>
 * java -Xms4g -Xmx4g --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar \
 *     io.github.tidu4j.bench.tensor.SumOrderSideBySide [pairs] [n,n,…] [function,…]
 * </pre>
 */
public final class SumOrderSideBySide {
  private SumOrderSideBySide() {}

  public static void main(String[] args) {
    int pairs = args.length > 0 ? Integer.parseInt(args[0]) : 101;
    String sizes = args.length > 1 ? args[1] : "1000,1000000,10000000";
    String functions = args.length > 2 ? args[2] : "sumExp,chain8,cheap8";
    System.out.printf("load %s%n", Alternation.load());
    List<String> rows = new ArrayList<>();
    ElementwiseBenchmark b = new ElementwiseBenchmark();
    for (String function : functions.split(",")) {
      for (String size : sizes.split(",")) {
        ElementwiseBenchmark.Vectors v = ElementwiseBenchmark.Vectors.of(Integer.parseInt(size));
        ElementwiseBenchmark.Programs p = ElementwiseBenchmark.Programs.of(function, v, 2, 256);
        int batch = Math.max(1, 200_000 / v.n); // a timed sample of at least ~0.2 ms
        Alternation.Result fwd =
            Alternation.run(2_000_000_000L, pairs,
                () -> Alternation.repeat(batch, () -> b.forwardFusedSequential(p)),
                () -> Alternation.repeat(batch, () -> b.forwardFused(p)));
        Alternation.Result grad =
            Alternation.run(2_000_000_000L, pairs,
                () -> Alternation.repeat(batch, () -> b.gradientFusedSequential(p)),
                () -> Alternation.repeat(batch, () -> b.gradientFused(p)));
        double per = (double) batch * v.n;
        rows.add(String.format(
            "%-7s %9d  forward %6.3f / %6.3f ns per element: %5.2fx   gradient %6.3f / %6.3f:"
                + " %5.2fx   (load %s)",
            function, v.n, fwd.a() / per, fwd.b() / per, fwd.ratio(), grad.a() / per,
            grad.b() / per, grad.ratio(), Alternation.load()));
        System.out.println(rows.get(rows.size() - 1));
      }
    }
    System.out.printf("%nfunction n  index order / lanes (ns per element; ratio above 1: lanes"
        + " faster)%n");
    rows.forEach(System.out::println);
  }
}

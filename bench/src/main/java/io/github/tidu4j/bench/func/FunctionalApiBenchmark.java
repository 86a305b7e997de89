package io.github.tidu4j.bench.func;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.primitives.func.TensorAutodiff;
import io.github.tidu4j.primitives.func.Fn;
import io.github.tidu4j.primitives.func.TensorFunction;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the user-facing APIs cost over a program compiled by hand, on Elementwise(n)'s sumExp
 * gradient ({@code ∇ Σ exp(a·x)}, bench/README.md), each computing the same gradient per call:
 *
 * <ul>
 *   <li>{@link #precompiled}: the gradient program built with {@code AD.linearize} and {@code
 *       AD.linearTranspose}, compiled once, run by the generated {@link TensorEvaluator} (the
 *       limit);
 *   <li>{@link #autodiffGrad}: {@code TensorAutodiff.grad(f)} made once, called per invocation (argument
 *       checks, a cache lookup, binding the constant and the seed);
 *   <li>{@link #autodiffGradRebuilt}: {@code TensorAutodiff.grad(f).apply(x)} with the transform object
 *       made anew per call (found in the cache by equality);
 *   <li>{@link #eager}: one {@code EagerRuntime} for the trial (as a training loop keeps one); per
 *       call a new variable, {@code x·a → exp → sum} recorded, {@code backward()}, {@code grad()};
 *   <li>{@link #eagerPerCall}: {@link #eager} on a new {@code EagerTensor.newRuntime()} each call,
 *       as a server making a runtime per request does;
 *   <li>{@link #eagerFactorFixed}, {@link #eagerFactorNew}, {@link #eagerFactorAsValue}: {@link
 *       #eager} with the sum multiplied by a number, {@code mul(double)}: the same number every
 *       call; a new number every call (an attribute of the operation, so a new operation graph to
 *       build, compile and differentiate); a new number every call, passed as a value ({@code
 *       mul(rt.constant(Tensor.scalar(c)))}).
 * </ul>
 *
 * <p>Scores are ns per gradient; the setup checks that the first five agree, and {@link
 * #eagerFactorFixed} gives half their gradient.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class FunctionalApiBenchmark {
  @Param({"10", "1000", "100000"})
  public int n;

  private Tensor x;
  private Tensor a;
  private Fn f;
  private TensorFunction grad;
  private TensorEvaluator evaluator;
  /** One runtime for the trial, as a training loop keeps one. */
  private EagerRuntime<Tensor, EagerTensor> rt;
  private Tensor[] bound;
  private long calls;

  @Setup(Level.Trial)
  public void setUp() {
    Random r = new Random(1);
    x = Tensor.random(DType.F64, new int[] {n}, r);
    a = Tensor.full(DType.F64, 0.5, n);
    Tensor constant = a;
    f = v -> v.mul(constant).exp().sum();
    grad = TensorAutodiff.grad(f);
    rt = EagerTensor.newRuntime();

    TensorBuilder b = TensorBuilder.create();
    TensorValue xv = b.input("x", DType.F64, n);
    TensorValue av = b.input("a", DType.F64, n);
    Graph<TensorOp> g = b.build(xv.mul(av).exp().sum());
    ValueKey.Input wrt = ValueKey.input(xv.inputKey());
    LinearizedGraph<TensorOp> lin = AD.linearize(Graphs.resolve(g), g.outputKeys(), List.of(wrt));
    LinearizedGraph<TensorOp> vjp = AD.linearTranspose(lin);
    evaluator =
        new TensorEvaluator(
            Graphs.compile(
                Graphs.resolve(vjp.graph()),
                List.<ValueKey.Input>of(
                    wrt, ValueKey.input(av.inputKey()), ValueKey.input(vjp.linearInput(0))),
                vjp.linearOutputs()));
    bound = new Tensor[] {x, a, Tensor.scalar(1)};

    Tensor expected = precompiled();
    check("autodiffGrad", expected, autodiffGrad());
    check("autodiffGradRebuilt", expected, autodiffGradRebuilt());
    check("eager", expected, eager());
    check("eagerPerCall", expected, eagerPerCall());
    double[] half = expected.toDoubleArray();
    for (int i = 0; i < half.length; i++) {
      half[i] *= 0.5;
    }
    check("eagerFactorFixed", Tensor.of(half, n), eagerFactorFixed());
  }

  private static void check(String what, Tensor expected, Tensor actual) {
    if (!actual.allClose(expected, 1e-15, 0)) {
      throw new IllegalStateException(what + " differs: " + actual + " vs " + expected);
    }
  }

  @Benchmark
  public Tensor precompiled() {
    return evaluator.evaluate(bound)[0];
  }

  @Benchmark
  public Tensor autodiffGrad() {
    return grad.apply(x);
  }

  @Benchmark
  public Tensor autodiffGradRebuilt() {
    return TensorAutodiff.grad(f).apply(x);
  }

  @Benchmark
  public Tensor eager() {
    EagerTensor xv = rt.variable(x);
    xv.mul(rt.constant(a)).exp().sum().backward();
    return xv.grad();
  }

  @Benchmark
  public Tensor eagerPerCall() {
    EagerRuntime<Tensor, EagerTensor> own = EagerTensor.newRuntime();
    EagerTensor xv = own.variable(x);
    xv.mul(own.constant(a)).exp().sum().backward();
    return xv.grad();
  }

  @Benchmark
  public Tensor eagerFactorFixed() {
    EagerTensor xv = rt.variable(x);
    xv.mul(rt.constant(a)).exp().sum().mul(0.5).backward();
    return xv.grad();
  }

  @Benchmark
  public Tensor eagerFactorNew() {
    EagerTensor xv = rt.variable(x);
    xv.mul(rt.constant(a)).exp().sum().mul(nextFactor()).backward();
    return xv.grad();
  }

  @Benchmark
  public Tensor eagerFactorAsValue() {
    EagerTensor xv = rt.variable(x);
    xv.mul(rt.constant(a)).exp().sum().mul(rt.constant(Tensor.scalar(nextFactor()))).backward();
    return xv.grad();
  }

  /** 0.5 and a little more on every call: a number no earlier call used. */
  private double nextFactor() {
    return 0.5 + 0x1p-40 * ++calls;
  }
}

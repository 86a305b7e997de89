package io.github.tidu4j.primitives.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.fusion.BlockedSum;
import io.github.tidu4j.graph.fusion.ElementValues;
import io.github.tidu4j.graph.fusion.FusedProgram;
import io.github.tidu4j.graph.fusion.FusionParallelism;
import io.github.tidu4j.graph.fusion.FusionSet;
import io.github.tidu4j.graph.fusion.SumOrder;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.TensorKernels;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorPrimitives;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.tensor.TensorElementValues;
import io.github.tidu4j.primitives.testing.VectorisedValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Fused regions over complex (c128) values, and over real and complex ones mixed through {@code
 * Real} and {@code ToComplex}: the first call of a region with complex externals runs it unfused
 * and learns its members' kinds; later calls run a loop with two unboxed doubles per complex value.
 * In the exact set the values are the unfused program's bit for bit (random programs, forward and
 * gradient, one thread and split); in the default set within {@link VectorisedValues}' tolerance.
 */
class ComplexFusionTest {

  /** {@link TensorElementValues}, counting the complex results fused loops write. */
  private static final class Counting implements ElementValues<Tensor> {
    final AtomicInteger complexResults = new AtomicInteger();

    @Override
    public boolean isReal(Tensor value) {
      return TensorElementValues.INSTANCE.isReal(value);
    }

    @Override
    public boolean isComplex(Tensor value) {
      return TensorElementValues.INSTANCE.isComplex(value);
    }

    @Override
    public double[] data(Tensor value) {
      return TensorElementValues.INSTANCE.data(value);
    }

    @Override
    public boolean sameShape(Tensor a, Tensor b) {
      return TensorElementValues.INSTANCE.sameShape(a, b);
    }

    @Override
    public Tensor realLike(Tensor shapeOf, double[] data) {
      return TensorElementValues.INSTANCE.realLike(shapeOf, data);
    }

    @Override
    public Tensor realScalar(double value) {
      return TensorElementValues.INSTANCE.realScalar(value);
    }

    @Override
    public Tensor complexLike(Tensor shapeOf, double[] interleaved) {
      complexResults.incrementAndGet();
      return TensorElementValues.INSTANCE.complexLike(shapeOf, interleaved);
    }

    @Override
    public Tensor complexScalar(double re, double im) {
      complexResults.incrementAndGet();
      return TensorElementValues.INSTANCE.complexScalar(re, im);
    }
  }

  private static final Counting COUNTING = new Counting();

  /** The exact set's kernels and rules over {@link #COUNTING}. */
  private static final FusionSet<TensorOp, Tensor> COUNTED =
      FusionSet.of(
          TensorKernels.kernelSet(),
          TensorKernels.ELEMENTWISE,
          COUNTING,
          op -> op instanceof TensorPrimitives.ReduceSum sum
              && sum.axes().length == sum.operandShape().length,
          op -> op instanceof TensorPrimitives.BroadcastInDim b && b.operandShape().length == 0);

  private static Tensor complex(SplittableRandom r, int... shape) {
    int n = 1;
    for (int d : shape) {
      n *= d;
    }
    double[] v = new double[2 * n];
    for (int i = 0; i < v.length; i++) {
      v[i] = r.nextDouble(-1.5, 1.5);
    }
    return Tensor.complex(v, shape);
  }

  private static Tensor real(SplittableRandom r, int... shape) {
    int n = 1;
    for (int d : shape) {
      n *= d;
    }
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = r.nextDouble(0.1, 2);
    }
    return Tensor.of(v, shape);
  }

  /**
   * Runs {@code p} twice in each set (the first call of a complex region learns its kinds, the
   * second runs its loop) and compares with the Interpreter: the exact set and the counted set bit
   * for bit, the exact set with lane sums and the default set within tolerance.
   */
  private static void assertFusedValues(
      CompiledProgram<TensorOp> p, List<Tensor> inputs, String what) {
    List<Tensor> unfused = Interpreter.evalPositional(p, inputs);
    for (int call = 0; call < 2; call++) {
      assertEquals(unfused, TensorFusion.fuseExact(p).evalPositional(inputs),
          what + ", exact set, call " + call);
      assertEquals(unfused, COUNTED.fuse(p).evalPositional(inputs),
          what + ", counted set, call " + call);
      VectorisedValues.assertClose(unfused,
          TensorFusion.exactSet().withSumOrder(SumOrder.LANES).fuse(p).evalPositional(inputs),
          what + ", lane sums, call " + call);
      List<Tensor> vectorised = TensorFusion.fuse(p).evalPositional(inputs);
      VectorisedValues.assertClose(unfused, vectorised, what + ", default set, call " + call);
      VectorisedValues.assertMathLoopsExact(p, inputs, unfused, vectorised, what);
    }
  }

  @Test
  void aComplexChainAndItsSumFuseBitForBit() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue z = tb.input("z", DType.C128, 5);
    TensorValue w = tb.input("w", DType.C128, 5);
    TensorValue y = z.mul(w).exp().add(z.conj()).div(w.sin().add(z));
    CompiledProgram<TensorOp> p = Graphs.compile(Graphs.materialize(tb.build(y, y.sum())));
    assertEquals(1, TensorFusion.fuse(p).regionCount());
    SplittableRandom r = new SplittableRandom(1);
    int before = COUNTING.complexResults.get();
    assertFusedValues(p, List.of(complex(r, 5), complex(r, 5)), "chain");
    assertTrue(COUNTING.complexResults.get() > before, "a fused loop wrote complex results");
  }

  @Test
  void realAndComplexMixThroughRealAndToComplex() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue z = tb.input("z", DType.C128, 2, 3);
    TensorValue x = tb.input("x", DType.F64, 2, 3);
    TensorValue s = tb.input("s", DType.C128);
    TensorValue zs = z.mul(s.broadcastInDim(new int[] {2, 3}));
    TensorValue re = zs.exp().real().mul(x).sqrt(); // complex → real
    TensorValue back = re.toComplex().mul(z).add(x.log().toComplex()); // real → complex
    CompiledProgram<TensorOp> p =
        Graphs.compile(Graphs.materialize(tb.build(re.sum(), back, back.sum())));
    SplittableRandom r = new SplittableRandom(2);
    assertFusedValues(p, List.of(complex(r, 2, 3), real(r, 2, 3), complex(r)), "mixed");
  }

  @Test
  void aRealRegionStartingAComplexValueFuses() {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue x = tb.input("x", DType.F64, 4);
    TensorValue y = x.exp().toComplex().mul(x.sin().toComplex()).cos();
    CompiledProgram<TensorOp> p = Graphs.compile(Graphs.materialize(tb.build(y, y.sum())));
    assertFusedValues(p, List.of(real(new SplittableRandom(3), 4)), "real to complex");
  }

  /**
   * Random programs over two complex inputs and a real one: each step applies a random
   * elementwise primitive (on complex values, or a real one through {@code Real}, back through
   * {@code ToComplex}), with full sums now and then; every value is an output.
   */
  @Test
  void randomComplexProgramsEqualTheUnfusedBitForBit() {
    Random random = new Random(11);
    List<Function<TensorValue, TensorValue>> unary =
        List.of(TensorValue::exp, TensorValue::neg, TensorValue::conj, TensorValue::sin,
            TensorValue::cos, TensorValue::tanh, TensorValue::sqrt, TensorValue::recip,
            TensorValue::log, v -> v.scale(-0.75), v -> v.real().exp().toComplex());
    for (int trial = 0; trial < 40; trial++) {
      TensorBuilder tb = TensorBuilder.create();
      int n = 1 + random.nextInt(9);
      SplittableRandom data = new SplittableRandom(trial);
      List<TensorValue> values = new ArrayList<>();
      List<Tensor> inputs = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        values.add(tb.input("z" + i, DType.C128, n));
        inputs.add(complex(data, n));
      }
      TensorValue x = tb.input("x", DType.F64, n);
      inputs.add(real(data, n));
      values.add(x.toComplex());
      List<TensorValue> outputs = new ArrayList<>();
      for (int step = 0; step < 10; step++) {
        TensorValue a = values.get(random.nextInt(values.size()));
        TensorValue b = values.get(random.nextInt(values.size()));
        TensorValue next =
            switch (random.nextInt(5)) {
              case 0 -> a.add(b);
              case 1 -> a.mul(b);
              case 2 -> a.div(b.exp());
              case 3 -> a.real().mul(x).toComplex().add(b);
              default -> unary.get(random.nextInt(unary.size())).apply(a);
            };
        values.add(next);
        outputs.add(next);
        if (random.nextInt(4) == 0) {
          outputs.add(next.sum());
        }
      }
      CompiledProgram<TensorOp> p =
          Graphs.compile(Graphs.materialize(tb.build(outputs.toArray(TensorValue[]::new))));
      assertFusedValues(p, inputs, "trial " + trial);
    }
  }

  /** f(z, w) = Σ real(conj(z)·exp(w·z)) + Σ |sin z|², its gradient with respect to z and w. */
  private static CompiledProgram<TensorOp> gradient(int n) {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue z = tb.input("z", DType.C128, n);
    TensorValue w = tb.input("w", DType.C128, n);
    TensorValue sz = z.sin();
    TensorValue y = z.conj().mul(w.mul(z).exp()).real().sum().add(sz.mul(sz.conj()).real().sum());
    Graph<TensorOp> f = tb.build(y);
    List<ValueKey.Input> inputs =
        List.of(ValueKey.input(z.inputKey()), ValueKey.input(w.inputKey()));
    LinearizedGraph<TensorOp> lin = AD.linearize(Graphs.resolve(f), f.outputKeys(), inputs);
    LinearizedGraph<TensorOp> vjp = AD.linearTranspose(lin);
    List<ValueKey.Input> gradInputs = new ArrayList<>(inputs);
    gradInputs.add(ValueKey.input(vjp.linearInput(0)));
    return Graphs.compile(
        Graphs.resolve(List.of(f, vjp.graph())),
        gradInputs,
        List.of(f.outputKey(0), vjp.linearOutput(0), vjp.linearOutput(1)));
  }

  @Test
  void gradientsOfComplexFunctionsFuseBitForBit() {
    for (int n : new int[] {1, 3, 100}) {
      CompiledProgram<TensorOp> p = gradient(n);
      SplittableRandom r = new SplittableRandom(n);
      assertTrue(TensorFusion.fuse(p).regionCount() > 0);
      assertFusedValues(
          p, List.of(complex(r, n), complex(r, n), Tensor.scalar(1.0)), "gradient, n " + n);
    }
  }

  @Test
  void largeComplexProgramsGiveTheUnfusedBitsOnAnyNumberOfThreads() {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      int n = 2 * BlockedSum.BLOCK + 7;
      CompiledProgram<TensorOp> p = gradient(n);
      SplittableRandom r = new SplittableRandom(5);
      List<Tensor> inputs = List.of(complex(r, n), complex(r, n), Tensor.scalar(1.0));
      List<Tensor> unfused = Interpreter.evalPositional(p, inputs);
      for (FusionParallelism split :
          List.of(FusionParallelism.serial(), FusionParallelism.of(pool, 3, 0))) {
        FusedProgram<TensorOp, Tensor> exact = TensorFusion.exactSet(split).fuse(p);
        FusedProgram<TensorOp, Tensor> lanes =
            TensorFusion.exactSet(split).withSumOrder(SumOrder.LANES).fuse(p);
        List<Tensor> lanesSerial =
            TensorFusion.exactSet(FusionParallelism.serial()).withSumOrder(SumOrder.LANES)
                .fuse(p).evalPositional(inputs);
        for (int call = 0; call < 2; call++) {
          assertEquals(unfused, exact.evalPositional(inputs), split + ", call " + call);
          assertEquals(lanesSerial, lanes.evalPositional(inputs), "lanes, " + split);
        }
        VectorisedValues.assertClose(unfused, lanesSerial, "lanes");
      }
    } finally {
      pool.shutdownNow();
    }
  }
}

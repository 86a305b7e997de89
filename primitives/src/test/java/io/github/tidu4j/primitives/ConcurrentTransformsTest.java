package io.github.tidu4j.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.TaylorGraph;
import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.ad.func.FunctionCache;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.TieredRunners;
import io.github.tidu4j.graph.testing.Concurrently;
import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.primitives.func.TensorAutodiff;
import io.github.tidu4j.primitives.func.TensorFunction;
import io.github.tidu4j.primitives.scalar.EagerScalar;
import io.github.tidu4j.primitives.scalar.ScalarBuilder;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import io.github.tidu4j.primitives.scalar.Trig;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.tensor.VectorMath;
import io.github.tidu4j.primitives.testing.RandomTensors;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The primitives module's transforms and runtimes run on four threads at once, every result of
 * every thread bit-identical ({@code Double.doubleToRawLongBits}) to a reference computed on one
 * thread beforehand (itself checked against exact or hand-written values). Shared state under
 * contention: the keys of one primal graph of the Scalar set (the global weak key table, their
 * last-use memos and first-definition hints) while Taylor-mode, linearize/transpose and
 * forward-over-reverse passes all read and extend them; the lazily made keys of a Taylor graph
 * and of a gradient graph that every thread reads, and the views' sites found over them; one
 * {@link BytecodeCompiler}'s cache of classes by program shape; a {@link ScalarAutodiff}'s and
 * {@link TensorAutodiff}'s caches of compiled functions (one compilation per function however
 * many threads miss at once) and the {@link TieredRunners} of their programs, whose racy call
 * counters, single promotion request and runner swap (to bytecode, or to fused loops) happen
 * while other threads call them; and an eager runtime's operation-graph cache, backward plans,
 * tape segments and tiered runners, shared by threads that record, expand and back-propagate.
 */
class ConcurrentTransformsTest {
  private static final int THREADS = 4;
  private static final int MAX_ORDER = 4;
  private static final InputKey[] X = {
    InputKey.user("x0"), InputKey.user("x1"), InputKey.user("x2"), InputKey.user("x3")
  };
  private static final List<ValueKey.Input> WRT =
      List.of(
          ValueKey.input(X[0]), ValueKey.input(X[1]), ValueKey.input(X[2]), ValueKey.input(X[3]));
  /** RandDAG's input values x0..x3. */
  private static final double[] INPUT_VALUES = {0.1, 0.2, 0.3, 0.4};
  /** The direction v of the Taylor expansions along x + t·v and of the products H·v. */
  private static final double[] DIRECTION = {0.5, -1.0, 0.25, 2.0};
  private static final String[] TIERS = {"switch evaluator", "interpreter", "bytecode"};
  private static final String[] GRADIENT_OUTPUTS = {"y", "dy/dx0", "dy/dx1", "dy/dx2", "dy/dx3"};
  private static final String[] HVP_OUTPUTS = {"(Hv)0", "(Hv)1", "(Hv)2", "(Hv)3"};
  /** At most this many mismatches are listed in a failure message (all are counted). */
  private static final int LISTED = 40;
  /** How long threads keep calling a function while waiting for its programs' promotion. */
  private static final long PROMOTION_WAIT_NANOS = TimeUnit.SECONDS.toNanos(20);

  // ---- 1. Taylor mode and first-order passes over one shared primal

  @Test
  void taylorAndGradientPassesOverOneSharedPrimalAtOnceGiveItsReferenceValues()
      throws Exception {
    Dag dag = Dag.generate(300, 42);
    Graph<ScalarOp> f = dag.build();
    BytecodeCompiler<ScalarOp> bytecode = new BytecodeCompiler<>(ScalarKernels.kernelSet());
    double[][] taylorReference = new double[MAX_ORDER + 1][];
    for (int order = 1; order <= MAX_ORDER; order++) {
      String what = "Taylor order " + order;
      taylorReference[order] =
          agreed(taylorCoefficients(taylorGraph(f, order), bytecode, false), what);
      assertClose(dag.taylor(INPUT_VALUES, DIRECTION, order), taylorReference[order], 1e-9, what);
    }
    double[] gradientReference = agreed(gradient(f, gradientGraph(f), bytecode), "gradient");
    assertClose(dag.valueAndGradient(INPUT_VALUES), gradientReference, 1e-12, "gradient");
    // pass graphs every thread reads, their keys not made yet: the first readers make them
    TaylorGraph<ScalarOp> sharedTaylor = taylorGraph(f, MAX_ORDER);
    LinearizedGraph<ScalarOp> sharedVjp = gradientGraph(f);
    int rounds = 12;
    List<String> mismatches =
        concurrently(
            thread -> {
              List<String> found = new ArrayList<>();
              for (int round = 0; round < rounds; round++) {
                // every third round on a primal this thread builds again, with f's keys (claiming
                // their first definitions while the other threads' passes read f's)
                boolean rebuilt = round % 3 == 2;
                Graph<ScalarOp> primal = rebuilt ? dag.build() : f;
                String at =
                    "thread " + thread + ", round " + round + (rebuilt ? ", rebuilt f, " : ", ");
                // at any time two threads expand f in Taylor mode and two differentiate it
                if ((thread + round) % 2 == 0) {
                  if (round < 2) {
                    // one of the first two readers resolves the shared graph before asking
                    // for its keys, the other after
                    compareTiers(
                        taylorReference[MAX_ORDER],
                        taylorCoefficients(sharedTaylor, bytecode, (thread / 2) % 2 == 0),
                        coefficientNames(MAX_ORDER), at + "shared Taylor graph", found);
                  }
                  int order = 1 + (round / 2 + thread) % MAX_ORDER;
                  compareTiers(
                      taylorReference[order],
                      taylorCoefficients(
                          taylorGraph(primal, order), bytecode, (round / 2) % 2 == 1),
                      coefficientNames(order), at + "own Taylor graph", found);
                } else {
                  if (round < 2) {
                    compareTiers(
                        gradientReference, gradient(f, sharedVjp, bytecode), GRADIENT_OUTPUTS,
                        at + "shared vjp", found);
                  }
                  compareTiers(
                      gradientReference, gradient(primal, gradientGraph(primal), bytecode),
                      GRADIENT_OUTPUTS, at + "own vjp", found);
                }
              }
              return found;
            });
    assertNoMismatch(mismatches);
    assertTrue(bytecode.hits() > 0, "the threads never shared a bytecode class");
  }

  // ---- 2. One ScalarAutodiff function, promoted to bytecode while called

  /** Calls per thread before a thread may stop; it goes on until every program is promoted. */
  private static final int SCALAR_CALLS = 600;
  private static final int SCALAR_PROMOTION_THRESHOLD = 256;
  private static final int POINTS = 8;
  private static final String[] SCALAR_TRANSFORMS = {
    "grad(e)", "grad(grad(e))", "derivatives(e, 3)", "grad(g, 0, 1)", "jvp(grad(g, 0, 1))",
    "taylor(g, 3)"
  };
  /** The arguments each transform takes: x; x0, x1; x0, x1 and the direction v0, v1. */
  private static final int[] SCALAR_ARITY = {1, 1, 1, 2, 4, 4};

  @Test
  void scalarAutodiffFunctionsCalledOnAllThreadsWhileBeingPromotedGiveTheirReferenceBits()
      throws Exception {
    ScalarAutodiff<ScalarOp> switchOnly =
        ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);
    List<ScalarFunction<ScalarOp>> referenceTransforms =
        scalarTransforms(switchOnly, expAx(switchOnly), sinProductPlusExp(switchOnly));
    double[][][][] reference = new double[THREADS][POINTS][SCALAR_TRANSFORMS.length][];
    for (int thread = 0; thread < THREADS; thread++) {
      for (int point = 0; point < POINTS; point++) {
        for (int j = 0; j < SCALAR_TRANSFORMS.length; j++) {
          double[] args = scalarArguments(thread, point, j);
          reference[thread][point][j] = referenceTransforms.get(j).applyAll(args);
          assertScalarReference(j, args, reference[thread][point][j]);
        }
      }
    }
    // ExpAx: f(x) = exp(a·x), a = 2, at x = 0.5 (thread 0, point 0): f^(k) = a^k·exp(a·x) = 2^k·e
    assertEquals(0.5, scalarArguments(0, 0, 2)[0]);
    for (int k = 0; k <= 3; k++) {
      assertEquals(Math.pow(2, k) * Math.E, reference[0][0][2][k], 1e-15 * Math.pow(2, k) * 3,
          "ExpAx, derivative " + k);
    }

    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.builder(
                ScalarEvaluator::new, new BytecodeCompiler<>(ScalarKernels.kernelSet()))
            .threshold(SCALAR_PROMOTION_THRESHOLD)
            .build();
    ScalarAutodiff<ScalarOp> ad = ScalarAutodiff.of(ScalarOp.class, tiered);
    ScalarFunction<ScalarOp> e = expAx(ad);
    ScalarFunction<ScalarOp> g = sinProductPlusExp(ad);
    int programs = SCALAR_TRANSFORMS.length;
    List<String> mismatches =
        concurrently(
            thread -> {
              // each thread makes its own transforms of the shared functions: equal transforms
              // share one cache entry, compiled once
              List<ScalarFunction<ScalarOp>> fs = scalarTransforms(ad, e, g);
              List<String> found = new ArrayList<>();
              long deadline = System.nanoTime() + PROMOTION_WAIT_NANOS;
              for (int call = 0;
                  call < SCALAR_CALLS
                      || (tiered.stats().promoted() < programs && System.nanoTime() < deadline);
                  call++) {
                int point = call % POINTS;
                for (int j = 0; j < programs; j++) {
                  compare(
                      reference[thread][point][j],
                      fs.get(j).applyAll(scalarArguments(thread, point, j)),
                      transformOutputNames(j),
                      "thread " + thread + ", call " + call + ", " + fs.get(j).describe(),
                      found);
                }
              }
              return found;
            });
    assertNoMismatch(mismatches);
    assertEachCompiledOnceAndPromoted(programs, ad.cacheStats().compilations(), tiered);
    // and all on bytecode now, at once
    List<String> afterwards =
        concurrently(
            thread -> {
              List<ScalarFunction<ScalarOp>> fs = scalarTransforms(ad, e, g);
              List<String> found = new ArrayList<>();
              for (int call = 0; call < 4 * POINTS; call++) {
                int point = call % POINTS;
                for (int j = 0; j < programs; j++) {
                  compare(
                      reference[thread][point][j],
                      fs.get(j).applyAll(scalarArguments(thread, point, j)),
                      transformOutputNames(j),
                      "promoted, thread " + thread + ", call " + call + ", "
                          + fs.get(j).describe(),
                      found);
                }
              }
              return found;
            });
    assertNoMismatch(afterwards);
  }

  /** e(x) = exp(2x), ExpAx with a = 2. */
  private static ScalarFunction<ScalarOp> expAx(ScalarAutodiff<ScalarOp> ad) {
    return ad.function(ScalarValue.unary(x -> x.scale(2.0).exp()));
  }

  /** g(x0, x1) = sin(x0·x1) + exp(x0). */
  private static ScalarFunction<ScalarOp> sinProductPlusExp(ScalarAutodiff<ScalarOp> ad) {
    return ad.function(
        2,
        (b, x) -> {
          ScalarBuilder s = ScalarBuilder.on(b);
          ScalarValue x0 = s.value(x.get(0));
          ScalarValue x1 = s.value(x.get(1));
          return List.of(x0.mul(x1).sin().add(x0.exp()).ref());
        });
  }

  /** The transforms {@link #SCALAR_TRANSFORMS} names, of {@code e} and {@code g}. */
  private static List<ScalarFunction<ScalarOp>> scalarTransforms(
      ScalarAutodiff<ScalarOp> ad, ScalarFunction<ScalarOp> e, ScalarFunction<ScalarOp> g) {
    ScalarFunction<ScalarOp> gradG = ad.grad(g, 0, 1);
    return List.of(
        ad.grad(e), ad.grad(ad.grad(e)), ad.derivatives(e, 3), gradG, ad.jvp(gradG),
        ad.taylor(g, 3));
  }

  /** The arguments of transform {@code j} at thread {@code thread}'s point {@code point}. */
  private static double[] scalarArguments(int thread, int point, int j) {
    int q = thread * POINTS + point;
    double x0 = 0.5 + 0.05 * q;
    double x1 = 0.75 - 0.03 * q;
    return switch (SCALAR_ARITY[j]) {
      case 1 -> new double[] {x0};
      case 2 -> new double[] {x0, x1};
      default -> new double[] {x0, x1, 0.5, -1.0};
    };
  }

  private static String[] transformOutputNames(int j) {
    return switch (j) {
      case 0 -> new String[] {"e'"};
      case 1 -> new String[] {"e''"};
      case 2 -> new String[] {"e", "e'", "e''", "e'''"};
      case 3 -> new String[] {"dg/dx0", "dg/dx1"};
      case 4 -> new String[] {"dg/dx0", "dg/dx1", "(Hv)0", "(Hv)1"};
      default -> coefficientNames(3);
    };
  }

  /** The reference values of transform {@code j} against their closed forms. */
  private static void assertScalarReference(int j, double[] args, double[] actual) {
    double x0 = args[0];
    double[] expected;
    if (j <= 2) {
      double y = Math.exp(2 * x0);
      expected =
          j == 0 ? new double[] {2 * y}
              : j == 1 ? new double[] {4 * y}
              : new double[] {y, 2 * y, 4 * y, 8 * y};
    } else {
      double x1 = args[1];
      double p = x0 * x1;
      double sin = Math.sin(p);
      double cos = Math.cos(p);
      double ex = Math.exp(x0);
      double[] gradient = {x1 * cos + ex, x0 * cos};
      if (j == 3) {
        expected = gradient;
      } else {
        double v0 = args[2];
        double v1 = args[3];
        double h00 = -x1 * x1 * sin + ex;
        double h01 = cos - p * sin;
        double h11 = -x0 * x0 * sin;
        if (j == 4) {
          expected =
              new double[] {gradient[0], gradient[1], h00 * v0 + h01 * v1, h01 * v0 + h11 * v1};
        } else {
          // g(x + t·v) = sin(p(t)) + exp(x0 + t·v0), p(t) = x0·x1 + (x0·v1 + x1·v0)·t + v0·v1·t²
          double[] series = sinCos(new double[] {p, x0 * v1 + x1 * v0, v0 * v1, 0})[0];
          expected = new double[4];
          double power = 1;
          double factorial = 1;
          for (int k = 0; k < 4; k++) {
            expected[k] = series[k] + ex * power / factorial;
            power *= v0;
            factorial *= k + 1;
          }
        }
      }
    }
    assertClose(expected, actual, 1e-13, SCALAR_TRANSFORMS[j] + " at " + x0);
  }

  // ---- 3. One TensorAutodiff function, fused while called

  private static final int TENSOR_SIZE = 2048;
  private static final int TENSOR_CALLS = 300;
  private static final String[] TENSOR_TRANSFORMS = {
    "valueAndGrad(sumExp)", "hvp(sumExp)", "valueAndGrad(chain, 0, 1)"
  };

  @Test
  void tensorAutodiffFunctionsCalledOnAllThreadsWhileBeingFusedGiveEachItsReferenceBits()
      throws Exception {
    TensorFunction sumExp = TensorAutodiff.function(x -> x.mul(2.0).exp().sum());
    TensorFunction chain =
        TensorAutodiff.function(3, v -> List.of(chain(v.get(0), v.get(1), v.get(2))));
    ProgramRunner.Factory<TensorOp, Tensor> unfused =
        TieredRunners.of(TensorEvaluator::new, TensorKernels::kernelSet);
    FunctionCache<TensorOp, TensorType, Tensor> interpreted =
        new FunctionCache<>(
            TensorDomain.INSTANCE, ProgramRunner.<TensorOp, Tensor>interpreter(), 64);
    // TensorAutodiff's default fusion set, every program fused before its first call
    FunctionCache<TensorOp, TensorType, Tensor> fusedAtOnce =
        new FunctionCache<>(
            TensorDomain.INSTANCE,
            FusionTier.runners(
                FusionTier.builder(TensorEvaluator::new, FusionTier.fusionSet(false), unfused)
                    .threshold(1)
                    .synchronous()
                    .build(),
                unfused),
            64);
    // the exact fusion set (the unfused bits), programs fused in the background once their
    // calls have covered 64 inputs' elements
    TieredRunners<TensorOp, Tensor> fusing =
        FusionTier.builder(TensorEvaluator::new, FusionTier.fusionSet(true), unfused)
            .threshold(64L * TENSOR_SIZE)
            .build();
    FunctionCache<TensorOp, TensorType, Tensor> exact =
        new FunctionCache<>(TensorDomain.INSTANCE, FusionTier.runners(fusing, unfused), 64);

    int programs = TENSOR_TRANSFORMS.length;
    List<List<List<Tensor>>> arguments = new ArrayList<>();
    double[][][][] reference = new double[THREADS][programs][][];
    double[][][][] fusedReference = new double[THREADS][programs][][];
    List<TensorFunction> referenceTransforms = tensorTransforms(sumExp, chain);
    for (int thread = 0; thread < THREADS; thread++) {
      List<List<Tensor>> args = tensorArguments(thread);
      arguments.add(args);
      for (int j = 0; j < programs; j++) {
        TensorFunction f = referenceTransforms.get(j);
        reference[thread][j] = elements(interpreted.call(f.traceable(), args.get(j)));
        fusedReference[thread][j] = elements(fusedAtOnce.call(f.traceable(), args.get(j)));
        assertTensorReference(j, args.get(j), reference[thread][j]);
      }
    }
    List<String> mismatches =
        concurrently(
            thread -> {
              List<TensorFunction> fs = tensorTransforms(sumExp, chain);
              List<List<Tensor>> args = arguments.get(thread);
              List<String> found = new ArrayList<>();
              long deadline = System.nanoTime() + PROMOTION_WAIT_NANOS;
              for (int call = 0;
                  call < TENSOR_CALLS
                      || (fusing.stats().promoted() < programs && System.nanoTime() < deadline);
                  call++) {
                for (int j = 0; j < programs; j++) {
                  String at = "thread " + thread + ", call " + call + ", " + TENSOR_TRANSFORMS[j];
                  compareTensors(
                      reference[thread][j],
                      exact.call(fs.get(j).traceable(), args.get(j)),
                      at + ", exact fusion tier", found);
                  // TensorAutodiff's own cache and tiers: the unfused values until the program
                  // is fused in the default set, then that set's
                  compareEither(
                      reference[thread][j], fusedReference[thread][j],
                      fs.get(j).applyAll(args.get(j)), at + ", TensorAutodiff", found);
                }
              }
              return found;
            });
    assertNoMismatch(mismatches);
    assertEachCompiledOnceAndPromoted(programs, exact.stats().compilations(), fusing);
    List<String> afterwards =
        concurrently(
            thread -> {
              List<TensorFunction> fs = tensorTransforms(sumExp, chain);
              List<String> found = new ArrayList<>();
              for (int call = 0; call < 8; call++) {
                for (int j = 0; j < programs; j++) {
                  compareTensors(
                      reference[thread][j],
                      exact.call(fs.get(j).traceable(), arguments.get(thread).get(j)),
                      "fused, thread " + thread + ", call " + call + ", " + TENSOR_TRANSFORMS[j],
                      found);
                }
              }
              return found;
            });
    assertNoMismatch(afterwards);
  }

  /** Σ −tanh(cos(sin(exp(x·a + b))))·a. */
  private static TensorValue chain(TensorValue x, TensorValue a, TensorValue b) {
    return x.mul(a).add(b).exp().sin().cos().tanh().neg().mul(a).sum();
  }

  private static List<TensorFunction> tensorTransforms(
      TensorFunction sumExp, TensorFunction chain) {
    return List.of(
        TensorAutodiff.valueAndGrad(sumExp),
        TensorAutodiff.hvp(sumExp),
        TensorAutodiff.valueAndGrad(chain, 0, 1));
  }

  /** Thread {@code thread}'s own arguments of each transform: x; x, v; x, a, b. */
  private static List<List<Tensor>> tensorArguments(int thread) {
    SplittableRandom r = new SplittableRandom(100 + thread);
    Tensor x = RandomTensors.vector(r, TENSOR_SIZE, -1, 1);
    Tensor v = RandomTensors.vector(r, TENSOR_SIZE, -1, 1);
    Tensor a = RandomTensors.vector(r, TENSOR_SIZE, -1, 1);
    Tensor b = RandomTensors.vector(r, TENSOR_SIZE, -1, 1);
    return List.of(List.of(x), List.of(x, v), List.of(x, a, b));
  }

  /** The reference values of transform {@code j} against their closed forms. */
  private static void assertTensorReference(int j, List<Tensor> args, double[][] actual) {
    double[] x = args.get(0).toDoubleArray();
    int n = x.length;
    double[][] expected;
    if (j == 0 || j == 1) {
      double[] exp2x = new double[n];
      double sum = 0;
      for (int i = 0; i < n; i++) {
        exp2x[i] = Math.exp(2 * x[i]);
        sum += exp2x[i];
      }
      double[] derivative = new double[n];
      if (j == 0) {
        for (int i = 0; i < n; i++) {
          derivative[i] = 2 * exp2x[i];
        }
        expected = new double[][] {{sum}, derivative};
      } else {
        double[] v = args.get(1).toDoubleArray();
        for (int i = 0; i < n; i++) {
          derivative[i] = 4 * exp2x[i] * v[i];
        }
        expected = new double[][] {derivative};
      }
    } else {
      expected = chainValueAndGradient(x, args.get(1).toDoubleArray(), args.get(2).toDoubleArray());
    }
    assertEquals(expected.length, actual.length, TENSOR_TRANSFORMS[j]);
    for (int k = 0; k < expected.length; k++) {
      assertClose(expected[k], actual[k], 1e-12, TENSOR_TRANSFORMS[j] + ", output " + k);
    }
  }

  /** {@link #chain}'s value and its gradient with respect to x and a, by hand. */
  private static double[][] chainValueAndGradient(double[] x, double[] a, double[] b) {
    int n = x.length;
    double value = 0;
    double[] gx = new double[n];
    double[] ga = new double[n];
    for (int i = 0; i < n; i++) {
      double e = Math.exp(x[i] * a[i] + b[i]);
      double s = Math.sin(e);
      double c = Math.cos(s);
      double t = Math.tanh(c);
      value -= t * a[i];
      // d/du of −tanh(cos(sin(exp(u))))·a, u = x·a + b
      double du = -a[i] * (1 - t * t) * -Math.sin(s) * Math.cos(e) * e;
      gx[i] = du * a[i];
      ga[i] = -t + du * x[i];
    }
    return new double[][] {{value}, gx, ga};
  }

  // ---- 4. The eager runtimes

  @Test
  void oneEagerScalarRuntimeSharedByAllThreadsGivesEachTheReferenceGradientAndTaylorSeries()
      throws Exception {
    Dag dag = Dag.generate(150, 42);
    int order = 3;
    // tape segments of 5 invocations: alone, a thread's DAG is cut at the same places each time;
    // shared, where the invocations of every thread fall
    int segmentLimit = 5;
    double[] reference =
        eagerScalar(
            EagerScalar.newRuntime(ScalarEvaluator::new, segmentLimit), dag, order, true);
    String[] names = eagerScalarNames(order);
    assertClose(dag.valueAndGradient(INPUT_VALUES), slice(reference, 0, 5), 1e-12, "gradient");
    assertClose(
        dag.taylor(INPUT_VALUES, DIRECTION, order), slice(reference, 5, order + 1), 1e-12,
        "Taylor");
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.builder(
                ScalarEvaluator::new, new BytecodeCompiler<>(ScalarKernels.kernelSet()))
            .threshold(32)
            .build();
    EagerRuntime<Double, EagerScalar> rt = EagerScalar.newRuntime(tiered, segmentLimit);
    int rounds = 40;
    List<String> mismatches =
        concurrently(
            thread -> {
              List<String> found = new ArrayList<>();
              // and on while promotions requested are under way
              long deadline = System.nanoTime() + PROMOTION_WAIT_NANOS;
              for (int round = 0; round < rounds || promoting(tiered, deadline); round++) {
                // Taylor before a releasing backward, or after one that retains the tape
                boolean taylorFirst = (thread + round) % 2 == 0;
                compare(
                    reference, eagerScalar(rt, dag, order, taylorFirst), names,
                    "thread " + thread + ", round " + round
                        + (taylorFirst ? ", Taylor first" : ", backward first"),
                    found);
              }
              return found;
            });
    assertNoMismatch(mismatches);
    TieredRunners.Stats stats = settled(tiered);
    assertEquals(0, stats.failed(), stats::toString);
    assertTrue(stats.promoted() > 0, stats::toString);
  }

  /**
   * y = the DAG of eager values x0..x3 on {@code rt}; its value, its gradient by a backward pass
   * and its Taylor coefficients y_0..y_order along {@link #DIRECTION} from the tape.
   */
  private static double[] eagerScalar(
      EagerRuntime<Double, EagerScalar> rt, Dag dag, int order, boolean taylorFirst) {
    List<EagerScalar> x = new ArrayList<>();
    List<Double> directions = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      x.add(rt.variable(INPUT_VALUES[i]));
      directions.add(DIRECTION[i]);
    }
    EagerScalar y =
        dag.apply(
            x, new DagOps<>(EagerScalar::add, EagerScalar::mul, EagerScalar::sin,
                EagerScalar::cos));
    List<Double> coefficients;
    if (taylorFirst) {
      coefficients = rt.taylor(List.of(y), x, directions, order).get(0);
      y.backward();
    } else {
      y.backward(true);
      coefficients = rt.taylor(List.of(y), x, directions, order).get(0);
    }
    double[] values = new double[5 + order + 1];
    values[0] = y.value();
    for (int i = 0; i < 4; i++) {
      values[1 + i] = x.get(i).grad();
    }
    for (int k = 0; k <= order; k++) {
      values[5 + k] = coefficients.get(k);
    }
    return values;
  }

  private static String[] eagerScalarNames(int order) {
    String[] names = new String[5 + order + 1];
    System.arraycopy(GRADIENT_OUTPUTS, 0, names, 0, 5);
    System.arraycopy(coefficientNames(order), 0, names, 5, order + 1);
    return names;
  }

  private static final int EAGER_TENSOR_SIZE = 256;
  private static final String[] EAGER_TENSOR_OUTPUTS = {"y", "dy/dx", "dy/da", "y_1", "y_2"};

  @Test
  void oneEagerTensorRuntimeSharedByAllThreadsGivesEachItsOwnReferenceDerivatives()
      throws Exception {
    EagerRuntime<Tensor, EagerTensor> referenceRuntime =
        EagerTensor.newRuntime(TensorEvaluator::new);
    List<List<Tensor>> arguments = new ArrayList<>();
    double[][][] reference = new double[THREADS][][];
    for (int thread = 0; thread < THREADS; thread++) {
      SplittableRandom r = new SplittableRandom(200 + thread);
      List<Tensor> args = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        args.add(RandomTensors.vector(r, EAGER_TENSOR_SIZE, -1, 1)); // x, a, b, and v
      }
      arguments.add(args);
      reference[thread] = eagerChain(referenceRuntime, args, thread % 2 == 0);
      assertEagerChainReference(args, reference[thread]);
    }
    ProgramRunner.Factory<TensorOp, Tensor> unfused =
        TieredRunners.of(TensorEvaluator::new, TensorKernels::kernelSet);
    TieredRunners<TensorOp, Tensor> fusing =
        FusionTier.builder(TensorEvaluator::new, FusionTier.fusionSet(true), unfused)
            .threshold(32L * EAGER_TENSOR_SIZE)
            .build();
    // a short tape segment, so that threads also start new segments at once
    EagerRuntime<Tensor, EagerTensor> rt =
        EagerTensor.newRuntime(FusionTier.runners(fusing, unfused), 5);
    int rounds = 40;
    List<String> mismatches =
        concurrently(
            thread -> {
              List<String> found = new ArrayList<>();
              long deadline = System.nanoTime() + PROMOTION_WAIT_NANOS;
              for (int round = 0; round < rounds || promoting(fusing, deadline); round++) {
                boolean taylorFirst = (thread + round) % 2 == 0;
                double[][] actual = eagerChain(rt, arguments.get(thread), taylorFirst);
                String at =
                    "thread " + thread + ", round " + round
                        + (taylorFirst ? ", Taylor first, " : ", backward first, ");
                for (int k = 0; k < actual.length; k++) {
                  compareElements(
                      reference[thread][k], actual[k], at + EAGER_TENSOR_OUTPUTS[k], found);
                }
              }
              return found;
            });
    assertNoMismatch(mismatches);
    TieredRunners.Stats stats = settled(fusing);
    assertEquals(0, stats.failed(), stats::toString);
    assertTrue(stats.promoted() > 0, stats::toString);
  }

  /**
   * {@link #chain} of eager values on {@code rt}: its value, its gradient in x and a by a backward
   * pass, and its Taylor coefficients y_1, y_2 along x + t·v (a held fixed) from the tape.
   */
  private static double[][] eagerChain(
      EagerRuntime<Tensor, EagerTensor> rt, List<Tensor> args, boolean taylorFirst) {
    EagerTensor x = rt.variable(args.get(0));
    EagerTensor a = rt.variable(args.get(1));
    EagerTensor b = rt.constant(args.get(2));
    EagerTensor y = x.mul(a).add(b).exp().sin().cos().tanh().neg().mul(a).sum();
    List<Tensor> coefficients;
    if (taylorFirst) {
      coefficients = rt.taylor(List.of(y), List.of(x), List.of(args.get(3)), 2).get(0);
      y.backward();
    } else {
      y.backward(true);
      coefficients = rt.taylor(List.of(y), List.of(x), List.of(args.get(3)), 2).get(0);
    }
    assertEquals(3, coefficients.size());
    return new double[][] {
      y.value().toDoubleArray(), x.grad().toDoubleArray(), a.grad().toDoubleArray(),
      coefficients.get(1).toDoubleArray(), coefficients.get(2).toDoubleArray()
    };
  }

  /**
   * The value and gradient against {@link #chainValueAndGradient}; y_1 = ∇ₓy·v, and 2·y_2 = v·H·v
   * against central differences of that gradient along v.
   */
  private static void assertEagerChainReference(List<Tensor> args, double[][] reference) {
    double[] x = args.get(0).toDoubleArray();
    double[] a = args.get(1).toDoubleArray();
    double[] b = args.get(2).toDoubleArray();
    double[] v = args.get(3).toDoubleArray();
    double[][] expected = chainValueAndGradient(x, a, b);
    for (int k = 0; k < expected.length; k++) {
      assertClose(expected[k], reference[k], 1e-12, "eager chain, " + EAGER_TENSOR_OUTPUTS[k]);
    }
    double h = 1e-5;
    double[] plus = x.clone();
    double[] minus = x.clone();
    for (int i = 0; i < x.length; i++) {
      plus[i] += h * v[i];
      minus[i] -= h * v[i];
    }
    double[] gPlus = chainValueAndGradient(plus, a, b)[1];
    double[] gMinus = chainValueAndGradient(minus, a, b)[1];
    double y1 = 0;
    double vHv = 0;
    for (int i = 0; i < x.length; i++) {
      y1 += expected[1][i] * v[i];
      vHv += v[i] * (gPlus[i] - gMinus[i]) / (2 * h);
    }
    assertClose(new double[] {y1}, reference[3], 1e-12, "eager chain, y_1");
    assertClose(new double[] {vHv / 2}, reference[4], 1e-6, "eager chain, y_2");
  }

  // ---- 5. Forward over reverse next to Taylor mode

  @Test
  void hessianVectorProductsTakenWhileOtherThreadsExpandTheSamePrimalGiveItsReferenceValues()
      throws Exception {
    Dag dag = Dag.generate(200, 31);
    Graph<ScalarOp> f = dag.build();
    BytecodeCompiler<ScalarOp> bytecode = new BytecodeCompiler<>(ScalarKernels.kernelSet());
    double[] hvpReference =
        agreed(hessianVectorProduct(gradientGraph(f), bytecode), "H·v");
    assertCentralDifferences(dag, hvpReference);
    double[][] taylorReference = new double[MAX_ORDER + 1][];
    for (int order = 2; order <= MAX_ORDER; order++) {
      String what = "Taylor order " + order;
      taylorReference[order] =
          agreed(taylorCoefficients(taylorGraph(f, order), bytecode, false), what);
      assertClose(
          dag.taylor(INPUT_VALUES, DIRECTION, order), taylorReference[order], 1e-9, what);
    }
    // the two modes agree on the second derivative along v: v·(H·v) = 2·y_2
    double vHv = 0;
    for (int i = 0; i < 4; i++) {
      vHv += DIRECTION[i] * hvpReference[i];
    }
    assertEquals(vHv, 2 * taylorReference[MAX_ORDER][2], 1e-9 * (1 + Math.abs(vHv)), "v·H·v");
    // the first-order gradient graph and a Taylor graph shared, their keys not made yet
    LinearizedGraph<ScalarOp> sharedVjp = gradientGraph(f);
    TaylorGraph<ScalarOp> sharedTaylor = taylorGraph(f, MAX_ORDER);
    int rounds = 12;
    List<String> mismatches =
        concurrently(
            thread -> {
              List<String> found = new ArrayList<>();
              for (int round = 0; round < rounds; round++) {
                String at = "thread " + thread + ", round " + round + ", ";
                if (thread == round % THREADS) {
                  // one thread takes H·v, through the shared vjp in the first rounds
                  boolean shared = round < THREADS;
                  compareTiers(
                      hvpReference,
                      hessianVectorProduct(shared ? sharedVjp : gradientGraph(f), bytecode),
                      HVP_OUTPUTS, at + (shared ? "H·v, shared vjp" : "H·v, own vjp"), found);
                } else {
                  if (round < THREADS) {
                    compareTiers(
                        taylorReference[MAX_ORDER],
                        taylorCoefficients(sharedTaylor, bytecode, (thread + round) % 2 == 0),
                        coefficientNames(MAX_ORDER), at + "shared Taylor graph", found);
                  }
                  int order = 2 + (round + thread) % (MAX_ORDER - 1);
                  compareTiers(
                      taylorReference[order],
                      taylorCoefficients(taylorGraph(f, order), bytecode, false),
                      coefficientNames(order), at + "own Taylor graph", found);
                }
              }
              return found;
            });
    assertNoMismatch(mismatches);
  }

  /** H·v against central differences of the hand-written gradient. */
  private static void assertCentralDifferences(Dag dag, double[] hvp) {
    double h = 1e-5;
    double[] plus = INPUT_VALUES.clone();
    double[] minus = INPUT_VALUES.clone();
    for (int i = 0; i < plus.length; i++) {
      plus[i] += h * DIRECTION[i];
      minus[i] -= h * DIRECTION[i];
    }
    double[] gPlus = dag.valueAndGradient(plus);
    double[] gMinus = dag.valueAndGradient(minus);
    for (int i = 0; i < HVP_OUTPUTS.length; i++) {
      double expected = (gPlus[1 + i] - gMinus[1 + i]) / (2 * h);
      assertTrue(Double.isFinite(hvp[i]), HVP_OUTPUTS[i] + " is " + hvp[i]);
      assertTrue(Math.abs(expected) > 1e-3, HVP_OUTPUTS[i] + " is nearly zero: " + expected);
      assertEquals(expected, hvp[i], 1e-6 * (1 + Math.abs(expected)), HVP_OUTPUTS[i]);
    }
  }

  // ---- the passes over the Scalar set, each program run on every tier

  private static TaylorGraph<ScalarOp> taylorGraph(Graph<ScalarOp> f, int order) {
    return AD.taylor(Graphs.resolve(f), f.outputKeys(), WRT, order);
  }

  /** The VJP graph of f's output with respect to x0..x3: linearize, then transpose. */
  private static LinearizedGraph<ScalarOp> gradientGraph(Graph<ScalarOp> f) {
    return AD.linearTranspose(AD.linearize(Graphs.resolve(f), f.outputKeys(), WRT));
  }

  /**
   * y_0..y_K of {@code t} along {@link #DIRECTION}, on each tier; {@code keysFirst} asks for the
   * coefficients' keys before resolving the graph, else after.
   */
  private static double[][] taylorCoefficients(
      TaylorGraph<ScalarOp> t, BytecodeCompiler<ScalarOp> bytecode, boolean keysFirst) {
    List<ValueKey> outputs = new ArrayList<>();
    ResolvedView<ScalarOp> view = null;
    if (!keysFirst) {
      view = Graphs.resolve(t.graph());
    }
    outputs.add(t.coefficient(0, 0));
    outputs.addAll(t.outputKeys());
    if (keysFirst) {
      view = Graphs.resolve(t.graph());
    }
    Map<Object, Double> bindings = primalBindings();
    for (int i = 0; i < 4; i++) {
      bindings.put(t.inputKey(i, 1), DIRECTION[i]);
    }
    return onEveryTier(Graphs.compile(view, outputs), bindings, bytecode);
  }

  /** y and its gradient through {@code vjp}, on each tier. */
  private static double[][] gradient(
      Graph<ScalarOp> f, LinearizedGraph<ScalarOp> vjp, BytecodeCompiler<ScalarOp> bytecode) {
    for (int i = 0; i < WRT.size(); i++) {
      assertFalse(vjp.isZero(i), "the output does not depend on x" + i);
    }
    ResolvedView<ScalarOp> view = Graphs.resolve(List.of(f, vjp.graph()));
    List<ValueKey> outputs = new ArrayList<>(f.outputKeys());
    outputs.addAll(vjp.linearOutputs());
    Map<Object, Double> bindings = primalBindings();
    bindings.put(vjp.linearInput(0), 1.0);
    return onEveryTier(Graphs.compile(view, outputs), bindings, bytecode);
  }

  /** H·v, f's gradient graph {@code vjp} linearized again (forward over reverse), each tier. */
  private static double[][] hessianVectorProduct(
      LinearizedGraph<ScalarOp> vjp, BytecodeCompiler<ScalarOp> bytecode) {
    // the view is made before linearOutputs() asks for the keys of vjp's graph
    LinearizedGraph<ScalarOp> hvp =
        AD.linearize(Graphs.resolve(vjp.graph()), vjp.linearOutputs(), WRT);
    Map<Object, Double> bindings = primalBindings();
    bindings.put(vjp.linearInput(0), 1.0);
    for (int i = 0; i < WRT.size(); i++) {
      assertFalse(hvp.isZero(i), "the gradient entry " + i + " is constant");
      bindings.put(hvp.linearInput(i), DIRECTION[i]);
    }
    return onEveryTier(
        Graphs.compile(Graphs.resolve(hvp.graph()), hvp.linearOutputs()), bindings, bytecode);
  }

  private static Map<Object, Double> primalBindings() {
    Map<Object, Double> bindings = new HashMap<>();
    for (int i = 0; i < 4; i++) {
      bindings.put(X[i], INPUT_VALUES[i]);
    }
    return bindings;
  }

  /** The program's outputs on each of {@link #TIERS}. */
  private static double[][] onEveryTier(
      CompiledProgram<ScalarOp> p, Map<Object, Double> bindings,
      BytecodeCompiler<ScalarOp> bytecode) {
    List<Double> interpreted = Interpreter.eval(p, bindings);
    List<Double> compiled = bytecode.compile(p).eval(bindings);
    return new double[][] {
      new ScalarEvaluator(p).evaluate(bindings), unbox(interpreted), unbox(compiled)
    };
  }

  private static double[] unbox(List<Double> values) {
    double[] a = new double[values.size()];
    for (int i = 0; i < a.length; i++) {
      a[i] = values.get(i);
    }
    return a;
  }

  // ---- RandDAG over the Scalar set, and its derivatives by hand

  /** The operations of a RandDAG step over values of some type. */
  private record DagOps<T>(
      BinaryOperator<T> add, BinaryOperator<T> mul, UnaryOperator<T> sin, UnaryOperator<T> cos) {}

  /**
   * RandDAG(n, seed) of bench/README.md, as runtime-graph's test {@link RandDag} generates it, over
   * the Scalar set: inputs x0..x3, step i applies Add, Mul, Sin or Cos to the last value and, for
   * Add and Mul, one of the 16 before it; one output, the last value. Its derivatives by hand take
   * sines and cosines as the set's kernels do ({@link Trig}), so that a DAG whose values are
   * ill-conditioned in its inputs is compared with what the same kernels give, not with {@link
   * Math}'s last bits amplified.
   */
  private static final class Dag {
    private final RandDag steps;

    private Dag(RandDag steps) {
      this.steps = steps;
    }

    static Dag generate(int n, long seed) {
      return new Dag(RandDag.generate(n, seed));
    }

    /** The output for the values x0..x3 of {@code inputs}. */
    <T> T apply(List<T> inputs, DagOps<T> ops) {
      List<T> v = new ArrayList<>(inputs);
      for (int i = 0; i < steps.size(); i++) {
        T last = v.get(3 + i);
        v.add(
            switch (steps.kind(i)) {
              case 0 -> ops.add().apply(last, v.get(steps.other(i)));
              case 1 -> ops.mul().apply(last, v.get(steps.other(i)));
              case 2 -> ops.sin().apply(last);
              default -> ops.cos().apply(last);
            });
      }
      return v.get(v.size() - 1);
    }

    /** The graph, with inputs {@link #X}. */
    Graph<ScalarOp> build() {
      ScalarBuilder b = ScalarBuilder.create();
      List<ScalarValue> x = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        x.add(b.input(X[i]));
      }
      return b.build(
          apply(
              x, new DagOps<>(ScalarValue::add, ScalarValue::mul, ScalarValue::sin,
                  ScalarValue::cos)));
    }

    /** y_0..y_order of y(x + t·v), by truncated power series arithmetic. */
    double[] taylor(double[] x, double[] v, int order) {
      List<double[]> inputs = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        double[] series = new double[order + 1];
        series[0] = x[i];
        series[1] = v[i];
        inputs.add(series);
      }
      return apply(
          inputs,
          new DagOps<>(
              ConcurrentTransformsTest::seriesAdd, ConcurrentTransformsTest::seriesMul,
              u -> sinCos(u)[0], u -> sinCos(u)[1]));
    }

    /** y and its gradient: a forward sweep over arrays, then a reverse sweep. */
    double[] valueAndGradient(double[] inputs) {
      int n = steps.size();
      double[] v = new double[4 + n];
      System.arraycopy(inputs, 0, v, 0, 4);
      for (int i = 0; i < n; i++) {
        double last = v[3 + i];
        v[4 + i] =
            switch (steps.kind(i)) {
              case 0 -> last + v[steps.other(i)];
              case 1 -> last * v[steps.other(i)];
              case 2 -> Trig.sin(last);
              default -> Trig.cos(last);
            };
      }
      double[] ct = new double[4 + n];
      ct[3 + n] = 1;
      for (int i = n - 1; i >= 0; i--) {
        double c = ct[4 + i];
        double last = v[3 + i];
        switch (steps.kind(i)) {
          case 0 -> {
            ct[3 + i] += c;
            ct[steps.other(i)] += c;
          }
          case 1 -> {
            ct[3 + i] += c * v[steps.other(i)];
            ct[steps.other(i)] += c * last;
          }
          case 2 -> ct[3 + i] += c * Trig.cos(last);
          default -> ct[3 + i] -= c * Trig.sin(last);
        }
      }
      return new double[] {v[3 + n], ct[0], ct[1], ct[2], ct[3]};
    }
  }

  private static double[] seriesAdd(double[] a, double[] b) {
    double[] c = new double[a.length];
    for (int k = 0; k < c.length; k++) {
      c[k] = a[k] + b[k];
    }
    return c;
  }

  private static double[] seriesMul(double[] a, double[] b) {
    double[] c = new double[a.length];
    for (int k = 0; k < c.length; k++) {
      for (int j = 0; j <= k; j++) {
        c[k] += a[j] * b[k - j];
      }
    }
    return c;
  }

  /** The series of sin u and cos u: k·s_k = Σ j·u_j·c_(k−j), k·c_k = −Σ j·u_j·s_(k−j). */
  private static double[][] sinCos(double[] u) {
    int n = u.length;
    double[] s = new double[n];
    double[] c = new double[n];
    s[0] = Trig.sin(u[0]);
    c[0] = Trig.cos(u[0]);
    for (int k = 1; k < n; k++) {
      double ds = 0;
      double dc = 0;
      for (int j = 1; j <= k; j++) {
        ds += j * u[j] * c[k - j];
        dc -= j * u[j] * s[k - j];
      }
      s[k] = ds / k;
      c[k] = dc / k;
    }
    return new double[][] {s, c};
  }

  // ---- threads

  /**
   * Runs {@code task} (one thread's work, returning the mismatches it found) on {@link #THREADS}
   * threads started together, and returns every mismatch; fails if a thread throws or takes longer
   * than a minute (a deadlock).
   */
  private static List<String> concurrently(Concurrently.Task<List<String>> task)
      throws Exception {
    List<String> all = new ArrayList<>();
    Concurrently.run(THREADS, task).forEach(all::addAll);
    return all;
  }

  /**
   * That {@code programs} programs were compiled ({@code compilations}) and, once {@code tiered}'s
   * promotions have ended, each prepared and promoted, none failed.
   */
  private static void assertEachCompiledOnceAndPromoted(
      int programs, long compilations, TieredRunners<?, ?> tiered) throws InterruptedException {
    assertEquals(programs, compilations, "compiled once each");
    TieredRunners.Stats stats = settled(tiered);
    assertEquals(programs, stats.prepared(), stats::toString);
    assertEquals(0, stats.failed(), stats::toString);
    assertEquals(programs, stats.promoted(), stats::toString);
  }

  /** Whether a promotion {@code tiered} was asked for is under way, and the deadline not past. */
  private static boolean promoting(TieredRunners<?, ?> tiered, long deadline) {
    TieredRunners.Stats stats = tiered.stats();
    return stats.promoted() + stats.failed() < stats.requested() && System.nanoTime() < deadline;
  }

  /** The stats of {@code tiered} once every requested promotion has ended (or 30 s passed). */
  private static TieredRunners.Stats settled(TieredRunners<?, ?> tiered)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    TieredRunners.Stats stats = tiered.stats();
    while (stats.promoted() + stats.failed() < stats.requested()
        && System.nanoTime() < deadline) {
      Thread.sleep(5);
      stats = tiered.stats();
    }
    return stats;
  }

  // ---- comparison

  /**
   * Compares {@code actual} with {@code reference} bit for bit, adding a line to {@code found}
   * for each value that differs.
   */
  private static void compare(
      double[] reference, double[] actual, String[] names, String which, List<String> found) {
    if (actual.length != reference.length) {
      found.add(which + ": " + actual.length + " values, expected " + reference.length);
      return;
    }
    for (int i = 0; i < reference.length; i++) {
      if (Double.doubleToRawLongBits(actual[i]) != Double.doubleToRawLongBits(reference[i])) {
        found.add(
            String.format(
                "%s, output %d (%s): expected %s (%016x), got %s (%016x)",
                which, i, names[i], reference[i], Double.doubleToRawLongBits(reference[i]),
                actual[i], Double.doubleToRawLongBits(actual[i])));
      }
    }
  }

  /** {@link #compare} for the values of each of {@link #TIERS}. */
  private static void compareTiers(
      double[] reference, double[][] tiers, String[] names, String which, List<String> found) {
    for (int tier = 0; tier < tiers.length; tier++) {
      compare(reference, tiers[tier], names, which + ", " + TIERS[tier], found);
    }
  }

  /** {@link #compare} for each output tensor; an output's first differing element only. */
  private static void compareTensors(
      double[][] reference, List<Tensor> actual, String which, List<String> found) {
    double[][] values = elements(actual);
    if (values.length != reference.length) {
      found.add(which + ": " + values.length + " outputs, expected " + reference.length);
      return;
    }
    for (int k = 0; k < reference.length; k++) {
      compareElements(reference[k], values[k], which + ", output " + k, found);
    }
  }

  /**
   * Compares the elements of one tensor bit for bit, adding one line to {@code found} if any
   * differ: the first that does, and how many do.
   */
  private static void compareElements(
      double[] reference, double[] actual, String which, List<String> found) {
    if (actual.length != reference.length) {
      found.add(which + ": " + actual.length + " elements, expected " + reference.length);
      return;
    }
    int first = -1;
    int differing = 0;
    for (int i = 0; i < reference.length; i++) {
      if (Double.doubleToRawLongBits(actual[i]) != Double.doubleToRawLongBits(reference[i])) {
        first = first < 0 ? i : first;
        differing++;
      }
    }
    if (differing > 0) {
      found.add(
          String.format(
              "%s[%d]: expected %s (%016x), got %s (%016x); %d of %d elements differ",
              which, first, reference[first], Double.doubleToRawLongBits(reference[first]),
              actual[first], Double.doubleToRawLongBits(actual[first]), differing,
              reference.length));
    }
  }

  /**
   * As {@link #compareTensors}, each output equal to {@code unfused} or to {@code fused} bit for
   * bit (or, where {@link VectorMath} runs over vectors, whose last bits may change from one call
   * to the next until C2 compiles its kernels, within {@code 1e-9} of {@code unfused}).
   */
  private static void compareEither(
      double[][] unfused, double[][] fused, List<Tensor> actual, String which,
      List<String> found) {
    double[][] values = elements(actual);
    if (values.length != unfused.length) {
      found.add(which + ": " + values.length + " outputs, expected " + unfused.length);
      return;
    }
    for (int k = 0; k < unfused.length; k++) {
      if (sameBits(unfused[k], values[k]) || sameBits(fused[k], values[k])
          || (VectorMath.isVectorised() && close(unfused[k], values[k], 1e-9))) {
        continue;
      }
      compareElements(
          unfused[k], values[k],
          which + " (neither the unfused nor the fused values), output " + k, found);
    }
  }

  private static boolean sameBits(double[] a, double[] b) {
    if (a.length != b.length) {
      return false;
    }
    for (int i = 0; i < a.length; i++) {
      if (Double.doubleToRawLongBits(a[i]) != Double.doubleToRawLongBits(b[i])) {
        return false;
      }
    }
    return true;
  }

  private static boolean close(double[] expected, double[] actual, double relative) {
    if (expected.length != actual.length) {
      return false;
    }
    for (int i = 0; i < expected.length; i++) {
      if (!(Math.abs(expected[i] - actual[i]) <= relative * (1 + Math.abs(expected[i])))) {
        return false;
      }
    }
    return true;
  }

  private static double[][] elements(List<Tensor> tensors) {
    double[][] values = new double[tensors.size()][];
    for (int k = 0; k < values.length; k++) {
      values[k] = tensors.get(k).toDoubleArray();
    }
    return values;
  }

  private static String[] elementNames(int n) {
    String[] names = new String[n];
    for (int i = 0; i < n; i++) {
      names[i] = "[" + i + "]";
    }
    return names;
  }

  private static String[] coefficientNames(int order) {
    String[] names = new String[order + 1];
    for (int k = 0; k <= order; k++) {
      names[k] = "y_" + k;
    }
    return names;
  }

  private static double[] slice(double[] a, int from, int length) {
    double[] s = new double[length];
    System.arraycopy(a, from, s, 0, length);
    return s;
  }

  /** The first tier's values of {@code tiers}, after checking every tier gives them. */
  private static double[] agreed(double[][] tiers, String what) {
    List<String> found = new ArrayList<>();
    compareTiers(tiers[0], tiers, elementNames(tiers[0].length), what + ", one thread", found);
    assertTrue(found.isEmpty(), String.join("\n", found));
    return tiers[0];
  }

  /** Every value finite and within {@code relative·(1 + |expected|)} of the expected. */
  private static void assertClose(
      double[] expected, double[] actual, double relative, String what) {
    assertEquals(expected.length, actual.length, what);
    for (int i = 0; i < expected.length; i++) {
      assertTrue(Double.isFinite(actual[i]), what + ", value " + i + " is " + actual[i]);
      assertEquals(
          expected[i], actual[i], relative * (1 + Math.abs(expected[i])), what + ", value " + i);
    }
  }

  private static void assertNoMismatch(List<String> mismatches) {
    assertTrue(
        mismatches.isEmpty(),
        mismatches.size() + " mismatches:\n"
            + String.join("\n", mismatches.subList(0, Math.min(LISTED, mismatches.size()))));
  }
}

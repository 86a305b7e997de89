package io.github.tidu4j.graph.fusion;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.KernelFailure;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.IntFunction;

/**
 * A compiled program with its elementwise regions fused ({@link FusionSet#fuse}): each region runs
 * as one generated loop over its elements ({@link FusedLoop}) that keeps intermediate elements in
 * locals and writes only the values read after it; every other instruction runs its own kernel, as
 * in the {@link io.github.tidu4j.graph.Interpreter}.
 *
 * <p><b>Same values.</b> A fused region calls each primitive's real per-element kernel, which
 * computes what its {@code eval} computes element by element, in the same order; a full sum adds
 * the elements in the order of its set's {@link SumOrder} ({@link SumOrder#sum}; a single element
 * is passed through): {@link SumOrder#SEQUENTIAL} is {@link BlockedSum}'s order (index order up to
 * {@value BlockedSum#BLOCK} elements, block sums in block order beyond), the order of the tensor
 * set's {@code reduceSum}. So a fused program gives the unfused program's values bit for bit,
 * except where its set gives a primitive a {@link BlockKernel} ({@link
 * FusionSet#withBlockKernels}): that primitive's elements are the block kernel's; and where it
 * adds sums in {@link SumOrder#LANES}: those sums are within {@link LaneSum}'s bound.
 *
 * <p><b>Threads.</b> A region whose work (elements × cost per element) reaches the {@link
 * FusionParallelism} threshold runs its blocks of {@value BlockedSum#BLOCK} elements on several
 * threads ({@link #withParallelism}), calling its loop over each block's range (a loop with block
 * kernels runs any range in its own smaller blocks); each block writes its own elements and keeps
 * its own partial sums, added in block order, so the values do not depend on the number of
 * threads. An exception thrown inside the loop surfaces unwrapped, the one of the lowest failing
 * block: the one the loop on one thread throws.
 *
 * <p><b>Real values, checked per call.</b> The loops are specialised to real (f64) elements. Before
 * a region runs, its external values are checked to be real and of one shape (scalars: rank 0, one
 * element); if not (complex values, or operands a kernel would reject), the region's instructions
 * run one by one, unfused, so the result, or the kernel's error, is what the unfused program gives.
 *
 * <pre>{@code
 * FusedProgram<TensorOp, Tensor> fused = set.fuse(program);
 * List<Tensor> y2 = fused.evalPositional(List.of(x, a, b));
 * }</pre>
 *
 * @param <Op> the operation type
 * @param <V> the value type
 */
public final class FusedProgram<Op extends GraphOperation, V> {
  private final CompiledProgram<Op> program;
  private final ElementValues<V> values;
  private final FusionPlan plan;
  private final FusedLoop[] loops;
  private final int[] costs;
  private final FusionParallelism parallelism;

  FusedProgram(CompiledProgram<Op> program, FusionSet<Op, V> set) {
    this.program = program;
    this.values = set.values();
    this.plan = FusionPlan.of(program, set);
    this.parallelism = set.parallelism();
    this.loops = new FusedLoop[plan.regions.size()];
    this.costs = new int[loops.length];
    for (int r = 0; r < loops.length; r++) {
      Region region = plan.regions.get(r);
      Object[] ops = new Object[region.members().length];
      for (int m = 0; m < ops.length; m++) {
        ops[m] = program.operation(region.members()[m]);
        byte kind = region.kinds()[m];
        if (kind == Region.SUM) {
          costs[r] += 1;
        } else if (kind == Region.ELEMENT) {
          costs[r] += set.isCostly(program.operation(region.members()[m]))
              ? FusionParallelism.COSTLY_WEIGHT
              : 1;
        }
      }
      MethodHandle constructor = set.loopConstructor(region);
      try {
        loops[r] = (FusedLoop) constructor.invokeExact(ops);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException("the fused loop cannot be instantiated: " + e, e);
      }
    }
  }

  private FusedProgram(FusedProgram<Op, V> fused, FusionParallelism parallelism) {
    this.program = fused.program;
    this.values = fused.values;
    this.plan = fused.plan;
    this.loops = fused.loops;
    this.costs = fused.costs;
    this.parallelism = parallelism;
  }

  /**
   * This program, splitting its large loops as {@code parallelism} says; the plan and the loops
   * are shared, and the values are the same bits whatever the split.
   *
   * <pre>{@code
   * List<Tensor> y = fused.withParallelism(FusionParallelism.serial()).evalPositional(inputs);
   * }</pre>
   */
  public FusedProgram<Op, V> withParallelism(FusionParallelism parallelism) {
    Objects.requireNonNull(parallelism, "parallelism");
    return parallelism.equals(this.parallelism) ? this : new FusedProgram<>(this, parallelism);
  }

  /** How its large loops are split across threads. */
  public FusionParallelism parallelism() {
    return parallelism;
  }

  /** The program it runs. */
  public CompiledProgram<Op> program() {
    return program;
  }

  /** The number of fused regions. */
  public int regionCount() {
    return loops.length;
  }

  /**
   * The instructions of each fused region, as program instruction indices, in program order: what
   * the fusion pass grouped.
   */
  public List<int[]> regions() {
    return plan.regions.stream().map(r -> r.members().clone()).toList();
  }

  /**
   * Evaluates the program with input {@code i} bound to {@code inputs.get(i)}, in the order of
   * {@link CompiledProgram#inputKeys()}.
   *
   * @throws GraphException if the number of inputs is wrong, one is null, or a kernel run unfused
   *     fails (naming the instruction and its operands, as {@link KernelFailure} does)
   */
  @SuppressWarnings("unchecked")
  public List<V> evalPositional(List<? extends V> inputs) {
    if (inputs.size() != program.inputCount()) {
      throw new GraphException(
          "the program takes " + program.inputCount() + " inputs " + program.inputKeys() + " but "
              + inputs.size() + " were given");
    }
    Object[] vals = new Object[plan.valueCount];
    for (int i = 0; i < plan.inputValues.length; i++) {
      V input = inputs.get(i);
      if (input == null) {
        throw new GraphException("input " + program.inputKeys().get(i) + " is bound to null");
      }
      vals[plan.inputValues[i]] = input;
    }
    int[] steps = plan.steps;
    for (int s = 0; s < steps.length; s++) {
      if (steps[s] >= 0) {
        runInstruction(steps[s], vals);
      } else {
        runRegion(-1 - steps[s], vals);
      }
      release(s, steps[s], vals);
    }
    Object[] out = new Object[plan.outputValues.length];
    for (int o = 0; o < out.length; o++) {
      out[o] = vals[plan.outputValues[o]];
    }
    return (List<V>) Arrays.asList(out);
  }

  /** Drops the values whose last reader was step {@code s}, so dead tensors can be collected. */
  private void release(int s, int step, Object[] vals) {
    if (step >= 0) {
      for (int v : plan.argumentValues[step]) {
        if (plan.lastUse[v] == s) {
          vals[v] = null;
        }
      }
    } else {
      Region region = plan.regions.get(-1 - step);
      for (int v : region.externalArrays()) {
        if (plan.lastUse[v] == s) {
          vals[v] = null;
        }
      }
      for (int v : region.externalScalars()) {
        if (plan.lastUse[v] == s) {
          vals[v] = null;
        }
      }
      // values of members run unfused that nothing after the region reads
      for (int m = 0; m < region.results().length; m++) {
        int v = region.results()[m];
        if (plan.lastUse[v] <= s) {
          vals[v] = null;
        }
      }
    }
  }

  @SuppressWarnings("unchecked")
  private void runInstruction(int i, Object[] vals) {
    Op op = program.operation(i);
    if (!(op instanceof EvaluableGraphOperation)) {
      throw new GraphException(
          op.name() + " (instruction " + i + ") has no evaluation kernel: it does not implement "
              + EvaluableGraphOperation.class.getSimpleName());
    }
    int[] args = plan.argumentValues[i];
    Object[] in = new Object[args.length];
    for (int j = 0; j < in.length; j++) {
      in[j] = vals[args[j]];
    }
    IntFunction<Object> slotValue =
        slot -> {
          for (int j = 0; j < in.length; j++) {
            if (program.argumentSlot(i, j) == slot) {
              return in[j];
            }
          }
          return null;
        };
    List<Object> out;
    try {
      out = ((EvaluableGraphOperation<Object>) op).eval(Arrays.asList(in));
    } catch (RuntimeException | StackOverflowError e) {
      throw KernelFailure.of(program, i, slotValue, e);
    }
    int[] results = plan.resultValues[i];
    if (out == null || out.size() != results.length) {
      throw KernelFailure.wrongResultCount(program, i, slotValue, out == null ? -1 : out.size());
    }
    for (int r = 0; r < results.length; r++) {
      vals[results[r]] = out.get(r);
    }
  }

  @SuppressWarnings("unchecked")
  private void runRegion(int r, Object[] vals) {
    Region region = plan.regions.get(r);
    int[] arrays = region.externalArrays();
    V shape = (V) vals[arrays[0]];
    if (!fusable(region, shape, vals)) {
      for (int i : region.members()) {
        runInstruction(i, vals);
      }
      return;
    }
    double[][] in = new double[arrays.length][];
    for (int e = 0; e < arrays.length; e++) {
      in[e] = values.data((V) vals[arrays[e]]);
    }
    int n = in[0].length;
    double[] scalars = new double[region.externalScalars().length];
    for (int s = 0; s < scalars.length; s++) {
      scalars[s] = values.data((V) vals[region.externalScalars()[s]])[0];
    }
    double[][] out = new double[region.liveOuts().length][];
    for (int o = 0; o < out.length; o++) {
      out[o] = new double[n];
    }
    double[] sums = new double[region.sums().length];
    int threads = parallelism.threadsFor(n, costs[r]);
    if (threads == 1 && (sums.length == 0 || n <= BlockedSum.BLOCK)) {
      // a sum of one element is that element (-0.0 + x == x for every x, -0.0 included)
      Arrays.fill(sums, n == 1 ? -0.0 : 0.0);
      loops[r].run(in, scalars, out, sums, 0, n);
    } else {
      double[][] partials =
          BlockRun.run(loops[r], in, scalars, out, sums.length, n, threads, parallelism.executor());
      for (int k = 0; k < sums.length; k++) {
        double total = 0.0; // block sums in block order: the order of BlockedSum
        for (double[] block : partials) {
          total += block[k];
        }
        sums[k] = total;
      }
    }
    for (int o = 0; o < out.length; o++) {
      vals[region.results()[region.liveOuts()[o]]] = values.realLike(shape, out[o]);
    }
    for (int k = 0; k < sums.length; k++) {
      vals[region.results()[region.sums()[k]]] = values.realScalar(sums[k]);
    }
  }

  @SuppressWarnings("unchecked")
  private boolean fusable(Region region, V shape, Object[] vals) {
    for (int v : region.externalArrays()) {
      V value = (V) vals[v];
      if (!values.isReal(value) || !values.sameShape(shape, value)) {
        return false;
      }
    }
    for (int v : region.externalScalars()) {
      V value = (V) vals[v];
      if (!values.isReal(value) || values.data(value).length != 1) {
        return false;
      }
    }
    return true;
  }
}

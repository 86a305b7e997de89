package io.github.tidu4j.graph.fusion;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.KernelFailure;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
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
 * adds sums in {@link SumOrder#LANES}: those sums are within {@link LaneSum}'s bound. A sum over
 * some axes ({@link AxisSum}) adds each element into its result element in the operand's row-major
 * order from {@code +0.0}, in either sum order: the tensor set's {@code reduceSum}'s order, so its
 * values are the unfused ones bit for bit; a broadcast ({@link Broadcast}) reads its operand's
 * elements where they are.
 *
 * <p><b>Threads.</b> A region whose work (elements × cost per element) reaches the {@link
 * FusionParallelism} threshold runs its blocks of {@value BlockedSum#BLOCK} elements on several
 * threads ({@link #withParallelism}), calling its loop over each block's range (a loop with block
 * kernels runs any range in its own smaller blocks); each block writes its own elements and keeps
 * its own partial sums, added in block order, so the values do not depend on the number of threads.
 * A region with axis sums splits only if each keeps the region's outermost axis (row sums) and it
 * has no full sum: into blocks of whole rows (at least {@value BlockedSum#BLOCK} elements), each
 * adding into result elements of its own, in order; other regions with axis sums run on the calling
 * thread (their result elements gather elements from all over the region). An exception thrown
 * inside the loop surfaces unwrapped, the one of the lowest failing block: the one the loop on one
 * thread throws.
 *
 * <p><b>Real and complex values, checked per call.</b> Before a region runs, its external values
 * are checked to be real or complex ({@link ElementValues}) and of one shape (scalars: one element;
 * a broadcast's operand: the shape its {@link Broadcast} gives; with broadcasts or axis sums, the
 * region's shape is the one they give), which is the shape each full sum and broadcast of a scalar
 * in the region was built for, where the set's {@link AxisSum} and {@link Broadcast} of it say; if
 * not (operands a kernel would reject), the region's
 * instructions run one by one, unfused, so the result, or the kernel's error, is what the unfused
 * program gives. A region whose externals are all real runs its real loop (made with the program
 * when every member has a real kernel). For any other combination of real and complex externals,
 * the first call runs the region unfused and reads which members' values came out complex (the
 * set's type rules, as its kernels apply them: {@code Real} gives a real value, {@code ToComplex} a
 * complex one, others their operands' kind), then runs the loop made for that combination, as every
 * later call with it does: the loop calls the members' complex kernel pairs where a value is
 * complex, keeps each complex value in two unboxed locals and sums real and imaginary parts each in
 * the set's {@link SumOrder}. The values are the unfused program's, as for real regions: the
 * complex kernels compute what the primitives' {@code eval} does element by element, and a complex
 * full sum adds each part in the order of {@link BlockedSum}.
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
  private final FusionSet<Op, V> set;
  // each region's loop over real externals, or null if a member has no real kernel
  private final Variant[] real;
  // each region's loops over other kinds of externals, keyed by kinds(), made on first use
  private final List<Map<String, Variant>> variants;
  private final int[] costs;
  // each region's first external array read at each element's index (of its shape), or -1
  private final int[] shapeArray;
  // each region's shapes its full sums' operands and scalar broadcasts' results were built for,
  // where the set's AxisSum and Broadcast give them: checked against the region's shape per call
  private final int[][][] builtFor;
  // each region's Region.broadcastOf(), and whether it has an axis sum
  private final int[][] broadcastOf;
  private final boolean[] axisSums;
  // for a region with axis sums that all keep its outermost axis (and no full sum), the elements
  // of the whole rows it splits into (at least a BlockedSum.BLOCK); 0 for others with axis sums
  private final int[] rowChunk;
  private final FusionParallelism parallelism;

  /**
   * A region's loop for one combination of real and complex externals, with where its scalars and
   * sums sit in the loop's arrays; {@code loop} is null where the region runs unfused.
   */
  private record Variant(Region region, FusedLoop loop, int[] scalarSlots, int[] sumSlots) {}

  FusedProgram(CompiledProgram<Op> program, FusionSet<Op, V> set) {
    this.program = program;
    this.values = set.values();
    this.set = set;
    this.plan = FusionPlan.of(program, set);
    this.parallelism = set.parallelism();
    this.real = new Variant[plan.regions.size()];
    this.variants = new ArrayList<>();
    this.costs = new int[real.length];
    this.shapeArray = new int[real.length];
    this.builtFor = new int[real.length][][];
    this.broadcastOf = new int[real.length][];
    this.axisSums = new boolean[real.length];
    this.rowChunk = new int[real.length];
    for (int r = 0; r < real.length; r++) {
      variants.add(new ConcurrentHashMap<>());
      Region region = plan.regions.get(r);
      broadcastOf[r] = region.broadcastOf();
      axisSums[r] = region.hasAxisSum();
      shapeArray[r] = indexOf(broadcastOf[r], -1);
      builtFor[r] = builtFor(region);
      rowChunk[r] = axisSums[r] ? rowChunk(region) : 0;
      boolean realKernels = true;
      for (int m = 0; m < region.members().length; m++) {
        byte kind = region.kinds()[m];
        if (kind == Region.SUM || kind == Region.AXIS_SUM) {
          costs[r] += 1;
        } else if (kind == Region.ELEMENT) {
          costs[r] += set.isCostly(program.operation(region.members()[m]))
              ? FusionParallelism.COSTLY_WEIGHT
              : 1;
          realKernels &= region.kernels()[m].real() != null;
        }
      }
      real[r] = realKernels ? variant(region) : null;
    }
  }

  private FusedProgram(FusedProgram<Op, V> fused, FusionParallelism parallelism) {
    this.program = fused.program;
    this.values = fused.values;
    this.set = fused.set;
    this.plan = fused.plan;
    this.real = fused.real;
    this.variants = fused.variants;
    this.costs = fused.costs;
    this.shapeArray = fused.shapeArray;
    this.builtFor = fused.builtFor;
    this.broadcastOf = fused.broadcastOf;
    this.axisSums = fused.axisSums;
    this.rowChunk = fused.rowChunk;
    this.parallelism = parallelism;
  }

  /** The loop of {@code region} (a plan's region or a complex variant of one). */
  private Variant variant(Region region) {
    Object[] ops = new Object[region.members().length];
    for (int m = 0; m < ops.length; m++) {
      ops[m] = program.operation(region.members()[m]);
    }
    MethodHandle constructor = set.loopConstructor(region);
    FusedLoop loop;
    try {
      loop = (FusedLoop) constructor.invokeExact(ops);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("the fused loop cannot be instantiated: " + e, e);
    }
    return new Variant(region, loop, region.scalarSlots(), region.sumSlots());
  }

  /**
   * The shapes {@code region}'s full sums and scalar broadcasts were built for, as the set's {@link
   * AxisSum} of a full sum (its operand's shape) and {@link Broadcast} of a scalar broadcast (its
   * result's shape) give them; none where the set gives neither. A loop takes its length from its
   * arrays, so without this check a region would sum, or broadcast into, values of a shape its
   * kernels refuse: the unfused program's error would become a value.
   */
  private int[][] builtFor(Region region) {
    List<int[]> shapes = new ArrayList<>();
    for (int m = 0; m < region.members().length; m++) {
      Op op = program.operation(region.members()[m]);
      if (region.kinds()[m] == Region.SUM) {
        AxisSum sum = set.axisSum(op);
        if (sum != null) {
          shapes.add(sum.operandShape());
        }
      } else if (region.kinds()[m] == Region.SPLAT) {
        Broadcast broadcast = set.broadcast(op);
        if (broadcast != null) {
          shapes.add(broadcast.shape());
        }
      }
    }
    return shapes.toArray(new int[0][]);
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
    return real.length;
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
      throw program.inputCountError(inputs.size());
    }
    Object[] vals = new Object[plan.valueCount];
    for (int i = 0; i < plan.inputValues.length; i++) {
      V input = inputs.get(i);
      program.checkInput(i, input);
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
      Object value = out.get(r);
      if (value == null) {
        throw KernelFailure.nullResult(program, i, slotValue);
      }
      vals[results[r]] = value;
    }
  }

  @SuppressWarnings("unchecked")
  private void runRegion(int r, Object[] vals) {
    Region region = plan.regions.get(r);
    int[] arrays = region.externalArrays();
    int[] scalarValues = region.externalScalars();
    // a value of the region's shape, if one is read; else the region's static shape gives it
    V shape = shapeArray[r] >= 0 ? (V) vals[arrays[shapeArray[r]]] : null;
    Variant variant = real[r] != null && allReal(r, shape, vals) ? real[r] : null;
    if (variant == null) {
      boolean[] complexArrays = new boolean[arrays.length];
      boolean[] complexScalars = new boolean[scalarValues.length];
      if (!kinds(r, shape, vals, complexArrays, complexScalars)) {
        runUnfused(region, vals);
        return;
      }
      String key = key(complexArrays, complexScalars);
      variant = variants.get(r).get(key);
      if (variant == null) {
        // the first call with these kinds of externals: run unfused to learn the members' kinds,
        // then run the loop too, so that every call gives the loop's values (its sum order's)
        runUnfused(region, vals);
        Variant learned = learn(region, vals, complexArrays, complexScalars);
        variant = variants.get(r).putIfAbsent(key, learned);
        if (variant == null) {
          variant = learned;
        }
        if (variant.loop() == null) {
          return; // the unfused values stand
        }
      }
    }
    if (variant.loop() == null) {
      runUnfused(region, vals);
      return;
    }
    Region loopRegion = variant.region();
    double[][] in = new double[arrays.length][];
    for (int e = 0; e < arrays.length; e++) {
      in[e] = values.data((V) vals[arrays[e]]);
    }
    IndexMaps maps = region.maps();
    int n =
        maps != null
            ? IndexMaps.size(maps.shape())
            : loopRegion.complexArrays()[0] ? in[0].length / 2 : in[0].length;
    int[] scalarSlots = variant.scalarSlots();
    double[] scalars = new double[scalarSlots[scalarValues.length]];
    for (int s = 0; s < scalarValues.length; s++) {
      double[] data = values.data((V) vals[scalarValues[s]]);
      System.arraycopy(data, 0, scalars, scalarSlots[s], scalarSlots[s + 1] - scalarSlots[s]);
    }
    int[] liveOuts = region.liveOuts();
    double[][] out = new double[liveOuts.length][];
    for (int o = 0; o < out.length; o++) {
      int m = liveOuts[o];
      int size = region.kinds()[m] == Region.AXIS_SUM ? IndexMaps.size(maps.shapes()[m]) : n;
      out[o] = new double[loopRegion.complex()[m] ? 2 * size : size];
    }
    int[] sumSlots = variant.sumSlots();
    double[] sums = new double[sumSlots[region.sums().length]];
    // axis sums add into elements that blocks of BLOCK elements may share: their regions split
    // into blocks of whole rows where each row adds into elements of its own, else do not split
    int chunk = rowChunk[r] > 0 ? rowChunk[r] : BlockedSum.BLOCK;
    int threads =
        !axisSums[r] ? parallelism.threadsFor(n, costs[r])
            : rowChunk[r] > 0
                ? Math.min(parallelism.threadsFor(n, costs[r]), BlockRun.blocks(n, chunk))
                : 1;
    if (n == 0) {
      // a loop over no elements (an empty axis anywhere): its outputs are empty, or sums of
      // nothing, zeros as allocated; its index maps, which divide by every axis length, never run
      Arrays.fill(sums, 0.0);
    } else if (threads == 1 && (sums.length == 0 || n <= BlockedSum.BLOCK)) {
      // a sum of one element is that element (-0.0 + x == x for every x, -0.0 included)
      Arrays.fill(sums, n == 1 ? -0.0 : 0.0);
      variant.loop().run(in, scalars, out, sums, 0, n);
    } else {
      double[][] partials =
          BlockRun.run(
              variant.loop(), in, scalars, out, sums.length, n, chunk, threads,
              parallelism.executor());
      for (int k = 0; k < sums.length; k++) {
        double total = 0.0; // block sums in block order: the order of BlockedSum
        for (double[] block : partials) {
          total += block[k];
        }
        sums[k] = total;
      }
    }
    for (int o = 0; o < out.length; o++) {
      int m = liveOuts[o];
      boolean complex = loopRegion.complex()[m];
      int[] dims =
          region.kinds()[m] == Region.AXIS_SUM ? maps.shapes()[m]
              : shape == null ? maps.shape() : null;
      vals[region.results()[m]] =
          dims != null
              ? complex ? values.complexOfShape(dims, out[o]) : values.realOfShape(dims, out[o])
              : complex ? values.complexLike(shape, out[o]) : values.realLike(shape, out[o]);
    }
    for (int k = 0; k < region.sums().length; k++) {
      int slot = sumSlots[k];
      vals[region.results()[region.sums()[k]]] =
          loopRegion.complex()[region.sums()[k]]
              ? values.complexScalar(sums[slot], sums[slot + 1])
              : values.realScalar(sums[slot]);
    }
  }

  private void runUnfused(Region region, Object[] vals) {
    for (int i : region.members()) {
      runInstruction(i, vals);
    }
  }

  /** A map key naming which externals are complex ({@code c}) and which real ({@code r}). */
  private static String key(boolean[] complexArrays, boolean[] complexScalars) {
    StringBuilder key = new StringBuilder(complexArrays.length + complexScalars.length + 1);
    for (boolean c : complexArrays) {
      key.append(c ? 'c' : 'r');
    }
    key.append('/');
    for (boolean c : complexScalars) {
      key.append(c ? 'c' : 'r');
    }
    return key.toString();
  }

  /**
   * The loop of {@code region} for these kinds of externals, from the members' values an unfused
   * run just computed: each member complex where its value is; none ({@code loop} null: the
   * region keeps running unfused) where a value is neither real nor complex, or a member lacks the
   * kernel its kinds need (the complex pair where it or an operand is complex, the real kernel
   * otherwise).
   */
  @SuppressWarnings("unchecked")
  private Variant learn(
      Region region, Object[] vals, boolean[] complexArrays, boolean[] complexScalars) {
    Variant unfused = new Variant(region, null, null, null);
    int count = region.members().length;
    boolean[] complex = new boolean[count];
    for (int m = 0; m < count; m++) {
      V value = (V) vals[region.results()[m]];
      if (values.isComplex(value)) {
        complex[m] = true;
      } else if (!values.isReal(value)) {
        return unfused;
      }
    }
    Region variant = region.withComplex(complex, complexArrays, complexScalars);
    for (int m = 0; m < count; m++) {
      boolean complexOperand = false;
      for (int a : region.arguments()[m]) {
        complexOperand |= variant.isComplexArgument(a);
      }
      if (region.kinds()[m] != Region.ELEMENT) {
        if (complexOperand != complex[m]) {
          return unfused; // a sum or broadcast changing kind: not one the loop knows
        }
      } else if (complex[m] || complexOperand
          ? region.kernels()[m].complexRe() == null
          : region.kernels()[m].real() == null) {
        return unfused;
      }
    }
    return variant(variant);
  }

  /**
   * The elements of the blocks of whole rows (of its outermost loop axis) a region with axis sums
   * splits into: at least {@link BlockedSum#BLOCK}, so a block's work pays for its task; 0 if it
   * has a full sum (whose order is that of blocks of {@link BlockedSum#BLOCK}) or an axis sum
   * summing its outermost axis (rows then add into the same elements).
   */
  private static int rowChunk(Region region) {
    IndexMaps maps = region.maps();
    int[] dims = maps.loopDims();
    if (region.sums().length > 0 || dims.length < 2) {
      return 0;
    }
    for (int m = 0; m < region.kinds().length; m++) {
      if (region.kinds()[m] == Region.AXIS_SUM && maps.strides()[m][0] == 0) {
        return 0;
      }
    }
    long row = 1;
    for (int d = 1; d < dims.length; d++) {
      row *= dims[d];
    }
    long rows = Math.max(1, (BlockedSum.BLOCK + row - 1) / row);
    return (int) Math.min(Integer.MAX_VALUE, rows * row);
  }

  /** The first index of {@code value} in {@code a}, or −1. */
  private static int indexOf(int[] a, int value) {
    for (int k = 0; k < a.length; k++) {
      if (a[k] == value) {
        return k;
      }
    }
    return -1;
  }

  /**
   * Whether the region's external arrays have the shapes its loop reads them with: {@code
   * shape}'s (the region's static shape, if it has one) for those read at each element's index,
   * its broadcast's operand shape for a broadcast's operand.
   */
  @SuppressWarnings("unchecked")
  private boolean shapesAgree(int r, V shape, Object[] vals) {
    Region region = plan.regions.get(r);
    IndexMaps maps = region.maps();
    if (maps != null && shape != null && !Arrays.equals(values.shape(shape), maps.shape())) {
      return false;
    }
    if (builtFor[r].length > 0) {
      int[] dims = shape != null ? values.shape(shape) : maps.shape();
      for (int[] built : builtFor[r]) {
        if (!Arrays.equals(dims, built)) {
          return false; // run unfused: the member's kernel reports the mismatch
        }
      }
    }
    int[] arrays = region.externalArrays();
    int[] mapped = broadcastOf[r];
    for (int e = 0; e < arrays.length; e++) {
      V value = (V) vals[arrays[e]];
      if (mapped[e] >= 0
          ? !Arrays.equals(values.shape(value), maps.shapes()[mapped[e]])
          : !values.sameShape(shape, value)) {
        return false;
      }
    }
    return true;
  }

  /** Whether the region's externals are real values of its shapes (scalars: of one element). */
  @SuppressWarnings("unchecked")
  private boolean allReal(int r, V shape, Object[] vals) {
    Region region = plan.regions.get(r);
    for (int v : region.externalArrays()) {
      if (!values.isReal((V) vals[v])) {
        return false;
      }
    }
    if (!shapesAgree(r, shape, vals)) {
      return false;
    }
    for (int v : region.externalScalars()) {
      V value = (V) vals[v];
      if (!values.isReal(value) || values.data(value).length != 1) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the region's externals are real or complex values of one shape (scalars: of one
   * element), marking the complex ones.
   */
  @SuppressWarnings("unchecked")
  private boolean kinds(
      int r, V shape, Object[] vals, boolean[] complexArrays, boolean[] complexScalars) {
    Region region = plan.regions.get(r);
    int[] arrays = region.externalArrays();
    for (int e = 0; e < arrays.length; e++) {
      V value = (V) vals[arrays[e]];
      complexArrays[e] = values.isComplex(value);
      if (!(complexArrays[e] || values.isReal(value))) {
        return false;
      }
    }
    if (!shapesAgree(r, shape, vals)) {
      return false;
    }
    int[] scalars = region.externalScalars();
    for (int s = 0; s < scalars.length; s++) {
      V value = (V) vals[scalars[s]];
      complexScalars[s] = values.isComplex(value);
      if (!(complexScalars[s] || values.isReal(value))
          || values.data(value).length != (complexScalars[s] ? 2 : 1)) {
        return false;
      }
    }
    return true;
  }
}

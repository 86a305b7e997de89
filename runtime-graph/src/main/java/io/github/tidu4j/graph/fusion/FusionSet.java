package io.github.tidu4j.graph.fusion;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.ElementKernel;
import io.github.tidu4j.graph.ElementKernelDescriptor;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.LruMap;
import io.github.tidu4j.graph.bytecode.KernelSet;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What the fusion backend needs to know about a primitive set: its per-element kernels (the
 * processor-generated {@code XKernels.ELEMENTWISE}), its opcodes and lookup (its {@link KernelSet}),
 * how to read and make its values ({@link ElementValues}), which operations are full sums and
 * broadcasts of a scalar, which regions may end with and take in, which are general broadcasts
 * ({@link Broadcast}) and sums over some axes ({@link AxisSum}), which regions may take in and end
 * with too, and which elementwise operations
 * are costly (a transcendental call such as {@code exp} or {@code sin}), of which a region holds at
 * most one: a loop body holding several such calls runs slower than one loop per operation.
 *
 * <p><b>Block kernels</b> ({@link #withBlockKernels}): a unary elementwise primitive may have a
 * {@link BlockKernel}, a function over a block of elements (a vectorised {@code exp}), which its
 * region's loop calls once per block of {@link #blockSize()} elements instead of the per-element
 * kernel once per element: per block, the loop computes that member's operands, calls the block
 * kernel on them, and so on for each such member, then computes the rest of the region over the
 * block. Such a member is not costly (its kernel is not called per element): a region holds
 * several (up to eight), each in its own phase. Results then differ from the unfused program's by what the block kernel
 * differs from the per-element kernel (the tensor set's are within their stated ulp bounds of the
 * exact function, see its {@code TensorFusion}); without block kernels, fused values are the
 * unfused ones bit for bit.
 *
 * <p><b>Sum order</b> ({@link #withSumOrder}): full sums add in the order of {@link
 * SumOrder#SEQUENTIAL} (the unfused {@code ReduceSum}'s, bit for bit) unless the set chooses
 * {@link SumOrder#LANES}, eight interleaved partial sums per block, which removes the chain of
 * dependent additions that otherwise bounds a loop summing cheap or vectorised elements. Sums
 * over some axes ({@link AxisSum}) add in the operand's row-major order in either case.
 *
 * <p><b>Vector loops</b> ({@link #withVectorLoops}): a region with a full sum and without block
 * kernels whose members' kernels are plain arithmetic expressions of their operands ({@code a +
 * b}, {@code a · b}, {@code −x}, {@code 1.0 / x}, …, read from the kernels' bytecode) runs over
 * vectors of eight elements where {@code jdk.incubator.vector} is resolved and the hardware has
 * 512-bit vectors: the same exactly rounded operations lanewise, each lane one lane of {@link
 * SumOrder#LANES}, so the values are the element loop's bits. A region without a full sum keeps
 * its element loop, which C2 vectorises itself (nothing carries from one element to the next) and
 * which runs at least as fast. Regions whose sums add in {@link SumOrder#SEQUENTIAL} order keep
 * the element loop (an in-order sum is one chain of additions, which vectors do not shorten), and
 * so do calls whose arrays hold more than 16 MiB together (system property {@code
 * tidu4j.fusion.vectorLoopMaxBytes}): streamed from memory, the vector loop was measured no faster,
 * and sometimes slower, than the element loop.
 *
 * <p><b>Threads</b> ({@link #withParallelism}): large loops are split across threads as its {@link
 * FusionParallelism} says ({@link FusionParallelism#defaults()} unless chosen), each thread running
 * whole blocks of {@link BlockedSum#BLOCK} elements; the values are the same bits on any number of
 * threads, in either sum order. The options compose in any order: {@code set.withBlockKernels(m)
 * .withParallelism(p)} and {@code set.withParallelism(p).withBlockKernels(m)} are the same set,
 * made once per equal combination of options (the sixteen most recently used of each kept).
 *
 * <p>It caches what it generates: one loop class per region structure (kinds, kernels and wiring,
 * not attributes, which instance kernels read from the operations; the 512 most recently used
 * kept, so a process that fuses ever new structures unloads the loops no program uses any more),
 * and one {@link FusedProgram} per compiled program, kept by the program ({@link
 * CompiledProgram#derived}), so that a program no longer used is collected with its plan.
 *
 * <pre>{@code
 * FusionSet<TensorOp, Tensor> set =
 *     FusionSet.of(TensorKernels.kernelSet(), TensorKernels.ELEMENTWISE,
 *         TensorElementValues.INSTANCE, isFullSum, isScalarBroadcast);
 * List<Tensor> y = set.fuse(program).evalPositional(List.of(x, a, b));
 * }</pre>
 *
 * @param <Op> the operation type
 * @param <V> the value type
 */
public final class FusionSet<Op extends GraphOperation, V> {
  private final KernelSet<Op> kernels;
  private final ElementKernelDescriptor[] byOpcode;
  private final ElementValues<V> values;
  private final Predicate<? super Op> fullSum;
  private final Predicate<? super Op> scalarBroadcast;
  private final Predicate<? super Op> costly;
  private final Function<? super Op, Broadcast> broadcast;
  private final Function<? super Op, AxisSum> axisSum;
  private final BlockKernel[] blockByOpcode;
  private final int blockSize;
  private final LoopOption loopOption;
  /** How many loop classes a set and the sets made from it keep for reuse. */
  private static final int LOOPS_KEPT = 512;

  private final LruMap<String, MethodHandle> loops;
  /**
   * Each element kernel's {@link KernelExpression} (empty for none), read from its class file once
   * for the base set and every set made from it, not once per member of each generated loop.
   */
  private final Map<ElementKernelDescriptor, Optional<KernelExpression>> expressions;
  // the set FusionSet.of made: no block kernels, default parallelism
  private final FusionSet<Op, V> base;
  // the set of this set's block kernels with the default parallelism: it generates the loops
  private final FusionSet<Op, V> root;
  private final FusionParallelism parallelism;
  // the base's sets of other loop options (equal options, one set), the most recently used kept
  private final LruMap<LoopOption, FusionSet<Op, V>> withLoopOption = new LruMap<>(16);
  // the root's sets of other parallelisms (equal options, one set), the most recently used kept
  private final LruMap<FusionParallelism, FusionSet<Op, V>> withParallelism = new LruMap<>(16);

  /**
   * What a set's loops are generated from besides the region: the block kernels they call, over
   * blocks of how many elements, the order their sums add in, and whether cheap regions may run
   * over vectors.
   */
  private record LoopOption(
      Map<String, BlockKernel> kernels, int blockSize, SumOrder sumOrder, boolean vectorLoops) {}

  private FusionSet(
      KernelSet<Op> kernels,
      List<ElementKernelDescriptor> elementwise,
      ElementValues<V> values,
      Predicate<? super Op> fullSum,
      Predicate<? super Op> scalarBroadcast,
      Predicate<? super Op> costly,
      Function<? super Op, Broadcast> broadcast,
      Function<? super Op, AxisSum> axisSum,
      LoopOption loopOption,
      FusionSet<Op, V> base) {
    this.kernels = Objects.requireNonNull(kernels, "kernels");
    this.values = Objects.requireNonNull(values, "values");
    this.fullSum = Objects.requireNonNull(fullSum, "fullSum");
    this.scalarBroadcast = Objects.requireNonNull(scalarBroadcast, "scalarBroadcast");
    this.costly = Objects.requireNonNull(costly, "costly");
    this.broadcast = Objects.requireNonNull(broadcast, "broadcast");
    this.axisSum = Objects.requireNonNull(axisSum, "axisSum");
    this.loops = new LruMap<>(LOOPS_KEPT);
    this.expressions = base == null ? new ConcurrentHashMap<>() : base.expressions;
    this.base = base == null ? this : base;
    this.root = this;
    this.parallelism = FusionParallelism.defaults();
    this.loopOption = loopOption;
    int blockSize = loopOption.blockSize();
    this.byOpcode = new ElementKernelDescriptor[kernels.table().size()];
    MethodHandles.Lookup access = kernels.lookup().dropLookupMode(MethodHandles.Lookup.PRIVATE);
    ClassLoader loader = kernels.lookup().lookupClass().getClassLoader();
    for (ElementKernelDescriptor k : elementwise) {
      Objects.requireNonNull(k, "element kernel descriptor");
      if (k.opcode() >= byOpcode.length
          || !kernels.table().get(k.opcode()).primitiveName().equals(k.primitiveName())) {
        throw new IllegalArgumentException(
            k.primitiveName() + ": opcode " + k.opcode() + " names another primitive, or none,"
                + " in the kernel table");
      }
      resolve(k, access, loader);
      byOpcode[k.opcode()] = k;
    }
    if (blockSize < 1) {
      throw new IllegalArgumentException("block size " + blockSize + " is not positive");
    }
    this.blockSize = blockSize;
    this.blockByOpcode = new BlockKernel[byOpcode.length];
    Map<String, BlockKernel> unmatched = new HashMap<>(loopOption.kernels());
    for (ElementKernelDescriptor k : byOpcode) {
      BlockKernel block = k == null ? null : unmatched.remove(k.primitiveName());
      if (block == null) {
        continue;
      }
      if (k.inputArity() != 1 || k.real() == null || !k.real().isStatic()) {
        throw new IllegalArgumentException(
            k.primitiveName() + ": a block kernel replaces a static real element kernel of one"
                + " input (no attributes), but " + k.primitiveName() + " takes "
                + k.inputArity() + " input(s)"
                + (k.real() == null ? " and has no real element kernel"
                    : k.real().isStatic() ? "" : " and its element kernel reads attributes"));
      }
      resolve(k.primitiveName(), block, access);
      blockByOpcode[k.opcode()] = block;
    }
    if (!unmatched.isEmpty()) {
      throw new IllegalArgumentException(
          "block kernels for " + unmatched.keySet() + ", which are not elementwise primitives of"
              + " the set");
    }
  }

  private FusionSet(FusionSet<Op, V> root, FusionParallelism parallelism) {
    this.kernels = root.kernels;
    this.byOpcode = root.byOpcode;
    this.values = root.values;
    this.fullSum = root.fullSum;
    this.scalarBroadcast = root.scalarBroadcast;
    this.costly = root.costly;
    this.broadcast = root.broadcast;
    this.axisSum = root.axisSum;
    this.blockByOpcode = root.blockByOpcode;
    this.blockSize = root.blockSize;
    this.loopOption = root.loopOption;
    this.loops = root.loops;
    this.expressions = root.expressions;
    this.base = root.base;
    this.root = root;
    this.parallelism = parallelism;
  }

  /**
   * This set with its fused programs splitting large loops as {@code parallelism} says, made
   * once per (equal) parallelism and kept for the sixteen most recently used; the block kernels
   * and the generated loops are this set's, and the values are the same bits.
   *
   * <pre>{@code
   * FusionSet<TensorOp, Tensor> serial = set.withParallelism(FusionParallelism.serial());
   * }</pre>
   */
  public FusionSet<Op, V> withParallelism(FusionParallelism parallelism) {
    Objects.requireNonNull(parallelism, "parallelism");
    if (parallelism.equals(this.parallelism)) {
      return this;
    }
    if (parallelism.equals(root.parallelism)) {
      return root;
    }
    FusionSet<Op, V> set = root.withParallelism.get(parallelism);
    return set != null
        ? set
        : root.withParallelism.putIfAbsent(parallelism, new FusionSet<>(root, parallelism));
  }

  /**
   * How its fused programs split large loops across threads: {@link FusionParallelism#defaults()}
   * when the set is made, unless {@link #withParallelism} chose otherwise.
   */
  public FusionParallelism parallelism() {
    return parallelism;
  }

  /**
   * A fusion set in which every elementwise operation is cheap: a region holds any number of them
   * (up to its size limit).
   *
   * @param kernels the set's kernels: its opcodes and the lookup generated loops are defined with
   * @param elementwise the per-element kernels ({@code XKernels.ELEMENTWISE})
   * @param values how to read and make the set's values
   * @param fullSum whether an operation sums every element of its one operand to a rank-0 value
   * @param scalarBroadcast whether an operation broadcasts a rank-0 operand to a shape
   * @throws IllegalArgumentException naming the primitive if a kernel does not resolve
   */
  public static <Op extends GraphOperation, V> FusionSet<Op, V> of(
      KernelSet<Op> kernels,
      List<ElementKernelDescriptor> elementwise,
      ElementValues<V> values,
      Predicate<? super Op> fullSum,
      Predicate<? super Op> scalarBroadcast) {
    return of(kernels, elementwise, values, fullSum, scalarBroadcast, op -> false);
  }

  /**
   * A fusion set whose {@code costly} elementwise operations each get a region of their own, shared
   * with cheap operations only: a loop body calling several transcendental functions runs slower
   * than one loop per operation, so fusing two of them would lose to the unfused program.
   *
   * <pre>{@code
   * FusionSet<TensorOp, Tensor> set =
   *     FusionSet.of(TensorKernels.kernelSet(), TensorKernels.ELEMENTWISE,
   *         TensorElementValues.INSTANCE, isFullSum, isScalarBroadcast,
   *         op -> op instanceof TensorPrimitives.Exp || op instanceof TensorPrimitives.Sin);
   * }</pre>
   *
   * @param kernels the set's kernels: its opcodes and the lookup generated loops are defined with
   * @param elementwise the per-element kernels ({@code XKernels.ELEMENTWISE})
   * @param values how to read and make the set's values
   * @param fullSum whether an operation sums every element of its one operand to a rank-0 value
   * @param scalarBroadcast whether an operation broadcasts a rank-0 operand to a shape
   * @param costly whether an elementwise operation's per-element kernel is costly (a
   *     transcendental call); a region holds at most one such operation
   * @throws IllegalArgumentException naming the primitive if a kernel does not resolve
   */
  public static <Op extends GraphOperation, V> FusionSet<Op, V> of(
      KernelSet<Op> kernels,
      List<ElementKernelDescriptor> elementwise,
      ElementValues<V> values,
      Predicate<? super Op> fullSum,
      Predicate<? super Op> scalarBroadcast,
      Predicate<? super Op> costly) {
    return of(kernels, elementwise, values, fullSum, scalarBroadcast, costly, op -> null,
        op -> null);
  }

  /**
   * A fusion set whose regions also take in general broadcasts and end with sums over some axes:
   * {@code broadcast} gives an operation's {@link Broadcast} (its operand of rank at least 1 read
   * through an index map by the region of the broadcast's shape), {@code axisSum} its {@link
   * AxisSum} (ending the region producing its operand, which adds each element into its result
   * element); both give {@code null} for other operations. The set's {@link ElementValues} then
   * implement {@link ElementValues#shape} and {@link ElementValues#realOfShape} (and {@link
   * ElementValues#complexOfShape} for complex values). Axis sums add in the operand's row-major
   * order from {@code +0.0}, whatever the {@link SumOrder}: the set's sum kernel must do the same
   * for fused values to be its values bit for bit.
   *
   * <pre>{@code
   * FusionSet<TensorOp, Tensor> set =
   *     FusionSet.of(TensorKernels.kernelSet(), TensorKernels.ELEMENTWISE,
   *         TensorElementValues.INSTANCE, isFullSum, isScalarBroadcast, isTranscendental,
   *         op -> op instanceof BroadcastInDim b
   *             ? new Broadcast(b.operandShape(), b.shape(), b.broadcastDimensions()) : null,
   *         op -> op instanceof ReduceSum s ? new AxisSum(s.operandShape(), s.axes()) : null);
   * }</pre>
   *
   * @param kernels the set's kernels: its opcodes and the lookup generated loops are defined with
   * @param elementwise the per-element kernels ({@code XKernels.ELEMENTWISE})
   * @param values how to read and make the set's values
   * @param fullSum whether an operation sums every element of its one operand to a rank-0 value
   * @param scalarBroadcast whether an operation broadcasts a rank-0 operand to a shape
   * @param costly whether an elementwise operation's per-element kernel is costly (a
   *     transcendental call); a region holds at most one such operation
   * @param broadcast an operation's broadcast, or {@code null} if it is not one
   * @param axisSum an operation's sum over axes, or {@code null} if it is not one
   * @throws IllegalArgumentException naming the primitive if a kernel does not resolve
   */
  public static <Op extends GraphOperation, V> FusionSet<Op, V> of(
      KernelSet<Op> kernels,
      List<ElementKernelDescriptor> elementwise,
      ElementValues<V> values,
      Predicate<? super Op> fullSum,
      Predicate<? super Op> scalarBroadcast,
      Predicate<? super Op> costly,
      Function<? super Op, Broadcast> broadcast,
      Function<? super Op, AxisSum> axisSum) {
    return new FusionSet<>(
        kernels, List.copyOf(elementwise), values, fullSum, scalarBroadcast, costly, broadcast,
        axisSum, new LoopOption(Map.of(), DEFAULT_BLOCK_SIZE, SumOrder.SEQUENTIAL, true), null);
  }

  /**
   * The elements a block kernel takes per call unless {@link #withBlockKernels(Map, int)} says
   * otherwise. Measured with {@code ElementwiseBenchmark}'s {@code blockSize} parameter (bench/
   * RESULTS.md): 64 to 256 run 10–20% faster than 1024 to 4096 (sumExp and chain8, 10^3 and 10^6
   * elements) and within a few percent of each other; 256 keeps the per-block overhead low, and a
   * region's scratch arrays (2 KB per block member) in the L1 cache.
   */
  public static final int DEFAULT_BLOCK_SIZE = 256;

  /**
   * This set, with block kernels for some of its unary elementwise primitives, keyed by primitive
   * name ({@link ElementKernelDescriptor#primitiveName()}): a fused region calls a member's block
   * kernel once per block of {@link #DEFAULT_BLOCK_SIZE} elements instead of its per-element
   * kernel per element, so the member no longer counts as costly, even where {@code costly} says
   * it is (a region holds several such members, each a phase of its loop). This set is left as it
   * is (a set without block kernels gives the unfused values bit for bit).
   *
   * <pre>{@code
   * FusionSet<TensorOp, Tensor> vectorised =
   *     exact.withBlockKernels(Map.of("Exp", new BlockKernel(VectorMath.class, "exp")));
   * }</pre>
   *
   * @throws IllegalArgumentException naming the primitive if it is not a unary elementwise
   *     primitive with a real kernel, or its block kernel is not accessible from the set's lookup
   */
  public FusionSet<Op, V> withBlockKernels(Map<String, BlockKernel> blockKernels) {
    return withBlockKernels(blockKernels, DEFAULT_BLOCK_SIZE);
  }

  /**
   * {@link #withBlockKernels(Map)} with blocks of {@code blockSize} elements.
   *
   * <pre>{@code
   * FusionSet<TensorOp, Tensor> blocks256 =
   *     TensorFusion.exactSet().withBlockKernels(TensorFusion.blockKernels(), 256);
   * }</pre>
   *
   * @throws IllegalArgumentException as {@link #withBlockKernels(Map)} does, or if {@code
   *     blockSize} is not positive
   */
  public FusionSet<Op, V> withBlockKernels(Map<String, BlockKernel> blockKernels, int blockSize) {
    return base.rootWith(
            new LoopOption(
                Map.copyOf(blockKernels), blockSize, loopOption.sumOrder(),
                loopOption.vectorLoops()))
        .withParallelism(parallelism);
  }

  /**
   * This set with its loops adding full sums in {@code order} ({@link SumOrder#SEQUENTIAL} when the
   * set is made): its block kernels and parallelism are this set's, and the sets are made once per
   * equal combination of options, as {@link #withBlockKernels} makes them. With {@link
   * SumOrder#LANES}, a sum's bits are those of {@link SumOrder#sum}, not the unfused program's
   * (within the bound {@link LaneSum} states); its loops run in blocks of {@link #blockSize()}
   * elements, whose sums' elements go through {@link LaneSum#add}.
   *
   * <pre>{@code
   * FusionSet<TensorOp, Tensor> lanes = TensorFusion.exactSet().withSumOrder(SumOrder.LANES);
   * }</pre>
   */
  public FusionSet<Op, V> withSumOrder(SumOrder order) {
    Objects.requireNonNull(order, "order");
    return base.rootWith(
            new LoopOption(loopOption.kernels(), blockSize, order, loopOption.vectorLoops()))
        .withParallelism(parallelism);
  }

  /** The order its loops add full sums in. */
  public SumOrder sumOrder() {
    return loopOption.sumOrder();
  }

  /**
   * This set with the vector loops of cheap regions allowed ({@code true}, as a set is made) or
   * not: a region with a full sum whose members' kernels are plain arithmetic expressions runs
   * over vectors of {@code jdk.incubator.vector} where the module is resolved (see {@code
   * VectorLoops} in this package's sources), and its element loop otherwise; the values are the
   * same bits either way, so {@code false} serves to compare the two (and to measure one against
   * the other). Its other options are this set's; sets are made once per equal combination of
   * options.
   *
   * <pre>{@code
   * FusionSet<TensorOp, Tensor> elementLoops = TensorFusion.set().withVectorLoops(false);
   * }</pre>
   */
  public FusionSet<Op, V> withVectorLoops(boolean vectorLoops) {
    return base.rootWith(
            new LoopOption(loopOption.kernels(), blockSize, loopOption.sumOrder(), vectorLoops))
        .withParallelism(parallelism);
  }

  /** Whether cheap regions may run over vectors ({@link #withVectorLoops}). */
  public boolean vectorLoops() {
    return loopOption.vectorLoops();
  }

  /** The base's set of {@code option} with the default parallelism, made once per equal option. */
  private FusionSet<Op, V> rootWith(LoopOption option) {
    if (option.equals(loopOption)) {
      return this;
    }
    FusionSet<Op, V> set = withLoopOption.get(option);
    if (set != null) {
      return set;
    }
    List<ElementKernelDescriptor> elementwise = new ArrayList<>();
    for (ElementKernelDescriptor k : byOpcode) {
      if (k != null) {
        elementwise.add(k);
      }
    }
    return withLoopOption.putIfAbsent(
        option,
        new FusionSet<>(
            kernels, elementwise, values, fullSum, scalarBroadcast, costly, broadcast, axisSum,
            option, this));
  }

  /** The elements a block kernel takes per call in this set's loops. */
  public int blockSize() {
    return blockSize;
  }

  private static void resolve(String primitive, BlockKernel block, MethodHandles.Lookup access) {
    try {
      access.findStatic(
          block.owner(), block.methodName(),
          MethodType.methodType(
              void.class, double[].class, int.class, double[].class, int.class, int.class));
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(
          primitive + ": block kernel " + block.owner().getName() + "." + block.methodName()
              + " is not accessible from package " + access.lookupClass().getPackageName(), e);
    }
  }

  private static void resolve(
      ElementKernelDescriptor k, MethodHandles.Lookup access, ClassLoader loader) {
    for (ElementKernel kernel : new ElementKernel[] {k.real(), k.complexRe(), k.complexIm()}) {
      if (kernel == null) {
        continue;
      }
      try {
        Class<?> owner = Class.forName(k.ownerInternalName().replace('/', '.'), false, loader);
        MethodType type = MethodType.fromMethodDescriptorString(kernel.methodDescriptor(), loader);
        if (kernel.isStatic()) {
          access.findStatic(owner, kernel.methodName(), type);
        } else {
          access.findVirtual(owner, kernel.methodName(), type);
        }
      } catch (LinkageError | ReflectiveOperationException | TypeNotPresentException e) {
        throw new IllegalArgumentException(
            k.primitiveName() + ": no accessible element kernel " + k.ownerInternalName() + "."
                + kernel.methodName() + kernel.methodDescriptor() + " from package "
                + access.lookupClass().getPackageName(), e);
      }
    }
  }


  /**
   * The fused form of {@code program}, made once per program and cached.
   *
   * <pre>{@code
   * FusedProgram<TensorOp, Tensor> fused = set.fuse(program);
   * }</pre>
   */
  public FusedProgram<Op, V> fuse(CompiledProgram<Op> program) {
    Objects.requireNonNull(program, "program");
    return program.derived(
        this,
        p -> root == this ? new FusedProgram<>(p, this) : root.fuse(p).withParallelism(parallelism));
  }

  /** The per-element kernels of {@code op}'s primitive, or {@code null} if it is not elementwise. */
  ElementKernelDescriptor elementKernel(Op op) {
    int opcode = kernels.opcodeOf(op);
    return opcode >= 0 && opcode < byOpcode.length ? byOpcode[opcode] : null;
  }

  boolean isFullSum(Op op) {
    return fullSum.test(op);
  }

  boolean isScalarBroadcast(Op op) {
    return scalarBroadcast.test(op);
  }

  /** {@code op}'s broadcast, or {@code null} if it is not one. */
  Broadcast broadcast(Op op) {
    return broadcast.apply(op);
  }

  /** {@code op}'s sum over axes, or {@code null} if it is not one. */
  AxisSum axisSum(Op op) {
    return axisSum.apply(op);
  }

  /** Whether the set says {@code op} is costly (called per element; see {@link #blockKernel}). */
  boolean isCostly(Op op) {
    return costly.test(op);
  }

  /** The block kernel of {@code op}'s primitive, or {@code null} if it has none. */
  BlockKernel blockKernel(Op op) {
    int opcode = kernels.opcodeOf(op);
    return opcode >= 0 && opcode < blockByOpcode.length ? blockByOpcode[opcode] : null;
  }

  ElementValues<V> values() {
    return values;
  }

  /** The constructor ({@code Object[]} of the members' operations) of {@code region}'s loop. */
  MethodHandle loopConstructor(Region region) {
    String key = region.structureKey();
    MethodHandle loop = loops.get(key);
    if (loop != null) {
      return loop;
    }
    // generated outside the cache's lock; threads that generate one structure at once each define
    // a class, and all use the first stored
    return loops.putIfAbsent(
        key,
        LoopGenerator.define(
            region, kernels.lookup(), blockSize, loopOption.sumOrder(),
            loopOption.vectorLoops() ? VectorLoops.lanes(kernels.lookup(), region) : 0,
            this::expressionOf));
  }

  /**
   * Whether {@code region}'s members allow a loop over vectors: with a full sum, its loop as
   * {@link #loopConstructor} makes it runs over {@code jdk.incubator.vector}'s vectors; without
   * one, its element loop carries nothing between elements and C2 vectorises it.
   */
  boolean vectorises(Region region) {
    return loopOption.vectorLoops()
        && LoopGenerator.vectorises(region, loopOption.sumOrder(),
            VectorLoops.lanes(kernels.lookup()), this::expressionOf);
  }

  /** {@code kernel}'s expression for vector loops, or {@code null}; read once per base set. */
  private KernelExpression expressionOf(ElementKernelDescriptor kernel) {
    ClassLoader loader = kernels.lookup().lookupClass().getClassLoader();
    return expressions
        .computeIfAbsent(kernel, k -> Optional.ofNullable(KernelExpression.read(k, loader)))
        .orElse(null);
  }
}

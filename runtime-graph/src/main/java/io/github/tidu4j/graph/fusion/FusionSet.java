package io.github.tidu4j.graph.fusion;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.ElementKernelDescriptor;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.LruMap;
import io.github.tidu4j.graph.bytecode.KernelSet;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * What the fusion backend needs to know about a primitive set: its per-element kernels (the
 * processor-generated {@code XKernels.ELEMENTWISE}), its opcodes and lookup (its {@link KernelSet}),
 * how to read and make its values ({@link ElementValues}), which operations are full sums and
 * broadcasts of a scalar, which regions may end with and take in, and which elementwise operations
 * are costly (a transcendental call such as {@code exp} or {@code sin}), of which a region holds at
 * most one: a loop body holding several such calls runs slower than one loop per operation.
 *
 * <p>Large loops are split across threads as its {@link FusionParallelism} says ({@link
 * #withParallelism}; {@link FusionParallelism#defaults()} otherwise).
 *
 * <p>It caches what it generates: one loop class per region structure (kinds, kernels and wiring,
 * not attributes, which instance kernels read from the operations), and one {@link FusedProgram}
 * per compiled program (held weakly, so a program that is no longer used is collected with its
 * plan).
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
  private final Map<String, MethodHandle> loops;
  private final Map<CompiledProgram<Op>, FusedProgram<Op, V>> programs =
      Collections.synchronizedMap(new WeakHashMap<>());
  private final FusionSet<Op, V> root;
  private final FusionParallelism parallelism;
  // the root's sets of other parallelisms (equal options, one set), the most recently used kept
  private final LruMap<FusionParallelism, FusionSet<Op, V>> withParallelism = new LruMap<>(16);

  private FusionSet(
      KernelSet<Op> kernels,
      List<ElementKernelDescriptor> elementwise,
      ElementValues<V> values,
      Predicate<? super Op> fullSum,
      Predicate<? super Op> scalarBroadcast,
      Predicate<? super Op> costly) {
    this.kernels = Objects.requireNonNull(kernels, "kernels");
    this.values = Objects.requireNonNull(values, "values");
    this.fullSum = Objects.requireNonNull(fullSum, "fullSum");
    this.scalarBroadcast = Objects.requireNonNull(scalarBroadcast, "scalarBroadcast");
    this.costly = Objects.requireNonNull(costly, "costly");
    this.loops = new ConcurrentHashMap<>();
    this.root = this;
    this.parallelism = FusionParallelism.defaults();
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
      if (k.real() != null) {
        resolve(k, access, loader);
      }
      byOpcode[k.opcode()] = k;
    }
  }

  private FusionSet(FusionSet<Op, V> root, FusionParallelism parallelism) {
    this.kernels = root.kernels;
    this.byOpcode = root.byOpcode;
    this.values = root.values;
    this.fullSum = root.fullSum;
    this.scalarBroadcast = root.scalarBroadcast;
    this.costly = root.costly;
    this.loops = root.loops;
    this.root = root;
    this.parallelism = parallelism;
  }

  /**
   * This set with its fused programs splitting large loops as {@code parallelism} says, made
   * once per (equal) parallelism and kept for the sixteen most recently used; the generated loops are shared with this set, and the values are the
   * same bits.
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
   * @throws IllegalArgumentException naming the primitive if a real kernel does not resolve
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
   * @throws IllegalArgumentException naming the primitive if a real kernel does not resolve
   */
  public static <Op extends GraphOperation, V> FusionSet<Op, V> of(
      KernelSet<Op> kernels,
      List<ElementKernelDescriptor> elementwise,
      ElementValues<V> values,
      Predicate<? super Op> fullSum,
      Predicate<? super Op> scalarBroadcast,
      Predicate<? super Op> costly) {
    return new FusionSet<>(
        kernels, List.copyOf(elementwise), values, fullSum, scalarBroadcast, costly);
  }

  private static void resolve(
      ElementKernelDescriptor k, MethodHandles.Lookup access, ClassLoader loader) {
    try {
      Class<?> owner = Class.forName(k.ownerInternalName().replace('/', '.'), false, loader);
      MethodType type = MethodType.fromMethodDescriptorString(k.real().methodDescriptor(), loader);
      if (k.real().isStatic()) {
        access.findStatic(owner, k.real().methodName(), type);
      } else {
        access.findVirtual(owner, k.real().methodName(), type);
      }
    } catch (LinkageError | ReflectiveOperationException | TypeNotPresentException e) {
      throw new IllegalArgumentException(
          k.primitiveName() + ": no accessible element kernel " + k.ownerInternalName() + "."
              + k.real().methodName() + k.real().methodDescriptor() + " from package "
              + access.lookupClass().getPackageName(), e);
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
    FusedProgram<Op, V> fused = programs.get(program);
    if (fused == null) {
      fused =
          root == this
              ? new FusedProgram<>(program, this)
              : root.fuse(program).withParallelism(parallelism);
      programs.put(program, fused);
    }
    return fused;
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

  boolean isCostly(Op op) {
    return costly.test(op);
  }

  ElementValues<V> values() {
    return values;
  }

  /** The constructor ({@code Object[]} of the members' operations) of {@code region}'s loop. */
  MethodHandle loopConstructor(Region region) {
    return loops.computeIfAbsent(
        region.structureKey(), key -> LoopGenerator.define(region, kernels.lookup()));
  }
}

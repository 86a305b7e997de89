package io.github.tidu4j.primitives;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.ElementKernelDescriptor;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.bytecode.TierPolicy;
import io.github.tidu4j.graph.bytecode.TieredRunners;
import io.github.tidu4j.graph.fusion.FusionSet;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * Fusion as a promoted tier: a program with elementwise instructions starts on the first tier (the
 * generated {@link TensorEvaluator}, which costs nothing to prepare) and is promoted to its fused
 * form ({@link TensorFusion}) once the elements its calls have processed add up to the {@link
 * TieredRunners} work threshold ({@value TieredRunners#WORK_THRESHOLD_PROPERTY}, {@value
 * TieredRunners#DEFAULT_WORK_THRESHOLD} by default): a call's work is the element count of its
 * largest input, so a program over 2²⁰ elements or more is fused before its first call runs, one
 * over 2¹⁹ (or 10⁶) after its second call, and one over ten elements after some 10⁵ calls,
 * generating no loop class for a function called a few times. Programs without elementwise
 * instructions, and those whose fused form has no region, run on {@code unfused} (tiered runners
 * towards bytecode, typically).
 *
 * <p>The promotion is {@link TieredRunners}' (in the background on its compiler thread, once per
 * program however many threads call it, swapped in when ready); nothing of the fusion backend is
 * loaded before the first promotion, so a short-lived process pays for none of it. The tiers'
 * values are those of the fusion set's documentation: {@link TensorFusion#exactSet()} gives the
 * unfused values bit for bit, so callers cannot tell the tiers apart; {@link TensorFusion#set()}
 * differs in the last bits of transcendental results and of full sums (added in lane order).
 *
 * <pre>{@code
 * ProgramRunner.Factory<TensorOp, Tensor> runners =
 *     FusionTier.runners(TensorEvaluator::new, TensorFusion::set,
 *         TieredRunners.of(TensorEvaluator::new, TensorKernels::kernelSet));
 * List<Tensor> y = runners.prepare(program).run(List.of(x));   // switch evaluator, then fused
 * }</pre>
 */
public final class FusionTier {
  /**
   * The tensor set's tier policy ({@code TensorPrimitives.TIERS}), with which the generated {@link
   * EagerTensor}'s default runtimes run their operation and backward programs: {@link
   * #runners(ProgramRunner.Factory, Supplier, ProgramRunner.Factory)} over {@link
   * TensorFusion#set()}.
   */
  public static final TierPolicy<TensorOp, Tensor> POLICY = new Policy();

  private FusionTier() {}

  /**
   * The fusion set {@link TensorFusion#exactSet()} if {@code exact}, else {@link
   * TensorFusion#set()}, asked for when called: what the first promotion of {@link #runners}
   * takes, without making it before.
   */
  public static Supplier<FusionSet<TensorOp, Tensor>> fusionSet(boolean exact) {
    return exact ? Sets.EXACT : Sets.VECTORISED;
  }

  /** {@link #fusionSet}'s suppliers: a class, not method references (see {@link Promoted}). */
  private enum Sets implements Supplier<FusionSet<TensorOp, Tensor>> {
    VECTORISED,
    EXACT;

    @Override
    public FusionSet<TensorOp, Tensor> get() {
      return this == EXACT ? TensorFusion.exactSet() : TensorFusion.set();
    }
  }

  /** {@link #POLICY}. */
  private static final class Policy implements TierPolicy<TensorOp, Tensor> {
    @Override
    public ProgramRunner.Factory<TensorOp, Tensor> runners(
        ProgramRunner.Factory<TensorOp, Tensor> firstTier,
        ProgramRunner.Factory<TensorOp, Tensor> tiered) {
      return FusionTier.runners(firstTier, Sets.VECTORISED, tiered);
    }

    @Override
    public String toString() {
      return "FusionTier.POLICY";
    }
  }

  /**
   * Runners over the default options ({@link TieredRunners.Builder} reads the system properties).
   *
   * @param first the first tier of programs with elementwise instructions
   * @param set the fusion set, asked for when the first program is promoted
   * @param unfused the runners of programs without elementwise instructions, and of promoted
   *     programs whose fused form has no region
   */
  public static ProgramRunner.Factory<TensorOp, Tensor> runners(
      ProgramRunner.Factory<TensorOp, Tensor> first,
      Supplier<FusionSet<TensorOp, Tensor>> set,
      ProgramRunner.Factory<TensorOp, Tensor> unfused) {
    return runners(
        TieredRunners.promoting(first, new Promoted(set, unfused)).work(new Elements()).build(),
        unfused);
  }

  /**
   * Runners that prepare programs with elementwise instructions with {@code tiered} (a factory
   * made by {@link #builder}, whose options a caller chose), the others with {@code unfused}.
   */
  public static ProgramRunner.Factory<TensorOp, Tensor> runners(
      TieredRunners<TensorOp, Tensor> tiered, ProgramRunner.Factory<TensorOp, Tensor> unfused) {
    return new Dispatch(Objects.requireNonNull(tiered, "tiered"),
        Objects.requireNonNull(unfused, "unfused"));
  }

  /**
   * A builder of the fusion tier with its promoted tier and work measure set, for other options
   * (a threshold, an executor):
   *
   * <pre>{@code
   * TieredRunners<TensorOp, Tensor> tiered =
   *     FusionTier.builder(TensorEvaluator::new, TensorFusion::exactSet, unfused)
   *         .threshold(1).synchronous().build();
   * ProgramRunner.Factory<TensorOp, Tensor> runners = FusionTier.runners(tiered, unfused);
   * }</pre>
   */
  public static TieredRunners.Builder<TensorOp, Tensor> builder(
      ProgramRunner.Factory<TensorOp, Tensor> first,
      Supplier<FusionSet<TensorOp, Tensor>> set,
      ProgramRunner.Factory<TensorOp, Tensor> unfused) {
    return TieredRunners.promoting(first, new Promoted(set, unfused)).work(new Elements());
  }

  /** Whether {@code program} has an instruction of an elementwise primitive with an f64 kernel. */
  public static boolean hasElementwise(CompiledProgram<TensorOp> program) {
    boolean[] elementwise = Elementwise.BY_OPCODE;
    for (int i = 0, n = program.instructionCount(); i < n; i++) {
      int opcode = program.operation(i).opcode();
      if (opcode < elementwise.length && elementwise[opcode]) {
        return true;
      }
    }
    return false;
  }

  /** The elementwise primitives with an f64 kernel, by opcode, from {@link TensorKernels}. */
  private static final class Elementwise {
    static final boolean[] BY_OPCODE = byOpcode(TensorKernels.ELEMENTWISE);

    private static boolean[] byOpcode(List<ElementKernelDescriptor> kernels) {
      int size = 0;
      for (ElementKernelDescriptor k : kernels) {
        size = Math.max(size, k.opcode() + 1);
      }
      boolean[] byOpcode = new boolean[size];
      for (ElementKernelDescriptor k : kernels) {
        byOpcode[k.opcode()] = k.real() != null;
      }
      return byOpcode;
    }
  }

  /** Prepares programs with elementwise instructions on the fusion tier, others unfused. */
  private record Dispatch(
      TieredRunners<TensorOp, Tensor> tiered, ProgramRunner.Factory<TensorOp, Tensor> unfused)
      implements ProgramRunner.Factory<TensorOp, Tensor> {
    @Override
    public ProgramRunner<Tensor> prepare(CompiledProgram<TensorOp> program) {
      return hasElementwise(program) ? tiered.prepare(program) : unfused.prepare(program);
    }
  }

  /**
   * The promoted tier: {@link TensorFusion#runners(FusionSet, ProgramRunner.Factory)} over the
   * set, made on the first promotion. A class, not a lambda: a lambda spins a class when the
   * factory is made, which a first call in a fresh JVM would pay for.
   */
  private record Promoted(
      Supplier<FusionSet<TensorOp, Tensor>> set, ProgramRunner.Factory<TensorOp, Tensor> unfused)
      implements Supplier<ProgramRunner.Factory<TensorOp, Tensor>> {
    Promoted {
      Objects.requireNonNull(set, "set");
      Objects.requireNonNull(unfused, "unfused");
    }

    @Override
    public ProgramRunner.Factory<TensorOp, Tensor> get() {
      return TensorFusion.runners(
          Objects.requireNonNull(set.get(), "the fusion set supplier gave null"), unfused);
    }
  }

  /** A call's work: the element count of its largest input (a loop over it, not a stream). */
  private static final class Elements implements ToLongFunction<List<? extends Tensor>> {
    @Override
    public long applyAsLong(List<? extends Tensor> inputs) {
      long most = 0;
      for (int i = 0, n = inputs.size(); i < n; i++) {
        Tensor t = inputs.get(i);
        if (t != null && t.size() > most) {
          most = t.size();
        }
      }
      return most;
    }
  }
}

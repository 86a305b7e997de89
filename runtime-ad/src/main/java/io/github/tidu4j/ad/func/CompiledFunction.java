package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.Interruption;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ProgramRunner;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A {@link Staged} function flattened ({@code materializeMerge}, once, late), compiled and ready
 * to run: it binds the positional arguments, the closed-over constants and the unit seeds, runs
 * the program, and fills symbolic-zero outputs with zeros.
 *
 * <pre>{@code
 * CompiledFunction<TensorOp, TensorType, Tensor> c = CompiledFunction.compile(staged, TensorDomain.INSTANCE, TensorEvaluator::new);
 * List<Tensor> out = c.call(List.of(x));
 * }</pre>
 *
 * <p>Immutable and thread-safe if its program's runner is.
 *
 * @param <P> the primitive set
 * @param <T> the abstract type of a value
 * @param <V> the concrete value type
 */
public final class CompiledFunction<P extends Primitive<P, ?>, T, V> {
  private final Staged<P, T, V> staged;
  private final Domain<T, V> domain;
  private final CompiledProgram<P> program;
  private final ProgramRunner<V> runner;
  private final List<V> hidden;
  private final boolean hasZeroOutputs;
  /** What the messages call it: the function's description, or "the compiled function". */
  private final String described;
  /** The type staging gave each output, as {@link #checkTypes} reads them on every call. */
  private final Object[] outputTypes;

  private CompiledFunction(
      Staged<P, T, V> staged,
      Domain<T, V> domain,
      ProgramRunner.Factory<P, V> runners,
      String described) {
    this.staged = staged;
    this.domain = domain;
    this.described = described;
    this.outputTypes = staged.outputTypes().toArray();
    Interruption.check("the compilation stopped before merging and compiling its graphs");
    this.program = Graphs.compile(staged.view(), staged.allInputs(), staged.liveOutputs());
    Interruption.check("the compilation stopped before preparing its program's runner");
    this.runner = runners.prepare(program);
    this.hidden = List.copyOf(staged.hiddenValues(domain));
    this.hasZeroOutputs = staged.outputs().contains(null);
  }

  /**
   * Materializes and compiles {@code staged}, and prepares its program with {@code runners};
   * {@code domain} gives the values of its hidden seeds and zero outputs.
   */
  public static <P extends Primitive<P, ?>, T, V> CompiledFunction<P, T, V> compile(
      Staged<P, T, V> staged, Domain<T, V> domain, ProgramRunner.Factory<P, V> runners) {
    return new CompiledFunction<>(staged, domain, runners, "the compiled function");
  }

  /** As {@link #compile(Staged, Domain, ProgramRunner.Factory)}, its messages naming {@code f}. */
  static <P extends Primitive<P, ?>, T, V> CompiledFunction<P, T, V> compile(
      Traceable<P, T, V> f,
      Staged<P, T, V> staged,
      Domain<T, V> domain,
      ProgramRunner.Factory<P, V> runners) {
    return new CompiledFunction<>(staged, domain, runners, f.describe());
  }

  /** The staged function this was compiled from. */
  public Staged<P, T, V> staged() {
    return staged;
  }

  /** The compiled program: positional inputs, then constants, then seeds. */
  public CompiledProgram<P> program() {
    return program;
  }

  /**
   * Runs the function on {@code args}, one per positional input; the outputs are an unmodifiable
   * list, on every tier.
   *
   * @throws IllegalArgumentException naming the argument if there are too few or too many, or one
   *     has the wrong type
   * @throws IllegalStateException naming the output and both types if the program computes an
   *     output of another type than staging gave it (a rule of the set is wrong)
   */
  public List<V> call(List<V> args) {
    List<T> types = staged.inputTypes();
    if (args.size() != types.size()) {
      throw new IllegalArgumentException(
          "expected " + types.size() + " argument" + (types.size() == 1 ? "" : "s") + ", got "
              + args.size());
    }
    for (int i = 0; i < args.size(); i++) {
      V arg = args.get(i);
      if (arg == null) {
        throw new IllegalArgumentException("argument " + i + " is null");
      }
      T actual = domain.typeOf(arg);
      if (!actual.equals(types.get(i))) {
        throw new IllegalArgumentException(
            "argument " + i + " has type " + actual + " but the function was compiled for "
                + types.get(i));
      }
    }
    return run(args);
  }

  /** Runs on arguments already known to be of the compiled types (the cache's key says so). */
  List<V> run(List<V> args) {
    List<V> inputs = new ArrayList<>(args.size() + hidden.size());
    inputs.addAll(args);
    inputs.addAll(hidden);
    // one kind of list whichever tier answered (the runners' lists differ: an array's view, an
    // unmodifiable list), so a caller's code cannot start failing once a program is promoted
    List<V> live = runner.run(inputs);
    if (!hasZeroOutputs) {
      checkTypes(live, null);
      return Collections.unmodifiableList(live);
    }
    List<V> out = new ArrayList<>(staged.outputs().size());
    int next = 0;
    for (int i = 0; i < staged.outputs().size(); i++) {
      out.add(
          staged.outputs().get(i) == null
              ? domain.zero(staged.outputTypes().get(i))
              : live.get(next++));
    }
    checkTypes(out, staged.outputs());
    return Collections.unmodifiableList(out);
  }

  /**
   * Checks that each computed output has the type staging gave it, on every call (a kernel whose
   * output's type follows from its operands' values, not their types, shows on the call it does).
   * Staging types a transform's
   * outputs from the function's own (a tangent has its output's type, a gradient its input's),
   * while the program computes them with the operations the rules emitted, whose types no one
   * checks as they are emitted: a rule that returns a tangent or cotangent of another shape or
   * dtype, or a kernel that returns a value its type rule does not give, shows here, instead of
   * reaching the caller as a value of the wrong type. The zero outputs ({@code outputs}' nulls, if
   * given) are the domain's zeros of their types.
   */
  private void checkTypes(List<V> values, List<?> outputs) {
    Object[] types = outputTypes;
    for (int i = 0; i < values.size(); i++) {
      if (outputs != null && outputs.get(i) == null) {
        continue;
      }
      T actual = domain.typeOf(values.get(i));
      if (!actual.equals(types[i])) {
        throw new IllegalStateException(
            described + ": its program computes output " + i + " as " + actual + ", but its type"
                + " is " + types[i] + ": a rule of the set emitted an operation of the wrong"
                + " type (a JVP rule a tangent of another type than its primitive's output, a"
                + " transpose rule a cotangent of another type than its operand), or a kernel"
                + " returned a value its type rule does not give; the gradient checker names the"
                + " primitive whose rule is wrong");
      }
    }
  }
}

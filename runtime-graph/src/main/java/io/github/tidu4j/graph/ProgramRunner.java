package io.github.tidu4j.graph;

import java.util.List;

/**
 * Runs one {@link CompiledProgram} on a list of values: the one way every part of tidu4j runs a
 * compiled program, whichever tier does the work — the reference {@link Interpreter} ({@link
 * #interpreter()}), a processor-generated evaluator (every {@code XEvaluator} is a runner of its
 * set's programs) or a bytecode program ({@code bytecodeProgram::evalPositional}). A {@link Factory} makes the runner of a program; the
 * functional API and the gradient checker take one.
 *
 * <pre>{@code
 * ProgramRunner.Factory<RealOp, Double> runners = ProgramRunner.interpreter();
 * ProgramRunner<Double> runner = runners.prepare(program);
 * List<Double> y = runner.run(List.of(0.5));      // inputs in program.inputKeys() order
 * }</pre>
 *
 * @param <V> the value type
 */
@FunctionalInterface
public interface ProgramRunner<V> {

  /**
   * The program's outputs for {@code inputs}, both in program order ({@link
   * CompiledProgram#inputKeys()}, then the outputs the program was compiled for).
   *
   * @throws GraphException if the number of inputs is wrong or one is {@code null} (naming its
   *     key), or naming the operation if a kernel fails
   */
  List<V> run(List<? extends V> inputs);

  /**
   * Makes the runner of a compiled program: typically a generated evaluator's constructor, e.g.
   * {@code RealEvaluator::new}.
   *
   * @param <Op> the operation type
   * @param <V> the value type
   */
  @FunctionalInterface
  interface Factory<Op extends GraphOperation, V> {
    /** A runner of {@code program}; it may decode the program once here. */
    ProgramRunner<V> prepare(CompiledProgram<Op> program);
  }

  /**
   * Runners that evaluate with the reference {@link Interpreter}: the operations must be {@link
   * EvaluableGraphOperation}s over {@code V}.
   */
  static <Op extends GraphOperation, V> Factory<Op, V> interpreter() {
    return program -> inputs -> Interpreter.evalPositional(program, inputs);
  }
}

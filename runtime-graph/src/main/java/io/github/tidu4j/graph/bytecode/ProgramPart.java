package io.github.tidu4j.graph.bytecode;

/**
 * One of the classes a program is cut into when it is too large for one class, or large enough to
 * gain from defining its classes in parallel; not meant to be implemented by hand.
 *
 * <p>It is public only because a generated class may live in another package (the package of the
 * {@linkplain KernelSet#withLookup lookup} it was defined with). The program's {@link ProgramBody}
 * allocates the frame and runs the parts in order; use {@link BytecodeProgram}, which checks the
 * inputs, instead of calling either.
 *
 * <pre>{@code
 * BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, kernels, options);
 * int classes = b.classCount(); // more than 1: ProgramParts, run in order by b.evaluate
 * }</pre>
 */
public interface ProgramPart {

  /**
   * Runs this part's share of the program.
   *
   * @param inputs an array of the operand type holding the inputs in input order; only read
   * @param frame an array of arrays of the operand type (sub-frames of 32,768 cells, the last one
   *     shorter) holding the values that cross from one method (or part) to a later one, shared by
   *     all parts of one evaluation; {@code null} if no value does
   * @param outputs an array of the operand type with room for every output; written in output order
   */
  void run(Object inputs, Object frame, Object outputs);
}

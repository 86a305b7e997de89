package io.github.tidu4j.graph.bytecode;

/**
 * One of the classes a program too large for one class is cut into; not meant to be implemented
 * by hand.
 *
 * <p>It is public only because a generated class may live in another package (the package of the
 * {@linkplain KernelSet#withLookup lookup} it was defined with). The program's {@link ProgramBody}
 * allocates the frame and runs the parts in order; use {@link BytecodeProgram}, which checks the
 * inputs, instead of calling either.
 *
 * <pre>{@code
 * BytecodeProgram<ScalarOp> p = compiler.compile(program);  // 3 M instructions
 * int classes = p.classCount();                            // 2: two ProgramParts
 * double[] out = p.evaluate(0.1, 0.2, 0.3, 0.4);            // runs both, in order
 * }</pre>
 */
public interface ProgramPart {

  /**
   * Runs this part's share of the program.
   *
   * @param inputs an array of the operand type holding the inputs in input order; only read
   * @param frame an array of the operand type holding the values that cross from one method (or
   *     part) to a later one, shared by all parts of one evaluation; {@code null} if no value does
   * @param outputs an array of the operand type with room for every output; written in output order
   */
  void run(Object inputs, Object frame, Object outputs);
}

package io.github.tidu4j.graph.bytecode;

/**
 * The entry point every generated program class implements; not meant to be implemented by hand.
 *
 * <p>It is public only because a generated class may live in another package (the package of the
 * {@linkplain KernelSet#withLookup lookup} it was defined with). Use {@link BytecodeProgram}, which
 * checks the inputs, instead of calling it.
 *
 * <pre>{@code
 * BytecodeProgram<ScalarOp> p = new BytecodeCompiler<>(ScalarKernels.kernelSet()).compile(program);
 * double[] out = p.evaluate(0.5, 2.0);                   // runs the generated ProgramBody
 * }</pre>
 */
public interface ProgramBody {

  /**
   * Runs the program.
   *
   * @param inputs an array of the operand type ({@code double[]} for a {@code double} set) holding
   *     the inputs in input order; only read
   * @param outputs an array of the operand type with room for every output; written in output order
   */
  void run(Object inputs, Object outputs);
}

package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.ProgramRunner;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A {@link BytecodeProgram} as a {@link ProgramRunner}. For a {@code double} set it unboxes the
 * inputs into a {@code double[]} and calls {@link BytecodeProgram#evaluate(double...)}, as a
 * generated switch evaluator's {@code run} does, rather than going through {@link
 * BytecodeProgram#evalPositional}'s reflective array copies; any other input list (a {@code null},
 * a value of another type) and any other operand type go through {@code evalPositional}, which
 * names the bad input.
 *
 * @param <V> the value type: the operand type, boxed
 */
final class BytecodeRunner<V> implements ProgramRunner<V> {
  private final BytecodeProgram<?> program;
  private final boolean doubles;

  BytecodeRunner(BytecodeProgram<?> program) {
    this.program = program;
    this.doubles = program.operandType() == double.class;
  }

  @Override
  @SuppressWarnings("unchecked")
  public List<V> run(List<? extends V> inputs) {
    if (!doubles) {
      return program.evalPositional(inputs);
    }
    double[] in = new double[inputs.size()];
    for (int i = 0; i < in.length; i++) {
      if (!(inputs.get(i) instanceof Double value)) {
        return program.evalPositional(inputs); // fails, naming the input
      }
      in[i] = value;
    }
    double[] out = program.evaluate(in);
    Object[] boxed = new Object[out.length];
    for (int o = 0; o < out.length; o++) {
      boxed[o] = out[o];
    }
    return (List<V>) Collections.unmodifiableList(Arrays.asList(boxed));
  }

  /** The program this runs. */
  BytecodeProgram<?> program() {
    return program;
  }

  @Override
  public String toString() {
    return program.toString();
  }
}

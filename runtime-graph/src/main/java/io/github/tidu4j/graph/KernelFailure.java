package io.github.tidu4j.graph;

import java.util.List;
import java.util.function.IntFunction;

/**
 * The error every evaluator (the {@link Interpreter}, the generated switch evaluators, the bytecode
 * programs) throws when a kernel fails, so a failing program reads the same whichever tier ran
 * it: the operation, the instruction, what it was computing as an expression over the program's
 * input keys, and the operand values it was given, then the kernel's own message.
 *
 * <pre>
 * Div (instruction 2) failed computing Div(Sin(x), y) from Sin(x) = 0.0, y = 0.0: / by zero
 * </pre>
 *
 * <p>Operands print as their {@code toString()}, cut at {@value #OPERAND_LENGTH} characters (a
 * tensor's starts with its dtype and shape). Evaluators call this only once a kernel has thrown:
 * it reads the program's instructions up to the failing one to name the operands, so the
 * evaluation itself pays nothing for it.
 *
 * <pre>{@code
 * try {
 *   … run instruction i over slots s …
 * } catch (RuntimeException | StackOverflowError e) {
 *   throw KernelFailure.of(program, i, slot -> s[slot], e);
 * }
 * }</pre>
 */
public final class KernelFailure {
  /** The longest operand value text, in characters, before it is cut and ends with {@code …}. */
  public static final int OPERAND_LENGTH = 60;

  /**
   * The longest part of a kernel's own message a failure quotes: the exception keeps it whole as
   * its cause.
   */
  static final int DETAIL_LENGTH = 1_000;

  /** How many operands a message lists before it only counts the rest. */
  static final int OPERANDS_LISTED = 8;

  /** Operand levels an operand's own expression shows: as many as it shows inside the whole. */
  private static final int OPERAND_DEPTH = ValueDescription.MAX_DEPTH - 1;

  /** The longest operand expression, in characters. */
  private static final int OPERAND_NAME_LENGTH = 40;

  private KernelFailure() {}

  /**
   * The exception reporting that the kernel of instruction {@code instruction} threw {@code
   * cause}. A {@link GraphException} (a kernel that evaluates a graph of its own) is returned as
   * it is: it already says where it failed.
   *
   * @param program the program being evaluated, with its own input keys
   * @param slotValue the value in a slot when the kernel was called (only argument slots are read)
   * @param cause what the kernel threw; a {@link StackOverflowError} is reported as {@link
   *     Interpreter#STACK_OVERFLOW}
   */
  public static GraphException of(
      CompiledProgram<?> program, int instruction, IntFunction<?> slotValue, Throwable cause) {
    if (cause instanceof GraphException e) {
      return e;
    }
    String detail;
    if (cause instanceof StackOverflowError) {
      detail = Interpreter.STACK_OVERFLOW;
    } else if (cause.getMessage() != null) {
      String message = cause.getMessage();
      detail =
          message.length() <= DETAIL_LENGTH
              ? message
              : message.substring(0, DETAIL_LENGTH - 1) + "… (" + message.length()
                  + " characters; the cause has them all)";
    } else {
      detail = cause.getClass().getName();
    }
    return new GraphException(where(program, instruction, slotValue) + ": " + detail, cause);
  }

  /**
   * The exception reporting that the kernel of multi-output instruction {@code instruction}
   * returned {@code returned} results ({@code -1} for {@code null}) instead of its declared count.
   */
  public static GraphException wrongResultCount(
      CompiledProgram<?> program, int instruction, IntFunction<?> slotValue, int returned) {
    return new GraphException(
        where(program, instruction, slotValue)
            + ": it returned "
            + (returned < 0 ? "null" : returned + " result(s)")
            + " but declares "
            + program.resultCount(instruction)
            + " output(s)");
  }

  /**
   * The exception reporting that the kernel of instruction {@code instruction} returned {@code
   * null} as a result: a value of a set is never null, so every tier reports it at the instruction
   * that returned it, not where a later kernel reads it (or, for an output, not at all).
   */
  public static GraphException nullResult(
      CompiledProgram<?> program, int instruction, IntFunction<?> slotValue) {
    return of(program, instruction, slotValue, new NullResult());
  }

  /**
   * {@code result}, a kernel's result in the evaluators of a set over a reference type, if it is
   * not {@code null}; else throws what {@link #of} reports as {@link #nullResult} does.
   */
  public static <V> V nonNull(V result) {
    if (result == null) {
      throw new NullResult();
    }
    return result;
  }

  /**
   * The results of a multi-output kernel of a set over a reference type as a list, each checked
   * by {@link #nonNull}; {@code null} for a {@code null} array, which the evaluators report as
   * {@link #wrongResultCount}.
   */
  @SafeVarargs
  public static <V> List<V> results(V... results) {
    if (results == null) {
      return null;
    }
    for (V result : results) {
      nonNull(result);
    }
    return List.of(results);
  }

  /** What {@link #nonNull} throws: the words of {@link #nullResult}, and no stack trace. */
  private static final class NullResult extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NullResult() {
      super("it returned null", null, false, false);
    }
  }

  /**
   * {@code Op (instruction i) failed computing Op(a, …) from a = 1.0, …}: the part of every
   * message that says where.
   */
  private static String where(
      CompiledProgram<?> program, int instruction, IntFunction<?> slotValue) {
    ProgramValues values = new ProgramValues(program, instruction);
    StringBuilder sb =
        new StringBuilder(program.operation(instruction).name())
            .append(" (instruction ")
            .append(instruction)
            .append(") failed computing ")
            .append(
                ValueDescription.render(
                    values,
                    values.application(),
                    ValueDescription.MAX_DEPTH,
                    ValueDescription.MAX_LENGTH,
                    true));
    int count = values.operandCount();
    for (int j = 0; j < Math.min(count, OPERANDS_LISTED); j++) {
      sb.append(j == 0 ? " from " : ", ")
          .append(
              ValueDescription.render(
                  values, values.operand(j), OPERAND_DEPTH, OPERAND_NAME_LENGTH, false))
          .append(" = ")
          .append(summary(slotValue.apply(program.argumentSlot(instruction, j))));
    }
    if (count > OPERANDS_LISTED) {
      sb.append(", … (").append(count).append(" operands in all)");
    }
    return sb.toString();
  }

  /** {@code value}'s text, cut at {@link #OPERAND_LENGTH} characters. */
  private static String summary(Object value) {
    return ValueDescription.text(value, OPERAND_LENGTH);
  }
}

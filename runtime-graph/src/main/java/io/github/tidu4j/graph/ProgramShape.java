package io.github.tidu4j.graph;

import java.util.Arrays;

/**
 * The structure of a program with its keys left out: its operations in order (compared by {@code
 * equals}), how they are wired, and how many inputs it has. Programs that differ only in their
 * input keys (and so in the pass ids those keys carry) or in roles have equal shapes and run the
 * same code, which is what a cache of code keys on: the {@link CompilationCache} on a materialized
 * graph's shape (its operands and outputs as value numbers), the bytecode backend on a {@linkplain
 * CompiledProgram#shape() compiled program's} (its wiring over slots). A shape of one form never
 * equals one of the other.
 *
 * <p>A shape holds its program's own arrays and operation table (immutable, and chunked where they
 * hold references), so it copies nothing; its hash is computed once, when it is made.
 *
 * <pre>{@code
 * boolean sameCode = p.shape().equals(q.shape()); // p, q: compiled programs
 * }</pre>
 */
public final class ProgramShape {
  private static final int MATERIALIZED = 0;
  private static final int COMPILED = 1;

  private final int form;
  private final int inputCount;
  private final int slotCount;
  private final OperationTable<?> operations;
  private final int[][] wiring;
  private final int hash;

  private ProgramShape(
      int form, int inputCount, int slotCount, OperationTable<?> operations, int[]... wiring) {
    this.form = form;
    this.inputCount = inputCount;
    this.slotCount = slotCount;
    this.operations = operations;
    this.wiring = wiring;
    int h = form;
    h = 31 * h + inputCount;
    h = 31 * h + slotCount;
    h = 31 * h + operations.contentHash();
    for (int[] w : wiring) {
      h = 31 * h + Arrays.hashCode(w);
    }
    this.hash = h;
  }

  /** The shape of {@code m}: its operations, their operands and its outputs by value number. */
  static ProgramShape of(MaterializedGraph<?> m) {
    return new ProgramShape(
        MATERIALIZED,
        m.inputCount(),
        0,
        m.operationTable(),
        m.operandStartArray(),
        m.operandArray(),
        m.outputArray());
  }

  /**
   * The shape of a compiled program: its slot count, its operations, where each one's arguments
   * start in {@code args} (their slots), each one's first result as a value number, every value's
   * slot (the inputs' first) and the outputs' slots. Everything generated code depends on.
   */
  static ProgramShape ofCompiled(
      int inputCount,
      int slotCount,
      OperationTable<?> operations,
      int[] argStart,
      int[] args,
      int[] firstValue,
      int[] valueSlots,
      int[] outputSlots) {
    return new ProgramShape(
        COMPILED,
        inputCount,
        slotCount,
        operations,
        argStart,
        args,
        firstValue,
        valueSlots,
        outputSlots);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof ProgramShape other)
        || other.hash != hash
        || other.form != form
        || other.inputCount != inputCount
        || other.slotCount != slotCount) {
      return false;
    }
    for (int k = 0; k < wiring.length; k++) {
      if (!Arrays.equals(other.wiring[k], wiring[k])) {
        return false;
      }
    }
    return other.operations.sameContent(operations);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public String toString() {
    return (form == COMPILED ? "compiled program" : "materialized graph") + " of "
        + operations.size() + " operations, " + inputCount + " inputs"
        + (form == COMPILED ? ", " + slotCount + " slots" : "");
  }
}

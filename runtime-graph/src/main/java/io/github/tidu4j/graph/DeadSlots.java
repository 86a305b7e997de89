package io.github.tidu4j.graph;

/**
 * The slots of a {@link CompiledProgram} whose values are dead once an instruction has run: those
 * it reads for the last time, and its results that nothing reads. An evaluator over values that
 * hold memory (tensors) clears them after the instruction, so that the collector may take what the
 * run no longer needs: slots are reused last in, first out, so a slot freed early can keep a dead
 * value to the end of the run, and a program of many inputs, each in a slot of its own, kept one
 * dead value per input.
 *
 * <pre>{@code
 * DeadSlots dead = program.deadSlots();
 * for (int d = dead.start()[i]; d < dead.start()[i + 1]; d++) {
 *   slots[dead.slots()[d]] = null;                       // after instruction i
 * }
 * }</pre>
 *
 * <p>Found by one pass backward over the instructions, with a flag per slot: whether a later
 * instruction or an output reads the value it holds there. A result never shares a slot with an
 * argument of its own instruction ({@link CompiledProgram}), so clearing an instruction's dead
 * slots after it runs never clears a value it wrote that a later one reads.
 */
public final class DeadSlots {
  private final int[] start;
  private final int[] slots;

  private DeadSlots(int[] start, int[] slots) {
    this.start = start;
    this.slots = slots;
  }

  /** The dead slots of {@code program}; {@link CompiledProgram#deadSlots()} keeps them. */
  static DeadSlots of(CompiledProgram<?> program) {
    int n = program.instructionCount();
    boolean[] readLater = new boolean[program.slotCount()];
    for (int o = 0; o < program.outputCount(); o++) {
      readLater[program.outputSlot(o)] = true;
    }
    IntList backward = new IntList(16); // the dead slots, instruction by instruction from the last
    int[] count = new int[n];
    for (int i = n - 1; i >= 0; i--) {
      int before = backward.size();
      for (int r = 0; r < program.resultCount(i); r++) {
        int slot = program.resultSlot(i, r);
        if (!readLater[slot]) {
          backward.add(slot); // a result nothing reads
        }
        readLater[slot] = false; // what the slot held before i is not what later reads see
      }
      for (int j = 0; j < program.argumentCount(i); j++) {
        int slot = program.argumentSlot(i, j);
        if (!readLater[slot]) {
          backward.add(slot); // its last read (an argument read twice is added once)
          readLater[slot] = true;
        }
      }
      count[i] = backward.size() - before;
    }
    int[] start = new int[n + 1];
    for (int i = 0; i < n; i++) {
      start[i + 1] = start[i] + count[i];
    }
    int[] slots = new int[backward.size()];
    int next = 0;
    for (int i = n - 1; i >= 0; i--) {
      for (int d = 0; d < count[i]; d++) {
        slots[start[i] + d] = backward.get(next++);
      }
    }
    return new DeadSlots(start, slots);
  }

  /**
   * Per instruction {@code i}, where its dead slots begin in {@link #slots()}; they end where
   * those of {@code i + 1} begin (one entry more than instructions). Shared: do not modify.
   */
  public int[] start() {
    return start;
  }

  /** The dead slots, instruction by instruction. Shared: do not modify. */
  public int[] slots() {
    return slots;
  }
}

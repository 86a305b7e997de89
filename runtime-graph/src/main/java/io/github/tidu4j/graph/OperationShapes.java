package io.github.tidu4j.graph;

/**
 * The shape of each operation a walk emits, its operand and output counts, one byte per operation:
 * what a {@link LogicalOrder}'s operand starts and first values are made of, in a quarter of the
 * room of one of those {@code int} columns and an eighth of both. Nearly every operation has fewer
 * than 15 operands and outputs, so a byte holds both counts (four bits each); an operation with
 * more stores a marker byte and its counts in a list of its own. The columns are made once, when
 * the walk ends ({@link #take}): a walk over several graphs cannot know how many operations it
 * emits, and two growing {@code int} columns would be alive through the whole walk, when the heap
 * holds the most.
 *
 * <pre>{@code
 * OperationShapes shapes = new OperationShapes(16);
 * shapes.add(2, 1);                      // two operands, one output
 * int[] operandStart = new int[shapes.size() + 1];
 * int[] firstValue = new int[shapes.size()];
 * shapes.take(operandStart, firstValue); // {0, 2} and {0}
 * }</pre>
 */
final class OperationShapes {
  /** The byte of an operation whose counts do not fit four bits each: they are in {@link #wide}. */
  private static final int WIDE = 0xFF;

  /** Four shapes per {@code int}, the first in the lowest byte. */
  private IntBlocks packed;
  /** The shapes not yet in {@link #packed}, fewer than four. */
  private int pending;
  private int size;
  /** The operand and output counts of each {@link #WIDE} operation, in order. */
  private IntList wide = new IntList(4);

  /** Room for {@code capacity} operations before the list grows. */
  OperationShapes(int capacity) {
    packed = new IntBlocks(capacity / 4 + 1);
  }

  /** Appends an operation of {@code operandCount} operands and {@code outputCount} outputs. */
  void add(int operandCount, int outputCount) {
    int shape;
    if (operandCount < 15 && outputCount < 15) {
      shape = outputCount << 4 | operandCount;
    } else {
      shape = WIDE;
      wide.add(operandCount);
      wide.add(outputCount);
    }
    int slot = size & 3;
    pending |= shape << (slot << 3);
    size++;
    if (slot == 3) {
      packed.add(pending);
      pending = 0;
    }
  }

  /** The number of operations. */
  int size() {
    return size;
  }

  /**
   * Writes where each operation's operands start ({@link #size()} + 1 entries, the last the total)
   * to {@code operandStart} and its first value, counted from 0, to {@code firstValue}; the list
   * is empty and unusable after.
   */
  void take(int[] operandStart, int[] firstValue) {
    if (size % 4 != 0) {
      packed.add(pending);
    }
    int[] shapes = packed.take();
    packed = null;
    int operands = 0;
    int values = 0;
    int w = 0;
    for (int k = 0; k < size; k++) {
      int shape = (shapes[k >>> 2] >>> ((k & 3) << 3)) & 0xFF;
      operandStart[k] = operands;
      firstValue[k] = values;
      if (shape != WIDE) {
        operands += shape & 0xF;
        values += shape >>> 4;
      } else {
        operands += wide.get(w++);
        values += wide.get(w++);
      }
    }
    operandStart[size] = operands;
    wide = null;
  }
}

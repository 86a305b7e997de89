package io.github.tidu4j.graph;

/**
 * The shape of each operation a walk emits, its operand and output counts, one byte per operation:
 * what a {@link LogicalOrder}'s operand starts and first values are made of, in a quarter of the
 * room of one of those {@code int} columns and an eighth of both. Nearly every operation has fewer
 * than 15 operands and outputs, so a byte holds both counts (four bits each); an operation with
 * more stores a marker byte and its counts in a list of its own.
 *
 * <p>The walk appends ({@link #add}), then {@link #freeze}s the list; the columns are made from it
 * on first use ({@link #columns}), once, for the order and the materialized graph made from it
 * alike. A walk over several graphs cannot know how many operations it emits, and two growing
 * {@code int} columns would be alive through the whole walk; and materializeMerge ends while the
 * graphs it gathered from are alive, when the heap holds the most, so the columns of a materialized
 * graph are made when compile first reads them.
 *
 * <pre>{@code
 * OperationShapes shapes = new OperationShapes(16);
 * shapes.add(2, 1);                      // two operands, one output
 * shapes.freeze(3);                      // values before the first operation's: 3 inputs
 * OperationShapes.Columns c = shapes.columns();
 * // c.operandStart() is {0, 2}, c.firstValue() is {3}
 * }</pre>
 */
final class OperationShapes {
  /** The byte of an operation whose counts do not fit four bits each: they are in {@link #wide}. */
  private static final int WIDE = 0xFF;

  /**
   * Where each operation's operands start ({@code size + 1} entries, the last the total) and its
   * first value.
   */
  record Columns(int[] operandStart, int[] firstValue) {}

  /** Four shapes per {@code int}, the first in the lowest byte, while the walk appends. */
  private IntBlocks packed;
  /** The shapes not yet in {@link #packed}, fewer than four. */
  private int pending;
  private int size;
  private int operandCount;
  private int valueCount;
  /** The operand and output counts of each {@link #WIDE} operation, in order. */
  private IntList wide = new IntList(4);
  /** Once frozen: the packed shapes until the columns are made, then null. */
  private int[] frozen;
  /** The first operation's first value. */
  private int valueBase;
  private volatile Columns columns;

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
    this.operandCount += operandCount;
    this.valueCount += outputCount;
    if (slot == 3) {
      packed.add(pending);
      pending = 0;
    }
  }

  /** The number of operations. */
  int size() {
    return size;
  }

  /** The number of operands of all operations. */
  int operandCount() {
    return operandCount;
  }

  /** The number of outputs of all operations. */
  int valueCount() {
    return valueCount;
  }

  /**
   * Ends the list: no operation is added after. The first operation's first value is {@code
   * valueBase}, and each next one's follows the outputs before it.
   */
  void freeze(int valueBase) {
    if (size % 4 != 0) {
      packed.add(pending);
    }
    frozen = packed.take();
    packed = null;
    this.valueBase = valueBase;
  }

  /** The columns of the frozen list, made on the first call. */
  Columns columns() {
    Columns made = columns;
    return made != null ? made : makeColumns();
  }

  private synchronized Columns makeColumns() {
    Columns made = columns;
    if (made != null) {
      return made;
    }
    int[] operandStart = new int[size + 1];
    int[] firstValue = new int[size];
    int operands = 0;
    int values = valueBase;
    int w = 0;
    for (int k = 0; k < size; k++) {
      int shape = (frozen[k >>> 2] >>> ((k & 3) << 3)) & 0xFF;
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
    made = new Columns(operandStart, firstValue);
    columns = made; // volatile: publishes the columns to every later reader
    frozen = null;
    wide = null;
    return made;
  }
}

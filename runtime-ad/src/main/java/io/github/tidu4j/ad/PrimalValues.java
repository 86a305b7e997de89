package io.github.tidu4j.ad;

import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.ActiveMask;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.OperationKey;
import java.util.AbstractList;
import java.util.Collections;
import java.util.List;
import java.util.RandomAccess;

/**
 * The primal inputs or outputs of an operation as a rule sees them: {@link ValueRef.External}
 * values named by the operation key's input or output keys, made when the rule reads them. A
 * rule reads few of them (the JVP of {@code Add} none, of {@code Sin} one input, of {@code Exp}
 * only the output), so a list over the key is one small object where a list of ready values would
 * be one per operand as well, for each operation of a pass. Each kind of list is a class of its
 * own, holding only what it reads: a linearize makes two per operation, of a reference each.
 *
 * <p>For a transpose rule's inputs, the operands active in {@code mask} are linear and read as
 * absent ({@code null}): a transpose rule is given the fixed operands only. Those are read from
 * the linear graph by node, not from the node's key, which a pass's graph makes only when asked.
 */
abstract sealed class PrimalValues extends AbstractList<ValueRef> implements RandomAccess {
  @SuppressWarnings("unchecked")
  private static final List<ValueRef>[] ALL_ABSENT = new List[9];

  static {
    for (int n = 0; n < ALL_ABSENT.length; n++) {
      ALL_ABSENT[n] = Collections.nCopies(n, null);
    }
  }

  /** The inputs of {@code key}. */
  static List<ValueRef> inputsOf(OperationKey key) {
    return new Inputs(key);
  }

  /**
   * The operands of node {@code node} of {@code graph}, absent where {@code linear} marks them
   * active, read by node so that no key of the graph need be made (see {@link Graph}). When all
   * are active (a sum, a negation) this is a shared immutable list of absent values: no list per
   * transpose.
   */
  static List<ValueRef> fixedInputsOf(Graph<?> graph, int node, ActiveMask linear) {
    int count = graph.operandCount(node);
    if (linear.activeCount() == count && count < ALL_ABSENT.length) {
      return ALL_ABSENT[count];
    }
    return new FixedOperands(graph, node, count, linear);
  }

  /** The outputs of {@code key}. */
  static List<ValueRef> outputsOf(OperationKey key) {
    return new Outputs(key);
  }

  final void checkIndex(int index) {
    int size = size();
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException("Index " + index + " out of bounds for length " + size);
    }
  }

  /** The inputs of an operation key. */
  private static final class Inputs extends PrimalValues {
    private final OperationKey key;

    Inputs(OperationKey key) {
      this.key = key;
    }

    @Override
    public ValueRef get(int index) {
      checkIndex(index);
      return new ValueRef.External(key.input(index));
    }

    @Override
    public int size() {
      return key.inputCount();
    }
  }

  /** The outputs of an operation key. */
  private static final class Outputs extends PrimalValues {
    private final OperationKey key;

    Outputs(OperationKey key) {
      this.key = key;
    }

    @Override
    public ValueRef get(int index) {
      checkIndex(index);
      return new ValueRef.External(key.output(index));
    }

    @Override
    public int size() {
      return key.outputCount();
    }
  }

  /** The operands of a node of a linear graph, absent where its mask marks them active. */
  private static final class FixedOperands extends PrimalValues {
    private final Graph<?> graph;
    private final int node;
    private final int size;
    private final ActiveMask linear;

    FixedOperands(Graph<?> graph, int node, int size, ActiveMask linear) {
      this.graph = graph;
      this.node = node;
      this.size = size;
      this.linear = linear;
    }

    @Override
    public ValueRef get(int index) {
      checkIndex(index);
      if (linear.isActive(index)) {
        return null;
      }
      // a fixed operand is not linear, so its key was made with its node (see DeferredKeys)
      return new ValueRef.External(graph.operandKey(node, index));
    }

    @Override
    public int size() {
      return size;
    }
  }
}

package io.github.tidu4j.graph;

import java.lang.reflect.Array;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The interpreter's check that a kernel leaves its array operands as they are: a copy of each
 * before the call, compared with it after. A kernel that writes into its operand gives a wrong
 * result on every tier (the same array is the caller's input and may be another instruction's
 * operand), and the fast tiers cannot afford the check, so the reference evaluator, which a
 * primitive's rules are tested through ({@code GradientChecker}), makes it.
 */
final class OperandCopies {
  private OperandCopies() {}

  /**
   * A copy of {@code array} whose nested arrays are copies too. Iterative, by nesting level; an
   * array reached twice is copied once, so shared and cyclic nestings copy as they are.
   */
  static Object deepCopy(Object array) {
    if (!(array instanceof Object[])) {
      return shallow(array); // primitive elements: nothing nested
    }
    Map<Object, Object> copies = new IdentityHashMap<>();
    Object root = shallow(array);
    copies.put(array, root);
    ArrayDeque<Object> pending = new ArrayDeque<>();
    pending.add(array);
    while (!pending.isEmpty()) {
      Object original = pending.poll();
      if (!(original instanceof Object[] elements)) {
        continue; // primitive elements: the shallow copy has them
      }
      Object[] copy = (Object[]) copies.get(original);
      for (int k = 0; k < elements.length; k++) {
        Object element = elements[k];
        if (element != null && element.getClass().isArray()) {
          Object nested = copies.get(element);
          if (nested == null) {
            nested = shallow(element);
            copies.put(element, nested);
            pending.add(element);
          }
          copy[k] = nested;
        }
      }
    }
    return root;
  }

  private static Object shallow(Object array) {
    int length = Array.getLength(array);
    Object copy = Array.newInstance(array.getClass().getComponentType(), length);
    System.arraycopy(array, 0, copy, 0, length);
    return copy;
  }

  /**
   * Throws naming instruction {@code i} and the operand if an array operand of {@code args} no
   * longer equals its copy in {@code before} (null where the operand is not an array).
   */
  static void checkUnchanged(CompiledProgram<?> program, int i, Object[] args, Object[] before) {
    for (int j = 0; j < args.length; j++) {
      if (before[j] != null && !Arrays.deepEquals(new Object[] {before[j]}, new Object[] {args[j]})) {
        throw new GraphException(
            program.operation(i).name()
                + " (instruction "
                + i
                + ", "
                + ValueDescription.of(program, i)
                + ") changed its operand "
                + j
                + " (a "
                + args[j].getClass().getSimpleName()
                + ") in place: a kernel must leave its operands as they are and return new values,"
                + " since an operand is also the caller's input or another instruction's operand;"
                + " copy it first (x.clone()) and change the copy");
      }
    }
  }
}

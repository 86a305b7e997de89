package io.github.tidu4j.graph;

import java.util.ArrayDeque;

/**
 * Where a value comes from, in words an error message can use: an input by its input key, a
 * derived value as the expression that computes it, for example {@code Cos(Sin(x))} or {@code
 * SinCos(x):1} (output slot 1 of a multi-output operation). Roles are left out: a linearized
 * {@code Mul} reads {@code Mul(Cos(x), d[x]@1)}, its tangent operand named by its input key.
 *
 * <p>The rendering is bounded: operands deeper than {@link #MAX_DEPTH} levels print as {@code …},
 * and text past {@link #MAX_LENGTH} characters is cut and ends with {@code …}, so describing the
 * last value of a chain of a million operations reads a handful of keys. It walks the keys with
 * an explicit stack, never by recursion. It is meant for messages of exceptions about to be
 * thrown, not for hot paths; a key's {@code toString()} stays the shallow form with the hash.
 *
 * <pre>{@code
 * ValueKey x = ValueKey.input("x");
 * ValueKey y = OperationKey.of(Ops.COS, List.of(
 *     OperationKey.of(Ops.SIN, List.of(x), OperationRole.primary())), OperationRole.primary());
 * assert ValueDescription.of(y).equals("Cos(Sin(x))");
 * }</pre>
 */
public final class ValueDescription {
  /** Operand levels shown below the described value; deeper operands print as {@code …}. */
  public static final int MAX_DEPTH = 4;

  /** The longest description, in characters, before it is cut and ends with {@code …}. */
  public static final int MAX_LENGTH = 120;

  private static final String ELLIPSIS = "…";

  private ValueDescription() {}

  /** Where {@code key} comes from; {@code null} prints as {@code null}. */
  public static String of(ValueKey key) {
    return of(key, MAX_DEPTH, MAX_LENGTH);
  }

  /**
   * As {@link #of(ValueKey)}, with operands shown to {@code maxDepth} levels and the text cut at
   * {@code maxLength} characters (both at least 0 and 1).
   */
  public static String of(ValueKey key, int maxDepth, int maxLength) {
    if (key == null) {
      return "null";
    }
    StringBuilder sb = new StringBuilder();
    // items to print, last pushed first: a String is appended as is, a Frame is a key to render
    ArrayDeque<Object> stack = new ArrayDeque<>();
    stack.push(new Frame(key, 0));
    while (!stack.isEmpty()) {
      if (sb.length() > maxLength) {
        return cut(sb, maxLength);
      }
      Object item = stack.pop();
      if (item instanceof String text) {
        sb.append(text);
        continue;
      }
      Frame frame = (Frame) item;
      if (frame.key instanceof ValueKey.Input input) {
        sb.append(input.key());
        continue;
      }
      ValueKey.Derived derived = (ValueKey.Derived) frame.key;
      OperationKey op = derived.operationKey();
      sb.append(op.operation().name());
      String close = op.outputCount() > 1 ? "):" + derived.slot() : ")";
      int count = op.inputCount();
      if (count == 0) {
        sb.append("()").append(close, 1, close.length());
      } else if (frame.depth >= maxDepth) {
        sb.append('(').append(ELLIPSIS).append(close);
      } else {
        sb.append('(');
        stack.push(close);
        // no more operands than could fit in the text: a wide operation costs no more than a narrow one
        int shown = Math.min(count, maxLength / 3 + 1);
        if (shown < count) {
          stack.push(", " + ELLIPSIS);
        }
        for (int j = shown - 1; j >= 0; j--) {
          stack.push(new Frame(op.inputAt(j), frame.depth + 1));
          if (j > 0) {
            stack.push(", ");
          }
        }
      }
    }
    return sb.length() > maxLength ? cut(sb, maxLength) : sb.toString();
  }

  /** {@code sb} cut to {@code maxLength} characters, the last of them the ellipsis. */
  private static String cut(StringBuilder sb, int maxLength) {
    sb.setLength(Math.max(0, maxLength - ELLIPSIS.length()));
    return sb.append(ELLIPSIS).toString();
  }

  /** A key to render, {@code depth} operand levels below the described value. */
  private record Frame(ValueKey key, int depth) {}
}

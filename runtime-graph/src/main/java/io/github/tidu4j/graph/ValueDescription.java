package io.github.tidu4j.graph;

import java.util.ArrayDeque;
import java.util.List;

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
 * <p>An instruction of a {@link CompiledProgram} is described the same way, from the program alone
 * ({@link #of(CompiledProgram, int)}): its operands are named by the program's own input keys.
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

  /**
   * {@code item}'s {@code toString()} as a message quotes it: cut at {@value #MAX_LENGTH}
   * characters (ending {@code …}), and, where {@code toString()} throws, what it threw, so that a
   * key or operand that cannot print itself does not hide the error being reported.
   *
   * <pre>{@code
   * assert ValueDescription.text("x".repeat(500)).length() == ValueDescription.MAX_LENGTH;
   * }</pre>
   */
  public static String text(Object item) {
    return text(item, MAX_LENGTH);
  }

  /** {@code item}'s text as {@link #text(Object)} quotes it, cut at {@code maxLength} characters. */
  public static String text(Object item, int maxLength) {
    String text;
    try {
      text = String.valueOf(item);
    } catch (RuntimeException | StackOverflowError e) {
      text = "<toString() threw " + e + ">";
    }
    return text.length() <= maxLength ? text : text.substring(0, maxLength - 1) + "…";
  }

  /** How many items {@link #listed} writes out before it only counts the rest. */
  public static final int ITEMS_LISTED = 8;

  private ValueDescription() {}

  /**
   * {@code items} as a message lists them: all of them, or the first {@value #ITEMS_LISTED} and
   * their number, so that a program of 10^5 inputs is not described by a list of 10^5 keys.
   *
   * <pre>{@code
   * assert ValueDescription.listed(List.of("x", "y")).equals("[x, y]");
   * }</pre>
   */
  public static String listed(List<?> items) {
    return listed(items, "[", ", ", "]");
  }

  /**
   * {@code items} as {@link #listed(List)} writes them, between {@code open} and {@code close},
   * separated by {@code separator}: {@code [a, b, ... (20 in all)]}.
   */
  public static String listed(List<?> items, String open, String separator, String close) {
    StringBuilder s = new StringBuilder(open);
    for (int i = 0; i < Math.min(items.size(), ITEMS_LISTED); i++) {
      s.append(i == 0 ? "" : separator).append(text(items.get(i)));
    }
    if (items.size() > ITEMS_LISTED) {
      s.append(separator).append("... (").append(items.size()).append(" in all)");
    }
    return s.append(close).toString();
  }

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
    return render(KeyTree.INSTANCE, key, maxDepth, maxLength, false);
  }

  /**
   * What instruction {@code instruction} of {@code program} computes, as the expression applying
   * its operation to its operands, which are named by the program's input keys: {@code
   * Div(Sin(x), y)}, or {@code SinCos(x)} for a multi-output operation. Bounded as {@link
   * #of(ValueKey)}; it reads the instructions up to {@code instruction} once.
   */
  public static String of(CompiledProgram<?> program, int instruction) {
    ProgramValues values = new ProgramValues(program, instruction);
    return render(values, values.application(), MAX_DEPTH, MAX_LENGTH, false);
  }

  /**
   * As {@link #of(ValueKey)}, the operation computing {@code key} printed with its attributes
   * ({@code Polygamma[n=2](Exp(x))}): how an error names the application that failed, where two
   * operations of one primitive differ by them; its operands print by name alone.
   */
  public static String application(ValueKey key) {
    if (key == null) {
      return "null";
    }
    return render(KeyTree.INSTANCE, key, MAX_DEPTH, MAX_LENGTH, true);
  }

  /**
   * The text of {@code root}, a node of {@code tree}: the one walk every description makes, with
   * an explicit stack; {@code rootAttributes} prints the root's operation with its attributes.
   */
  static <N> String render(
      ExpressionTree<N> tree, N root, int maxDepth, int maxLength, boolean rootAttributes) {
    StringBuilder sb = new StringBuilder();
    // items to print, last pushed first: a String is appended as is, a Frame is a node to render
    ArrayDeque<Object> stack = new ArrayDeque<>();
    stack.push(new Frame<>(root, 0));
    while (!stack.isEmpty()) {
      if (sb.length() > maxLength) {
        return cut(sb, maxLength);
      }
      Object item = stack.pop();
      if (item instanceof String text) {
        sb.append(text);
        continue;
      }
      @SuppressWarnings("unchecked")
      Frame<N> frame = (Frame<N>) item;
      N node = frame.node;
      Object inputName = tree.inputName(node);
      if (inputName != null) {
        sb.append(text(inputName));
        continue;
      }
      sb.append(
          text(
              rootAttributes && frame.depth == 0
                  ? tree.operationText(node)
                  : tree.operationName(node)));
      int output = tree.output(node);
      String close = output >= 0 ? "):" + output : ")";
      int count = tree.operandCount(node);
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
          stack.push(new Frame<>(tree.operand(node, j), frame.depth + 1));
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

  /** A node to render, {@code depth} operand levels below the described value. */
  private record Frame<N>(N node, int depth) {}

  /** Value keys as an expression tree: an input by its key, a derived value by its operation. */
  private enum KeyTree implements ExpressionTree<ValueKey> {
    INSTANCE;

    @Override
    public Object inputName(ValueKey key) {
      return key instanceof ValueKey.Input input ? input.key() : null;
    }

    @Override
    public String operationName(ValueKey key) {
      return ((ValueKey.Derived) key).operationKey().operation().name();
    }

    @Override
    public String operationText(ValueKey key) {
      return GraphPrinter.describe(((ValueKey.Derived) key).operationKey().operation());
    }

    @Override
    public int output(ValueKey key) {
      ValueKey.Derived derived = (ValueKey.Derived) key;
      return derived.operationKey().outputCount() > 1 ? derived.slot() : -1;
    }

    @Override
    public int operandCount(ValueKey key) {
      return ((ValueKey.Derived) key).operationKey().inputCount();
    }

    @Override
    public ValueKey operand(ValueKey key, int j) {
      return ((ValueKey.Derived) key).operationKey().inputAt(j);
    }
  }
}

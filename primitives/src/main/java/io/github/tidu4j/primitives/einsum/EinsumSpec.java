package io.github.tidu4j.primitives.einsum;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A parsed einsum specification in numpy/JAX notation: comma-separated input subscripts, then
 * optionally {@code ->} and the output subscripts. An immutable value; it does not know the operand
 * shapes (see {@link #plan(int[]...)}).
 *
 * <pre>{@code
 * EinsumSpec mm = EinsumSpec.parse("ij,jk->ik");
 * mm.operandCount();                    // 2
 * mm.input(1);                          // "jk"
 * EinsumSpec.parse("ij,jk").output();   // "ik"  (implicit output)
 * EinsumSpec.parse("ba").output();      // "ab"  (implicit output is sorted: a transpose)
 * EinsumSpec.parse("...ij,...jk->...ik").hasEllipsis();   // true
 * }</pre>
 *
 * <p><b>Grammar.</b> Subscripts are the letters {@code a-z} and {@code A-Z} (case-sensitive: 52
 * indices) and at most one ellipsis {@code ...} per term. Whitespace anywhere is ignored. Without
 * {@code ->} the output is implicit (numpy's rule): the ellipsis dimensions first if any input has
 * an ellipsis, then the indices that appear exactly once over all inputs, in ASCII order (so
 * upper-case letters come before lower-case ones).
 *
 * <p><b>Semantics.</b> The result is indexed by the output subscripts; each of its elements is the
 * sum, over every assignment of the indices not in the output, of the product of the operands'
 * elements (no operand is conjugated). An index shared by several operands must have the same size
 * in each of them. The dimensions covered by an ellipsis are aligned from the right across operands
 * and broadcast as in numpy: a dimension of size 1 stretches to the size the others have. An
 * explicit output must contain an ellipsis when the inputs' ellipses cover any dimension.
 *
 * <p><b>Not supported.</b> An index repeated within one operand (a diagonal, {@code "ii->i"} or the
 * trace {@code "ii->"}) is rejected at parse time: the tensor kernels have no diagonal or gather
 * operation to lower it to.
 */
public final class EinsumSpec {

  /** Marks the position of an ellipsis in a term. */
  static final int ELLIPSIS = -1;

  private final String source;
  private final int[][] inputs;
  private final int[] output;
  private final boolean explicitOutput;
  private final boolean hasEllipsis;

  private EinsumSpec(String source, int[][] inputs, int[] output, boolean explicitOutput) {
    this.source = source;
    this.inputs = inputs;
    this.output = output;
    this.explicitOutput = explicitOutput;
    boolean e = false;
    for (int[] term : inputs) {
      e |= indexOf(term, ELLIPSIS) >= 0;
    }
    this.hasEllipsis = e || indexOf(output, ELLIPSIS) >= 0;
  }

  /**
   * Parses a specification such as {@code "ij,jk->ik"}, {@code "bij,bjk"} or {@code
   * "...ij->...ji"}.
   *
   * @throws IllegalArgumentException naming the specification and the problem: an unknown
   *     character, a misplaced {@code '-'}, {@code '>'} or {@code '.'}, more than one {@code ->},
   *     more than one ellipsis in a term, an index repeated within one input (a diagonal, not
   *     supported) or in the output, or an output index that appears in no input
   */
  public static EinsumSpec parse(String spec) {
    Objects.requireNonNull(spec, "spec");
    List<int[]> terms = new ArrayList<>();
    List<Integer> term = new ArrayList<>();
    int[] output = null;
    int i = 0;
    int n = spec.length();
    while (i <= n) {
      boolean end = i == n;
      char c = end ? ',' : spec.charAt(i); // the end closes the last term like a comma
      if (Character.isWhitespace(c)) {
        i++;
      } else if (isLetter(c)) {
        term.add((int) c);
        i++;
      } else if (c == '.') {
        if (!spec.startsWith("...", i)) {
          throw error(spec, "'.' at position " + i + " is not part of an ellipsis '...'");
        }
        term.add(ELLIPSIS);
        i += 3;
      } else if (c == '-') {
        if (i + 1 >= n || spec.charAt(i + 1) != '>') {
          throw error(spec, "'-' at position " + i + " is not followed by '>'");
        }
        if (output != null) {
          throw error(spec, "'->' appears more than once (second at position " + i + ")");
        }
        terms.add(toArray(term));
        term.clear();
        output = new int[0]; // marks that '->' was seen; filled at the end
        i += 2;
      } else if (c == ',' && output != null && !end) {
        throw error(spec, "',' at position " + i + " is in the output; the output is one term");
      } else if (c == ',') {
        if (output != null) {
          output = toArray(term); // end of the output term
        } else {
          terms.add(toArray(term));
        }
        term.clear();
        i++;
      } else if (c == '>') {
        throw error(spec, "'>' at position " + i + " is not preceded by '-'");
      } else {
        throw error(
            spec,
            "unknown character '"
                + c
                + "' at position "
                + i
                + "; subscripts are the letters a-z, A-Z and the ellipsis '...'");
      }
    }
    int[][] inputs = terms.toArray(new int[0][]);
    for (int p = 0; p < inputs.length; p++) {
      checkInputTerm(spec, p, inputs[p]);
    }
    boolean explicit = output != null;
    if (explicit) {
      checkOutputTerm(spec, inputs, output);
    } else {
      output = implicitOutput(inputs);
    }
    return new EinsumSpec(spec, inputs, output, explicit);
  }

  private static void checkInputTerm(String spec, int p, int[] term) {
    boolean ellipsis = false;
    for (int k = 0; k < term.length; k++) {
      int label = term[k];
      if (label == ELLIPSIS) {
        if (ellipsis) {
          throw error(
              spec,
              "operand " + p + " (\"" + render(term) + "\") has more than one ellipsis '...'");
        }
        ellipsis = true;
      } else if (indexOf(term, label) != k) {
        throw error(
            spec,
            "index '"
                + (char) label
                + "' appears more than once in operand "
                + p
                + " (\""
                + render(term)
                + "\"): diagonals are not supported; einsum indices must be distinct within"
                + " an operand");
      }
    }
  }

  private static void checkOutputTerm(String spec, int[][] inputs, int[] output) {
    for (int k = 0; k < output.length; k++) {
      int label = output[k];
      if (indexOf(output, label) != k) {
        throw error(
            spec,
            label == ELLIPSIS
                ? "the output has more than one ellipsis '...'"
                : "output index '" + (char) label + "' appears more than once in the output");
      }
      if (label == ELLIPSIS) {
        continue;
      }
      boolean found = false;
      for (int[] in : inputs) {
        found |= indexOf(in, label) >= 0;
      }
      if (!found) {
        throw error(spec, "output index '" + (char) label + "' does not appear in any input");
      }
    }
  }

  /** numpy's implicit output: ellipsis first if any, then indices that occur once, sorted. */
  private static int[] implicitOutput(int[][] inputs) {
    int[] count = new int[128];
    boolean ellipsis = false;
    for (int[] in : inputs) {
      for (int label : in) {
        if (label == ELLIPSIS) {
          ellipsis = true;
        } else {
          count[label]++;
        }
      }
    }
    List<Integer> out = new ArrayList<>();
    if (ellipsis) {
      out.add(ELLIPSIS);
    }
    for (int c = 0; c < count.length; c++) {
      if (count[c] == 1) {
        out.add(c);
      }
    }
    return toArray(out);
  }

  // ---------------------------------------------------------------------------------------------
  // Accessors

  /** The specification as given to {@link #parse}, whitespace included. */
  public String source() {
    return source;
  }

  /** The number of input operands: one more than the number of commas. */
  public int operandCount() {
    return inputs.length;
  }

  /**
   * The subscripts of input {@code p}, whitespace removed, e.g. {@code "jk"} or {@code "...ij"}.
   */
  public String input(int p) {
    return render(inputs[p]);
  }

  /** The output subscripts; for an implicit output, the ones numpy's rule gives. */
  public String output() {
    return render(output);
  }

  /** Whether the specification gave its output after {@code ->}. */
  public boolean hasExplicitOutput() {
    return explicitOutput;
  }

  /** Whether any term (input or output) contains an ellipsis. */
  public boolean hasEllipsis() {
    return hasEllipsis;
  }

  /** Input {@code p}'s labels: letters as their char code, an ellipsis as {@link #ELLIPSIS}. */
  int[] inputLabels(int p) {
    return inputs[p];
  }

  /** The output's labels, as {@link #inputLabels}. */
  int[] outputLabels() {
    return output;
  }

  /**
   * Plans this einsum for operands of the given shapes with the {@link ContractionOrder#GREEDY}
   * order.
   *
   * @throws IllegalArgumentException if the number of shapes is not {@link #operandCount()}, a
   *     shape's rank does not fit its subscripts, an index has different sizes in two operands,
   *     ellipsis dimensions do not broadcast, or the output or an intermediate the order forms
   *     would have more than {@code Integer.MAX_VALUE} elements
   */
  public EinsumPlan plan(int[]... shapes) {
    return plan(ContractionOrder.GREEDY, shapes);
  }

  /** Plans this einsum with the given contraction order; see {@link #plan(int[]...)}. */
  public EinsumPlan plan(ContractionOrder order, int[]... shapes) {
    return EinsumPlanner.plan(this, order, shapes);
  }

  /** The normalised specification with an explicit output, e.g. {@code "ij,jk->ik"}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    for (int p = 0; p < inputs.length; p++) {
      sb.append(p == 0 ? "" : ",").append(render(inputs[p]));
    }
    return sb.append("->").append(render(output)).toString();
  }

  /** Equal when the normalised forms ({@link #toString}) are equal. */
  @Override
  public boolean equals(Object o) {
    return o == this || (o instanceof EinsumSpec && toString().equals(o.toString()));
  }

  @Override
  public int hashCode() {
    return toString().hashCode();
  }

  // ---------------------------------------------------------------------------------------------

  /** {@code "1 operand"}, {@code "2 operands"}. */
  static String plural(int count, String noun) {
    return count + " " + noun + (count == 1 ? "" : "s");
  }

  static IllegalArgumentException error(String spec, String problem) {
    return new IllegalArgumentException("einsum \"" + spec + "\": " + problem);
  }

  private static boolean isLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  private static String render(int[] term) {
    StringBuilder sb = new StringBuilder();
    for (int label : term) {
      if (label == ELLIPSIS) {
        sb.append("...");
      } else {
        sb.append((char) label);
      }
    }
    return sb.toString();
  }

  static int indexOf(int[] a, int value) {
    for (int i = 0; i < a.length; i++) {
      if (a[i] == value) {
        return i;
      }
    }
    return -1;
  }

  private static int[] toArray(List<Integer> list) {
    int[] a = new int[list.size()];
    for (int i = 0; i < a.length; i++) {
      a[i] = list.get(i);
    }
    return a;
  }
}

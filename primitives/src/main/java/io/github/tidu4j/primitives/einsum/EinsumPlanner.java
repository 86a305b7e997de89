package io.github.tidu4j.primitives.einsum;

import static io.github.tidu4j.primitives.einsum.EinsumSpec.ELLIPSIS;
import static io.github.tidu4j.primitives.einsum.EinsumSpec.indexOf;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;

/**
 * Lowers an {@link EinsumSpec} for given operand shapes to an {@link EinsumPlan}.
 *
 * <p><b>Labels.</b> Every axis carries a label: a letter's char code, or {@code ELLIPSIS_BASE + q}
 * for ellipsis dimension {@code q} of {@code E}, the largest number of dimensions any input's
 * ellipsis covers; an input whose ellipsis covers {@code e} dimensions gets the last {@code e}
 * ({@code E−e … E−1}), so ellipsis dimensions line up from the right, as numpy broadcasts them.
 *
 * <p><b>Lowering.</b>
 *
 * <ol>
 *   <li>Validate the shapes: one per input, ranks that fit the subscripts, one size per letter,
 *       ellipsis dimensions that broadcast (equal, or 1), and an output a tensor can hold (at most
 *       {@code Integer.MAX_VALUE} elements).
 *   <li>Per input: {@code Reshape} away size-1 ellipsis dimensions that broadcast against a larger
 *       size elsewhere (the label is then simply absent from this operand, which is what
 *       broadcasting means in a sum of products); then {@code ReduceSum} every label that no other
 *       input has and the output lacks, as early as possible.
 *   <li>While more than one operand is live, pick a pair ({@link ContractionOrder}) and contract it
 *       with one {@code DotGeneral}: a label both have is a batch axis if the output or another
 *       live operand still needs it, a contracting axis otherwise; the other labels are free. The
 *       batch axes follow the lhs order, except in the last contraction, where they follow the
 *       output order and the operands are swapped if that puts the result in output order.
 *   <li>{@code Transpose} the last value into the output order, unless it already is.
 * </ol>
 *
 * <p>A contraction whose result a tensor could not hold is rejected as it is planned, naming the
 * operands it contracts, so no plan fails halfway through running.
 *
 * <p>After step 2 every label of a live operand is in the output or in at least two live operands;
 * a contraction keeps that true, so no contraction ever has a label to sum that only one side has,
 * and no reduction is needed between contractions.
 */
final class EinsumPlanner {

  /** Labels at and above this value are ellipsis dimensions; letters are below. */
  static final int ELLIPSIS_BASE = 128;

  /** The most operands {@link ContractionOrder#OPTIMAL} plans; see there. */
  static final int MAX_OPTIMAL_OPERANDS = 14;

  private EinsumPlanner() {}

  static EinsumPlan plan(EinsumSpec spec, ContractionOrder order, int[][] shapes) {
    Objects.requireNonNull(order, "order");
    Objects.requireNonNull(shapes, "shapes");
    return new EinsumPlanner.Run(spec, order, shapes).plan();
  }

  /** The mutable state of one planning run. */
  private static final class Run {
    private final EinsumSpec spec;
    private final ContractionOrder order;
    private final int[][] inputShapes;
    private final int n;

    /** Per label: its size, or −1 if no input has it. */
    private int[] size;

    /** Per label: whether the output has it. */
    private boolean[] inOutput;

    /** Per label: how many live operands have it. */
    private int[] count;

    private int[] output;

    private final List<EinsumStep> steps = new ArrayList<>();
    private final List<int[]> valueLabels = new ArrayList<>();
    private final List<int[]> valueShapes = new ArrayList<>();

    /** Per value: the inputs it is computed from. */
    private final List<BitSet> valueInputs = new ArrayList<>();

    Run(EinsumSpec spec, ContractionOrder order, int[][] shapes) {
      this.spec = spec;
      this.order = order;
      this.n = spec.operandCount();
      if (shapes.length != n) {
        throw error(
            "the spec has "
                + EinsumSpec.plural(n, "input operand")
                + " but "
                + shapes.length
                + (shapes.length == 1 ? " was" : " were")
                + " given");
      }
      this.inputShapes = new int[n][];
      for (int p = 0; p < n; p++) {
        int[] s = Objects.requireNonNull(shapes[p], "shape").clone();
        for (int d : s) {
          if (d < 0) {
            throw error("operand " + p + " has a negative dimension: shape " + Arrays.toString(s));
          }
        }
        inputShapes[p] = s;
      }
    }

    EinsumPlan plan() {
      int[][] labels = resolveLabels();
      resolveSizes(labels);
      resolveOutput();
      for (int p = 0; p < n; p++) {
        valueLabels.add(labels[p]);
        valueShapes.add(inputShapes[p]);
        BitSet self = new BitSet();
        self.set(p);
        valueInputs.add(self);
      }

      // 2. Per input: drop broadcast size-1 ellipsis axes, then sum labels only it has.
      List<Integer> live = new ArrayList<>();
      for (int p = 0; p < n; p++) {
        live.add(dropBroadcastAxes(p));
      }
      count = new int[size.length];
      for (int v : live) {
        for (int l : valueLabels.get(v)) {
          count[l]++;
        }
      }
      for (int i = 0; i < live.size(); i++) {
        live.set(i, reduceUnshared(live.get(i)));
      }

      // 3. Pairwise contractions.
      if (order == ContractionOrder.OPTIMAL) {
        contractOptimally(live);
      }
      while (live.size() > 1) {
        int[] pair = order == ContractionOrder.GREEDY ? greedyPair(live) : new int[] {0, 1};
        int i = pair[0];
        int j = pair[1];
        int result = contract(live.get(i), live.get(j), live.size() == 2);
        live.set(i, result);
        live.remove(j);
      }

      // 4. Output order.
      int last = live.get(0);
      int[] lastLabels = valueLabels.get(last);
      if (!Arrays.equals(lastLabels, output)) {
        int[] perm = new int[output.length];
        for (int k = 0; k < output.length; k++) {
          perm[k] = indexOf(lastLabels, output[k]);
        }
        if (lastLabels.length != output.length || indexOf(perm, -1) >= 0) {
          throw new IllegalStateException(
              "einsum planner: final labels " + render(lastLabels) + " for " + spec);
        }
        emit(new EinsumStep.Transpose(nextValue(), last, perm), output);
      }

      String[] rendered = new String[valueLabels.size()];
      for (int v = 0; v < rendered.length; v++) {
        rendered[v] = render(valueLabels.get(v));
      }
      return new EinsumPlan(spec, order, n, steps, rendered, valueShapes.toArray(new int[0][]));
    }

    // -------------------------------------------------------------------------------------------
    // 1. Validation and labels

    /** Each input's labels with its ellipsis expanded; checks the ranks. */
    private int[][] resolveLabels() {
      int[] covered = new int[n];
      int e = 0;
      for (int p = 0; p < n; p++) {
        int[] term = spec.inputLabels(p);
        boolean hasEllipsis = indexOf(term, ELLIPSIS) >= 0;
        int letters = term.length - (hasEllipsis ? 1 : 0);
        int rank = inputShapes[p].length;
        if (hasEllipsis ? rank < letters : rank != letters) {
          throw error(
              "operand "
                  + p
                  + " has shape "
                  + Arrays.toString(inputShapes[p])
                  + " of rank "
                  + rank
                  + ", but its subscripts \""
                  + spec.input(p)
                  + "\" "
                  + (hasEllipsis ? "need at least " : "name ")
                  + (letters == 1 ? "1 axis" : letters + " axes"));
        }
        covered[p] = rank - letters;
        e = Math.max(e, covered[p]);
      }
      int[][] labels = new int[n][];
      for (int p = 0; p < n; p++) {
        labels[p] = expand(spec.inputLabels(p), e - covered[p], covered[p]);
      }
      size = new int[ELLIPSIS_BASE + e];
      Arrays.fill(size, -1);
      return labels;
    }

    /** {@code term} with its ellipsis (if any) replaced by labels of dims {@code first …}. */
    private static int[] expand(int[] term, int first, int covered) {
      int pos = indexOf(term, ELLIPSIS);
      if (pos < 0) {
        return term.clone();
      }
      int[] out = new int[term.length - 1 + covered];
      System.arraycopy(term, 0, out, 0, pos);
      for (int q = 0; q < covered; q++) {
        out[pos + q] = ELLIPSIS_BASE + first + q;
      }
      System.arraycopy(term, pos + 1, out, pos + covered, term.length - pos - 1);
      return out;
    }

    /** One size per label: equal for letters, broadcast (equal or 1) for ellipsis dimensions. */
    private void resolveSizes(int[][] labels) {
      int[] owner = new int[size.length];
      for (int p = 0; p < n; p++) {
        for (int k = 0; k < labels[p].length; k++) {
          int l = labels[p][k];
          int d = inputShapes[p][k];
          if (size[l] < 0) {
            size[l] = d;
            owner[l] = p;
          } else if (size[l] == d) {
            continue;
          } else if (l < ELLIPSIS_BASE) {
            throw error(
                "index '"
                    + (char) l
                    + "' has size "
                    + size[l]
                    + " in operand "
                    + owner[l]
                    + " (shape "
                    + Arrays.toString(inputShapes[owner[l]])
                    + ") but size "
                    + d
                    + " in operand "
                    + p
                    + " (shape "
                    + Arrays.toString(inputShapes[p])
                    + ")");
          } else if (d == 1) {
            continue;
          } else if (size[l] == 1) {
            size[l] = d;
            owner[l] = p;
          } else {
            throw error(
                "the ellipsis dimensions of operand "
                    + owner[l]
                    + " (shape "
                    + Arrays.toString(inputShapes[owner[l]])
                    + ") and operand "
                    + p
                    + " (shape "
                    + Arrays.toString(inputShapes[p])
                    + ") do not broadcast: "
                    + size[l]
                    + " vs "
                    + d);
          }
        }
      }
    }

    private void resolveOutput() {
      int e = size.length - ELLIPSIS_BASE;
      int[] term = spec.outputLabels();
      if (e > 0 && indexOf(term, ELLIPSIS) < 0) {
        StringBuilder given = new StringBuilder();
        for (int p = 0; p < n; p++) {
          given.append(p == 0 ? "" : ", ").append(Arrays.toString(inputShapes[p]));
        }
        throw error(
            "the inputs' ellipses cover "
                + EinsumSpec.plural(e, "dimension")
                + " (shapes "
                + given
                + ") but the output \""
                + spec.output()
                + "\" has no '...' to hold them");
      }
      output = expand(term, 0, e);
      inOutput = new boolean[size.length];
      for (int l : output) {
        inOutput[l] = true;
      }
      if (elements(output) > Integer.MAX_VALUE) {
        throw error(
            "the output \""
                + spec.output()
                + "\" would have shape "
                + Arrays.toString(shapeOf(output))
                + ": "
                + exactElements(output)
                + " elements, more than a tensor holds (Integer.MAX_VALUE)");
      }
    }

    // -------------------------------------------------------------------------------------------
    // 2. Per-input preparation

    /** Reshapes away value {@code v}'s size-1 ellipsis axes whose label is larger elsewhere. */
    private int dropBroadcastAxes(int v) {
      int[] labels = valueLabels.get(v);
      int[] shape = valueShapes.get(v);
      int kept = 0;
      for (int k = 0; k < labels.length; k++) {
        if (shape[k] == size[labels[k]]) {
          kept++;
        }
      }
      if (kept == labels.length) {
        return v;
      }
      int[] newLabels = new int[kept];
      int[] newShape = new int[kept];
      for (int k = 0, j = 0; k < labels.length; k++) {
        if (shape[k] == size[labels[k]]) {
          newLabels[j] = labels[k];
          newShape[j++] = shape[k];
        }
      }
      return emit(new EinsumStep.Reshape(nextValue(), v, newShape), newLabels);
    }

    /** Sums value {@code v} over the labels that no other operand has and the output lacks. */
    private int reduceUnshared(int v) {
      int[] labels = valueLabels.get(v);
      int reduced = 0;
      for (int l : labels) {
        if (isUnshared(l)) {
          reduced++;
        }
      }
      if (reduced == 0) {
        return v;
      }
      int[] axes = new int[reduced];
      int[] kept = new int[labels.length - reduced];
      for (int k = 0, a = 0, j = 0; k < labels.length; k++) {
        if (isUnshared(labels[k])) {
          axes[a++] = k;
        } else {
          kept[j++] = labels[k];
        }
      }
      for (int k : axes) {
        count[labels[k]]--;
      }
      return emit(new EinsumStep.ReduceSum(nextValue(), v, axes), kept);
    }

    private boolean isUnshared(int label) {
      return !inOutput[label] && count[label] == 1;
    }

    // -------------------------------------------------------------------------------------------
    // 3. Contractions

    /** How a pair of live values contracts: the dot's attributes and the result's labels. */
    private record Dot(
        int[] lhsContracting,
        int[] rhsContracting,
        int[] lhsBatch,
        int[] rhsBatch,
        int[] resultLabels) {}

    /**
     * The contraction of values with labels {@code a} (lhs) and {@code b} (rhs). Batch labels go in
     * {@code a}'s order, or, if {@code outputOrder}, in the output's order.
     */
    private Dot dot(int[] a, int[] b, boolean outputOrder) {
      List<Integer> batch = new ArrayList<>();
      List<Integer> contracting = new ArrayList<>();
      for (int l : a) {
        if (indexOf(b, l) >= 0) {
          // both have it: still needed if the output or a third live operand has it
          (inOutput[l] || count[l] > 2 ? batch : contracting).add(l);
        }
      }
      if (outputOrder) {
        batch.sort((x, y) -> Integer.compare(indexOf(output, x), indexOf(output, y)));
      }
      int[] result = new int[a.length + b.length - 2 * contracting.size() - batch.size()];
      int r = 0;
      for (int l : batch) {
        result[r++] = l;
      }
      for (int l : a) {
        if (indexOf(b, l) < 0) {
          result[r++] = l;
        }
      }
      for (int l : b) {
        if (indexOf(a, l) < 0) {
          result[r++] = l;
        }
      }
      return new Dot(
          positions(a, contracting),
          positions(b, contracting),
          positions(a, batch),
          positions(b, batch),
          result);
    }

    /** Emits the contraction of live values {@code x} and {@code y}; returns the result value. */
    private int contract(int x, int y, boolean last) {
      int lhs = x;
      int rhs = y;
      Dot d = dot(valueLabels.get(x), valueLabels.get(y), last);
      if (elements(d.resultLabels()) > Integer.MAX_VALUE) {
        throw tooLarge(x, y, d.resultLabels());
      }
      if (last && !Arrays.equals(d.resultLabels(), output)) {
        Dot swapped = dot(valueLabels.get(y), valueLabels.get(x), true);
        if (Arrays.equals(swapped.resultLabels(), output)) {
          d = swapped;
          lhs = y;
          rhs = x;
        }
      }
      int[] la = valueLabels.get(lhs);
      for (int k : d.lhsContracting()) {
        count[la[k]] -= 2;
      }
      for (int k : d.lhsBatch()) {
        count[la[k]]--;
      }
      return emit(
          new EinsumStep.DotGeneral(
              nextValue(),
              lhs,
              rhs,
              d.lhsContracting(),
              d.rhsContracting(),
              d.lhsBatch(),
              d.rhsBatch()),
          d.resultLabels());
    }

    /**
     * The positions {@code {i, j}} (i &lt; j) in {@code live} of the pair whose contraction has the
     * fewest result elements, then the fewest multiply-adds, then is leftmost.
     */
    private int[] greedyPair(List<Integer> live) {
      int[] best = null;
      long bestSize = Long.MAX_VALUE;
      long bestWork = Long.MAX_VALUE;
      for (int i = 0; i < live.size(); i++) {
        int[] a = valueLabels.get(live.get(i));
        for (int j = i + 1; j < live.size(); j++) {
          int[] b = valueLabels.get(live.get(j));
          long resultSize = elements(dot(a, b, false).resultLabels());
          long work = elements(a);
          for (int l : b) {
            if (indexOf(a, l) < 0) {
              work = saturatingMultiply(work, size[l]);
            }
          }
          if (resultSize < bestSize || (resultSize == bestSize && work < bestWork)) {
            best = new int[] {i, j};
            bestSize = resultSize;
            bestWork = work;
          }
        }
      }
      return best;
    }

    /** The error for a contraction of values {@code x} and {@code y} whose result is too large. */
    private IllegalArgumentException tooLarge(int x, int y, int[] resultLabels) {
      BitSet inputs = (BitSet) valueInputs.get(x).clone();
      inputs.or(valueInputs.get(y));
      StringBuilder which = new StringBuilder();
      StringBuilder subscripts = new StringBuilder();
      int count = inputs.cardinality();
      int k = 0;
      for (int p = inputs.nextSetBit(0); p >= 0; p = inputs.nextSetBit(p + 1), k++) {
        which.append(k == 0 ? "" : k == count - 1 ? " and " : ", ").append(p);
        subscripts.append(k == 0 ? "" : ", ").append('"').append(spec.input(p)).append('"');
      }
      return error(
          "contracting operands "
              + which
              + " ("
              + subscripts
              + ") makes an intermediate \""
              + render(resultLabels)
              + "\" of shape "
              + Arrays.toString(shapeOf(resultLabels))
              + ": "
              + exactElements(resultLabels)
              + " elements, more than a tensor holds (Integer.MAX_VALUE); the output \""
              + spec.output()
              + "\" has shape "
              + Arrays.toString(shapeOf(output))
              + ", and another ContractionOrder may avoid the intermediate");
    }

    private int[] shapeOf(int[] labels) {
      int[] shape = new int[labels.length];
      for (int k = 0; k < labels.length; k++) {
        shape[k] = size[labels[k]];
      }
      return shape;
    }

    /** The number of elements, exactly, for messages: {@link #elements} saturates. */
    private BigInteger exactElements(int[] labels) {
      BigInteger p = BigInteger.ONE;
      for (int l : labels) {
        p = p.multiply(BigInteger.valueOf(size[l]));
      }
      return p;
    }

    /**
     * Contracts the live values down to one in the order of least total multiply-adds ({@link
     * ContractionOrder#OPTIMAL}), found by dynamic programming over the subsets of the live
     * values, as opt_einsum's "dp" strategy without its pruning: for each subset {@code S}, the
     * cheapest way to contract it to one value is the cheapest split {@code S = A ∪ B} of {@code
     * cost(A) + cost(B) + multiplyAdds(A, B)}. What contracting {@code S} leaves does not depend
     * on the order within it: a label of {@code S} stays if the output or a live value outside
     * {@code S} has it. The multiply-adds of contracting {@code A}'s result with {@code B}'s are
     * the product of the sizes of the labels either has, exactly what the {@code DotGeneral} step
     * {@link #contract} emits for them costs. A subset other than all of them whose result no
     * tensor could hold costs {@link Long#MAX_VALUE}, so the order avoids such intermediates
     * where another order can (where none can, {@link #contract} reports the first).
     */
    private void contractOptimally(List<Integer> live) {
      int m = live.size();
      if (m > MAX_OPTIMAL_OPERANDS) {
        throw error(
            "ContractionOrder.OPTIMAL plans at most "
                + MAX_OPTIMAL_OPERANDS
                + " operands (its cost grows as 3^n), this einsum has "
                + m
                + "; use ContractionOrder.GREEDY");
      }
      if (m < 3) {
        return; // one contraction at most: nothing to choose
      }
      // Labels of the live values, numbered densely; sets of them as bit words.
      int[] index = new int[size.length];
      Arrays.fill(index, -1);
      List<Integer> dense = new ArrayList<>();
      for (int v : live) {
        for (int l : valueLabels.get(v)) {
          if (index[l] < 0) {
            index[l] = dense.size();
            dense.add(l);
          }
        }
      }
      long[] denseSize = new long[dense.size()];
      for (int k = 0; k < denseSize.length; k++) {
        denseSize[k] = size[dense.get(k)];
      }
      int w = Math.max(1, (dense.size() + 63) / 64);
      int full = (1 << m) - 1;
      long[] union = new long[(full + 1) * w]; // labels of the values in each subset
      for (int set = 1; set <= full; set++) {
        int low = Integer.numberOfTrailingZeros(set);
        int rest = set & (set - 1);
        System.arraycopy(union, rest * w, union, set * w, w);
        for (int l : valueLabels.get(live.get(low))) {
          union[set * w + index[l] / 64] |= 1L << (index[l] % 64);
        }
      }
      long[] needed = new long[w]; // labels of the output
      for (int l : output) {
        if (index[l] >= 0) {
          needed[index[l] / 64] |= 1L << (index[l] % 64);
        }
      }
      long[] kept = new long[(full + 1) * w]; // labels a subset's result keeps
      for (int set = 1; set <= full; set++) {
        for (int k = 0; k < w; k++) {
          kept[set * w + k] = union[set * w + k] & (needed[k] | union[(full ^ set) * w + k]);
        }
      }
      long[] cost = new long[full + 1];
      int[] split = new int[full + 1];
      for (int set = 1; set <= full; set++) {
        if ((set & (set - 1)) == 0) {
          continue; // one value: nothing to contract, cost 0
        }
        long best = Long.MAX_VALUE;
        int low = set & -set;
        // every split {a, set ^ a} once: a holds the lowest value of set
        for (int a = (set - 1) & set; a != 0; a = (a - 1) & set) {
          if ((a & low) == 0) {
            continue;
          }
          int b = set ^ a;
          long c = saturatingAdd(cost[a], cost[b]);
          if (c < best || split[set] == 0) {
            long work = 1;
            for (int k = 0; k < w && c != Long.MAX_VALUE; k++) {
              long bits = kept[a * w + k] | kept[b * w + k];
              for (; bits != 0; bits &= bits - 1) {
                int label = k * 64 + Long.numberOfTrailingZeros(bits);
                work = saturatingMultiply(work, denseSize[label]);
              }
            }
            c = saturatingAdd(c, work);
            if (c < best || split[set] == 0) {
              best = c;
              split[set] = a;
            }
          }
        }
        cost[set] = set != full && tooLarge(kept, set * w, w, denseSize) ? Long.MAX_VALUE : best;
      }
      // Children before parents: the reverse of a preorder walk of the split tree.
      List<Integer> preorder = new ArrayList<>();
      List<Integer> stack = new ArrayList<>(List.of(full));
      while (!stack.isEmpty()) {
        int set = stack.remove(stack.size() - 1);
        if ((set & (set - 1)) != 0) {
          preorder.add(set);
          stack.add(split[set]);
          stack.add(set ^ split[set]);
        }
      }
      List<Integer> sets = new ArrayList<>();
      for (int k = 0; k < m; k++) {
        sets.add(1 << k);
      }
      for (int s = preorder.size() - 1; s >= 0; s--) {
        int set = preorder.get(s);
        int i = sets.indexOf(split[set]);
        int j = sets.indexOf(set ^ split[set]);
        if (i > j) {
          int t = i;
          i = j;
          j = t;
        }
        int result = contract(live.get(i), live.get(j), live.size() == 2);
        live.set(i, result);
        sets.set(i, set);
        live.remove(j);
        sets.remove(j);
      }
    }

    /** Whether the labels at {@code words[from … from+w)} span more than a tensor holds. */
    private static boolean tooLarge(long[] words, int from, int w, long[] denseSize) {
      long elements = 1;
      for (int k = 0; k < w; k++) {
        for (long bits = words[from + k]; bits != 0; bits &= bits - 1) {
          int label = k * 64 + Long.numberOfTrailingZeros(bits);
          elements = saturatingMultiply(elements, denseSize[label]);
        }
      }
      return elements > Integer.MAX_VALUE;
    }

    private long elements(int[] labels) {
      long p = 1;
      for (int l : labels) {
        p = saturatingMultiply(p, size[l]);
      }
      return p;
    }

    // -------------------------------------------------------------------------------------------

    private int nextValue() {
      return valueLabels.size();
    }

    private int emit(EinsumStep step, int[] labels) {
      BitSet inputs = new BitSet();
      for (int v : step.operands()) {
        inputs.or(valueInputs.get(v));
      }
      steps.add(step);
      valueLabels.add(labels);
      valueShapes.add(shapeOf(labels));
      valueInputs.add(inputs);
      return step.result();
    }

    private IllegalArgumentException error(String problem) {
      return EinsumSpec.error(spec.source(), problem);
    }
  }

  private static int[] positions(int[] labels, List<Integer> which) {
    int[] out = new int[which.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = indexOf(labels, which.get(i));
    }
    return out;
  }

  private static long saturatingAdd(long a, long b) {
    long r = a + b;
    return r < 0 ? Long.MAX_VALUE : r;
  }

  private static long saturatingMultiply(long a, long b) {
    long hi = Math.multiplyHigh(a, b);
    long lo = a * b;
    return (hi != 0 || lo < 0) ? Long.MAX_VALUE : lo;
  }

  /** Letters as themselves, ellipsis dimension {@code q} as {@code (q)}. */
  static String render(int[] labels) {
    StringBuilder sb = new StringBuilder();
    for (int l : labels) {
      if (l < ELLIPSIS_BASE) {
        sb.append((char) l);
      } else {
        sb.append('(').append(l - ELLIPSIS_BASE).append(')');
      }
    }
    return sb.toString();
  }
}

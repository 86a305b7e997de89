package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.ad.RuleKind;
import io.github.tidu4j.ad.TaylorSeries;
import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Series;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.ad.rules.Tangents;
import io.github.tidu4j.graph.ActiveMask;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.ValueRef;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.Collections;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * The primitives of {@link Real} as graph operations: what graphs hold, the transforms
 * differentiate and the evaluators run.
 *
 * <p>Each primitive is a nested class implementing its declared interface. Operations are
 * values: equal attributes give equal (and, through the factories, identical) operations,
 * with a structural hash computed once. Attribute-free primitives are constants.
 *
 * <pre>{@code
 * GraphBuilder<RealOp> b = Graph.builder();
 * ValueRef.Local x = b.input("x");
 * ValueRef.Local y = b.apply(RealOp.ADD, x, x);
 * }</pre>
 */
@Generated("io.github.tidu4j.processor.PrimitiveSetProcessor")
public abstract sealed class RealOp implements Primitive<RealOp, Void>, EvaluableGraphOperation<Double> {
  /**
   * {@link Real.Add} (opcode 0, the set's accumulator).
   */
  public static final RealOp ADD = new AddOp();

  /**
   * {@link Real.Mul} (opcode 1, linear in each operand).
   */
  public static final RealOp MUL = new MulOp();

  /**
   * {@link Real.Exp} (opcode 2).
   */
  public static final RealOp EXP = new ExpOp();

  /**
   * {@link Real.SinCos} (opcode 4).
   */
  public static final RealOp SIN_COS = new SinCosOp();

  /**
   * {@link Real.ZerosLike} (opcode 5, the set's zero primitive).
   */
  public static final RealOp ZEROS_LIKE = new ZerosLikeOp();

  /**
   * The canonical operations of the primitives with attributes, which the factories return.
   */
  private static final Interner INTERNER = new Interner();

  /**
   * Extended only by the nested operation classes, one per primitive.
   */
  private RealOp() {
  }

  /**
   * {@link Real.Scale} (opcode 3, linear in each operand) with these attributes:
   * the canonical instance, so equal attributes give the same operation.
   *
   * @param factor the attribute {@code factor}
   * @return the canonical operation
   */
  public static RealOp scale(double factor) {
    return INTERNER.intern(new ScaleOp(factor));
  }

  /**
   * The stable opcode: the primitive's declaration index in {@link Real}, and the index of its
   * kernel in {@link RealKernels#TABLE}.
   *
   * @return the opcode
   */
  public abstract int opcode();

  /**
   * The accumulator, {@link Real.Add}.
   */
  @Override
  public final RealOp add() {
    return ADD;
  }

  /**
   * The set's operand type, what every kernel takes.
   */
  @Override
  public final Class<?> operandType() {
    return double.class;
  }

  /**
   * Structural: same primitive, equal attributes.
   */
  @Override
  public abstract boolean equals(Object o);

  /**
   * Structural, from the opcode and the attributes, so stable from run to run.
   */
  @Override
  public abstract int hashCode();

  /**
   * The zero primitive, {@link Real.ZerosLike}.
   */
  @Override
  public final RealOp zerosLike() {
    return ZEROS_LIKE;
  }

  /**
   * A single-output JVP rule's result, as the transforms take it,
   * checked to be of pass {@code b}.
   *
   * @param b the builder of the pass the rule emitted into
   * @param tangent what the rule returned
   * @return the tangent's value in pass {@code b}, as a list of one
   * @throws ADRuleError if the rule returned null
   */
  final List<ValueRef> tangentResult(PrimitiveBuilder<RealOp> b, Tangent tangent) {
    if (tangent == null) {
      throw ADRuleError.invalidResult(name(), RuleKind.JVP,
          "it returned null; return Tangent.zero() for a zero tangent");
    }
    return Collections.singletonList(tangent.valueIn(b));
  }

  /**
   * A multi-output JVP rule's result, as the transforms take it: one tangent per output,
   * each of pass {@code b}.
   *
   * @param b the builder of the pass the rule emitted into
   * @param tangents what the rule returned
   * @return the tangents' values in pass {@code b}, one per output
   * @throws ADRuleError if the rule returned null or not one tangent per output
   */
  final List<ValueRef> tangentResults(PrimitiveBuilder<RealOp> b, Tangents tangents) {
    if (tangents == null || tangents.size() != outputArity()) {
      throw ADRuleError.invalidResult(name(), RuleKind.JVP, "it returned "
          + (tangents == null ? "null" : tangents.size() + " tangent(s)")
          + " but " + name() + " has " + outputArity() + " outputs");
    }
    return tangents.valuesIn(b);
  }

  /**
   * A single-output Taylor rule's result, as the transforms take it,
   * checked to be of pass {@code b}.
   *
   * @param b the builder of the pass the rule emitted into
   * @param coefficient what the rule returned
   * @return the coefficient's value in pass {@code b}, as a list of one
   * @throws ADRuleError if the rule returned null
   */
  final List<ValueRef> coefficientResult(PrimitiveBuilder<RealOp> b, Tangent coefficient) {
    if (coefficient == null) {
      throw ADRuleError.invalidResult(name(), RuleKind.TAYLOR,
          "it returned null; return Tangent.zero() for a zero coefficient");
    }
    return Collections.singletonList(coefficient.valueIn(b));
  }

  /**
   * A transpose rule's result, as the transforms take it: one cotangent per operand,
   * each of pass {@code b}.
   *
   * @param b the builder of the pass the rule emitted into
   * @param cotangents what the rule returned
   * @return the cotangents' values in pass {@code b}, one per operand
   * @throws ADRuleError if the rule returned null or not one cotangent per operand
   */
  final List<ValueRef> cotangentResults(PrimitiveBuilder<RealOp> b, Cotangents cotangents) {
    if (cotangents == null || cotangents.size() != inputArity()) {
      throw ADRuleError.invalidResult(name(), RuleKind.TRANSPOSE, "it returned "
          + (cotangents == null ? "null" : cotangents.size() + " cotangent(s)")
          + " but " + name() + " has " + inputArity() + " operands");
    }
    return cotangents.valuesIn(b);
  }

  /**
   * The results of a multi-output kernel, as the interpreter takes them.
   *
   * @param values what the kernel returned, one value per output
   * @return the same values, boxed, in slot order
   */
  static List<Double> boxed(double[] values) {
    Double[] boxed = new Double[values.length];
    for (int i = 0; i < values.length; i++) {
      boxed[i] = values[i];
    }
    return List.of(boxed);
  }

  /**
   * {@link Real.Add} as an operation; its one instance is {@link #ADD}.
   */
  static final class AddOp extends RealOp implements Real.Add {
    /**
     * Makes the one instance, {@link #ADD}: an operation without attributes is canonical.
     */
    private AddOp() {
    }

    @Override
    public int opcode() {
      return 0;
    }

    @Override
    public int inputArity() {
      return 2;
    }

    @Override
    public int outputArity() {
      return 1;
    }

    @Override
    public String name() {
      return "Add";
    }

    @Override
    public List<Double> eval(List<Double> inputs) {
      return List.of(Real.Add.eval(inputs.get(0), inputs.get(1)));
    }

    @Override
    public List<ValueRef> jvp(PrimitiveBuilder<RealOp> b, List<ValueRef> primalIn,
        List<ValueRef> primalOut, List<ValueRef> tangentIn, Void ctx) {
      return tangentResult(b, Real.Add.jvp(new RealEmit(b), Tangent.of(b, tangentIn.get(0)),
          Tangent.of(b, tangentIn.get(1))));
    }

    @Override
    public List<ValueRef> transpose(PrimitiveBuilder<RealOp> b, List<ValueRef> cotangentOut,
        List<ValueRef> inputs, ActiveMask activeMask, Void ctx) {
      return cotangentResults(b, Real.Add.transpose(new RealEmit(b),
          Tangent.of(b, cotangentOut.get(0))));
    }

    @Override
    public boolean equals(Object o) {
      return o == this;
    }

    @Override
    public int hashCode() {
      return 0;
    }

    @Override
    public String toString() {
      return "Add";
    }
  }

  /**
   * {@link Real.Mul} as an operation; its one instance is {@link #MUL}.
   */
  static final class MulOp extends RealOp implements Real.Mul {
    /**
     * Makes the one instance, {@link #MUL}: an operation without attributes is canonical.
     */
    private MulOp() {
    }

    @Override
    public int opcode() {
      return 1;
    }

    @Override
    public int inputArity() {
      return 2;
    }

    @Override
    public int outputArity() {
      return 1;
    }

    @Override
    public String name() {
      return "Mul";
    }

    @Override
    public List<Double> eval(List<Double> inputs) {
      return List.of(Real.Mul.eval(inputs.get(0), inputs.get(1)));
    }

    /**
     * Linear in each operand separately.
     */
    @Override
    public boolean isMultilinear() {
      return true;
    }

    @Override
    public List<ValueRef> jvp(PrimitiveBuilder<RealOp> b, List<ValueRef> primalIn,
        List<ValueRef> primalOut, List<ValueRef> tangentIn, Void ctx) {
      return tangentResult(b, Real.Mul.jvp(new RealEmit(b), Primal.of(b, primalIn.get(0)),
          Primal.of(b, primalIn.get(1)), Tangent.of(b, tangentIn.get(0)),
          Tangent.of(b, tangentIn.get(1))));
    }

    @Override
    public List<ValueRef> transpose(PrimitiveBuilder<RealOp> b, List<ValueRef> cotangentOut,
        List<ValueRef> inputs, ActiveMask activeMask, Void ctx) {
      return cotangentResults(b, Real.Mul.transpose(new RealEmit(b),
          Arg.of(b, inputs, activeMask, 0), Arg.of(b, inputs, activeMask, 1),
          Tangent.of(b, cotangentOut.get(0))));
    }

    @Override
    public boolean equals(Object o) {
      return o == this;
    }

    @Override
    public int hashCode() {
      return 1;
    }

    @Override
    public String toString() {
      return "Mul";
    }
  }

  /**
   * {@link Real.Exp} as an operation; its one instance is {@link #EXP}.
   */
  static final class ExpOp extends RealOp implements Real.Exp {
    /**
     * Makes the one instance, {@link #EXP}: an operation without attributes is canonical.
     */
    private ExpOp() {
    }

    @Override
    public int opcode() {
      return 2;
    }

    @Override
    public int inputArity() {
      return 1;
    }

    @Override
    public int outputArity() {
      return 1;
    }

    @Override
    public String name() {
      return "Exp";
    }

    @Override
    public List<Double> eval(List<Double> inputs) {
      return List.of(Real.Exp.eval(inputs.get(0)));
    }

    @Override
    public List<ValueRef> jvp(PrimitiveBuilder<RealOp> b, List<ValueRef> primalIn,
        List<ValueRef> primalOut, List<ValueRef> tangentIn, Void ctx) {
      return tangentResult(b, Real.Exp.jvp(new RealEmit(b), Primal.of(b, primalIn.get(0)),
          Output.of(b, primalOut.get(0)), Tangent.of(b, tangentIn.get(0))));
    }

    /**
     * Expanded by its hand-written Taylor rule.
     */
    @Override
    public boolean hasTaylorRule() {
      return true;
    }

    @Override
    public List<ValueRef> taylor(PrimitiveBuilder<RealOp> b, List<TaylorSeries> seriesIn,
        List<TaylorSeries> seriesOut, int k, Void ctx) {
      return coefficientResult(b, Real.Exp.taylor(new RealEmit(b), Series.of(b, seriesIn.get(0)),
          Series.of(b, seriesOut.get(0)), k));
    }

    @Override
    public boolean equals(Object o) {
      return o == this;
    }

    @Override
    public int hashCode() {
      return 2;
    }

    @Override
    public String toString() {
      return "Exp";
    }
  }

  /**
   * {@link Real.Scale} as an operation; {@link RealOp#scale} gives its canonical instances.
   */
  static final class ScaleOp extends RealOp implements Real.Scale {
    /**
     * The attribute {@code factor}.
     */
    private final double factor;

    /**
     * The structural hash, computed once from the opcode and the attributes.
     */
    private final int hashCode;

    /**
     * An operation with these attributes, not yet canonical: {@link RealOp#scale} interns it.
     *
     * @param factor the attribute {@code factor}
     */
    private ScaleOp(double factor) {
      this.factor = factor;
      int h = 3;
      h = 31 * h + Double.hashCode(factor);
      this.hashCode = h;
    }

    @Override
    public double factor() {
      return factor;
    }

    @Override
    public int opcode() {
      return 3;
    }

    @Override
    public int inputArity() {
      return 1;
    }

    @Override
    public int outputArity() {
      return 1;
    }

    @Override
    public String name() {
      return "Scale";
    }

    @Override
    public List<Double> eval(List<Double> inputs) {
      return List.of(eval(inputs.get(0)));
    }

    /**
     * Linear in each operand separately.
     */
    @Override
    public boolean isMultilinear() {
      return true;
    }

    @Override
    public List<ValueRef> jvp(PrimitiveBuilder<RealOp> b, List<ValueRef> primalIn,
        List<ValueRef> primalOut, List<ValueRef> tangentIn, Void ctx) {
      return tangentResult(b, jvp(new RealEmit(b), Tangent.of(b, tangentIn.get(0))));
    }

    @Override
    public List<ValueRef> transpose(PrimitiveBuilder<RealOp> b, List<ValueRef> cotangentOut,
        List<ValueRef> inputs, ActiveMask activeMask, Void ctx) {
      return cotangentResults(b, transpose(new RealEmit(b), Tangent.of(b, cotangentOut.get(0))));
    }

    @Override
    public boolean equals(Object o) {
      return o == this || (o instanceof ScaleOp other
          && Double.doubleToLongBits(factor) == Double.doubleToLongBits(other.factor));
    }

    @Override
    public int hashCode() {
      return hashCode;
    }

    @Override
    public String toString() {
      return "Scale[factor=" + factor + "]";
    }
  }

  /**
   * {@link Real.SinCos} as an operation; its one instance is {@link #SIN_COS}.
   */
  static final class SinCosOp extends RealOp implements Real.SinCos {
    /**
     * Makes the one instance, {@link #SIN_COS}: an operation without attributes is canonical.
     */
    private SinCosOp() {
    }

    @Override
    public int opcode() {
      return 4;
    }

    @Override
    public int inputArity() {
      return 1;
    }

    @Override
    public int outputArity() {
      return 2;
    }

    @Override
    public String name() {
      return "SinCos";
    }

    @Override
    public List<Double> eval(List<Double> inputs) {
      return boxed(Real.SinCos.eval(inputs.get(0)));
    }

    @Override
    public List<ValueRef> jvp(PrimitiveBuilder<RealOp> b, List<ValueRef> primalIn,
        List<ValueRef> primalOut, List<ValueRef> tangentIn, Void ctx) {
      return tangentResults(b, Real.SinCos.jvp(new RealEmit(b), Primal.of(b, primalIn.get(0)),
          Tangent.of(b, tangentIn.get(0))));
    }

    @Override
    public boolean equals(Object o) {
      return o == this;
    }

    @Override
    public int hashCode() {
      return 4;
    }

    @Override
    public String toString() {
      return "SinCos";
    }
  }

  /**
   * {@link Real.ZerosLike} as an operation; its one instance is {@link #ZEROS_LIKE}.
   */
  static final class ZerosLikeOp extends RealOp implements Real.ZerosLike {
    /**
     * Makes the one instance, {@link #ZEROS_LIKE}: an operation without attributes is canonical.
     */
    private ZerosLikeOp() {
    }

    @Override
    public int opcode() {
      return 5;
    }

    @Override
    public int inputArity() {
      return 1;
    }

    @Override
    public int outputArity() {
      return 1;
    }

    @Override
    public String name() {
      return "ZerosLike";
    }

    @Override
    public List<Double> eval(List<Double> inputs) {
      return List.of(Real.ZerosLike.eval(inputs.get(0)));
    }

    /**
     * A zero: the output is zero whatever the operand.
     */
    @Override
    public List<ValueRef> jvp(PrimitiveBuilder<RealOp> b, List<ValueRef> primalIn,
        List<ValueRef> primalOut, List<ValueRef> tangentIn, Void ctx) {
      return Collections.singletonList(null);
    }

    @Override
    public boolean equals(Object o) {
      return o == this;
    }

    @Override
    public int hashCode() {
      return 5;
    }

    @Override
    public String toString() {
      return "ZerosLike";
    }
  }

  /**
   * The canonical operations of the primitives with attributes, held weakly: equal operations are
   * one instance, and those no graph uses any more can be collected. Lookups compare the
   * operations' precomputed hashes, then their generated {@code equals}. Interning happens while
   * graphs are built, never while they are evaluated, so one lock is enough.
   */
  private static final class Interner {
    /**
     * The entries whose operations the collector has reclaimed, for {@link #expungeCollected}
     * to unlink.
     */
    private final ReferenceQueue<RealOp> collected = new ReferenceQueue<>();

    /**
     * The buckets, a power of two of them, each a chain of entries, the newest first. An
     * operation is looked for in the bucket {@link #indexFor} gives its hash, entry by entry:
     * hash first, then {@code equals}.
     */
    private Entry[] table = new Entry[16];

    /**
     * The entries in the table, those of collected operations not yet unlinked included; past
     * three quarters of the number of buckets, the table doubles.
     */
    private int size;

    /**
     * An empty table of 16 buckets; the operation class holds the one.
     */
    private Interner() {
    }

    /**
     * The canonical operation equal to {@code candidate}: an existing one, or {@code candidate}.
     *
     * @param candidate a new operation, not yet shared
     * @return the canonical operation
     */
    synchronized RealOp intern(RealOp candidate) {
      expungeCollected();
      int hash = candidate.hashCode();
      int index = indexFor(hash, table.length);
      for (Entry e = table[index]; e != null; e = e.next) {
        RealOp existing = e.get();
        if (e.hash == hash && existing != null && candidate.equals(existing)) {
          return existing;
        }
      }
      table[index] = new Entry(candidate, hash, collected, table[index]);
      if (++size > table.length - (table.length >>> 2)) {
        resize();
      }
      return candidate;
    }

    /**
     * Unlinks the entries of operations the collector has reclaimed.
     */
    private void expungeCollected() {
      for (Reference<? extends RealOp> stale; (stale = collected.poll()) != null; ) {
        Entry dead = (Entry) stale;
        int index = indexFor(dead.hash, table.length);
        Entry previous = null;
        for (Entry e = table[index]; e != null; previous = e, e = e.next) {
          if (e == dead) {
            if (previous == null) {
              table[index] = e.next;
            } else {
              previous.next = e.next;
            }
            size--;
            break;
          }
        }
      }
    }

    /**
     * Doubles the table, dropping entries already collected (their queued references
     * are then found in no bucket and skipped).
     */
    private void resize() {
      Entry[] old = table;
      table = new Entry[old.length * 2];
      size = 0;
      for (Entry head : old) {
        for (Entry e = head, next; e != null; e = next) {
          next = e.next;
          if (e.get() != null) {
            int index = indexFor(e.hash, table.length);
            e.next = table[index];
            table[index] = e;
            size++;
          }
        }
      }
    }

    /**
     * The bucket of {@code hash}: its high bits folded into the low ones, which alone pick
     * the bucket, as in {@code HashMap}.
     *
     * @param hash an operation's structural hash
     * @param length the number of buckets, a power of two
     * @return the bucket's index
     */
    private static int indexFor(int hash, int length) {
      return (hash ^ (hash >>> 16)) & (length - 1);
    }

    /**
     * A link of a bucket's chain: a weak reference to an operation, queued on {@link #collected}
     * once the collector has reclaimed the operation.
     */
    private static final class Entry extends WeakReference<RealOp> {
      /**
       * The operation's hash, kept so that the entry's bucket is known once the operation is gone.
       */
      final int hash;

      /**
       * The next entry of the bucket's chain, or null.
       */
      Entry next;

      /**
       * An entry for {@code operation}, in front of {@code next}.
       *
       * @param operation the canonical operation
       * @param hash its structural hash
       * @param queue where the entry is queued once the operation is collected
       * @param next the head of the bucket's chain so far
       */
      Entry(RealOp operation, int hash, ReferenceQueue<RealOp> queue, Entry next) {
        super(operation, queue);
        this.hash = hash;
        this.next = next;
      }
    }
  }
}

package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.Interruption;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.TaylorGraph;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The Taylor-mode step behind {@link Transforms#taylor}, on a {@link Staged} function: {@code
 * resolve → AD.taylor} over the function's graphs, which are referred to, never copied. For
 * derivatives rather than coefficients, a small graph over the Taylor graph scales coefficient k by
 * k! with the set's scale primitive. An implementation detail of {@link Transforms}, which checks
 * the types and stages the argument.
 *
 * <pre>{@code
 * Staged<Op, T, V> f = …;
 * Staged<Op, T, V> t = TaylorStep.taylor(f, null, 3, false, false, 0);  // inputs (x, v), outputs y_0 … y_3
 * }</pre>
 */
final class TaylorStep {
  // numbers the order-0 expansions, so their unread direction inputs never share a key
  private static final AtomicLong UNUSED_PASSES = new AtomicLong();

  private TaylorStep() {}

  /**
   * Taylor mode of {@code f} along the line {@code x + t·v} of the inputs {@code argnums}: inputs
   * are {@code f}'s inputs followed by one direction per {@code argnums} entry (same type as its
   * primal); outputs are, output by output of {@code f}, its coefficients of orders 0 to {@code
   * order} ({@code y^(k)(0) / k!}), or its derivatives along the line ({@code y^(k)(0)}) if {@code
   * derivatives}; {@code null} (a symbolic zero) where a coefficient is zero. If {@code
   * unitDirections}, the directions are not inputs but hidden inputs bound to the unit of their
   * type (1 for a real, a tensor of ones), so the outputs are the derivatives with respect to the
   * input itself (elementwise, for elementwise functions of a tensor).
   *
   * @throws IllegalArgumentException if {@code order} is negative, or {@code argnums} is out of
   *     range or repeats an index
   * @throws ADRuleError if a JVP rule is missing, broken, or emits an operation Taylor mode cannot
   *     expand
   * @throws GraphException if the order needs the set's scale primitive and it declares none
   */
  static <P extends Primitive<P, ?>, T, V> Staged<P, T, V> taylor(
      Staged<P, T, V> f,
      Object context,
      int order,
      boolean derivatives,
      boolean unitDirections,
      int... argnums) {
    checkOrder("taylor", order);
    TransformSteps.checkArgnums("taylor", f.arity(), argnums);
    List<ValueKey.Input> inputs = new ArrayList<>(f.inputs());
    List<T> inputTypes = new ArrayList<>(f.inputTypes());
    Map<ValueKey.Input, Staged.Seed<T>> seeds = new LinkedHashMap<>(f.seeds());
    if (!unitDirections) {
      for (int a : argnums) {
        inputTypes.add(f.inputTypes().get(a));
      }
    }
    List<ValueKey> outputs = new ArrayList<>();
    List<T> outputTypes = new ArrayList<>();
    List<ValueKey> live = f.liveOutputs();
    if (order == 0) {
      // nothing to expand: the directions are inputs no graph reads
      long pass = UNUSED_PASSES.incrementAndGet();
      for (int i = 0; i < argnums.length && !unitDirections; i++) {
        inputs.add(ValueKey.input(new UnusedDirection(pass, i)));
      }
      return new Staged<>(
          f.graphs(), inputs, inputTypes, f.outputs(), f.outputTypes(), f.constants(),
          f.seeds());
    }
    TaylorGraph<P> t = expand(f, context, live, order, argnums);
    // derivatives along a unit direction run along 2^e times it (see seedExponent)
    int e = unitDirections && derivatives ? seedExponent(order) : 0;
    for (int i = 0; i < argnums.length; i++) {
      ValueKey.Input direction = ValueKey.input(t.inputKey(i, 1));
      if (unitDirections) {
        seeds.put(direction, new Staged.Seed<>(f.inputTypes().get(argnums[i]), Math.scalb(1.0, e)));
      } else {
        inputs.add(direction);
      }
    }
    GraphBuilder<P> scaled = derivatives ? Graph.<P>builder().parent(t.graph()) : null;
    P scaleOp = t.graph().nodeCount() > 0 ? t.graph().operation(0) : null;
    int liveIndex = 0;
    for (int i = 0; i < f.outputs().size(); i++) {
      ValueKey primal = f.outputs().get(i);
      T type = f.outputTypes().get(i);
      outputs.add(primal);
      outputTypes.add(type);
      double factorial = 1;
      for (int k = 1; k <= order; k++) {
        factorial *= k;
        ValueKey c =
            primal == null || t.isZero(liveIndex, k) ? null : t.coefficient(liveIndex, k);
        // coefficient k along 2^e·v is 2^(e·k) times the one along v, exactly: k!·2^(−e·k)
        double factor = Math.scalb(factorial, -e * k);
        if (c != null && scaled != null && factor != 1) {
          c = scaled.valueKey(scaled.apply(scale(scaleOp, factor), ValueRef.external(c)).id());
        }
        outputs.add(c);
        outputTypes.add(type);
      }
      if (primal != null) {
        liveIndex++;
      }
    }
    List<Graph<P>> graphs = new ArrayList<>();
    if (scaled != null && scaled.valueCount() > 0) {
      graphs.add(scaled.build());
    }
    graphs.add(t.graph());
    return new Staged<>(
        graphs, inputs, inputTypes, outputs, outputTypes, f.constants(), seeds);
  }

  static void checkOrder(String transform, int order) {
    if (order < 0) {
      throw new IllegalArgumentException(
          transform + ": the order is " + order + "; ask for 0 (the value only) or more");
    }
  }

  /**
   * The exponent {@code e} of the direction {@code 2^e} along which {@code derivatives} of orders
   * up to {@code order} expand, the largest with {@code 2^(e·order) ≤ order!}. The derivative of
   * order k is {@code k!·y_k}, with {@code y_k = f⁽ᵏ⁾/k!} the coefficient along the unit
   * direction; that coefficient underflows where {@code f⁽ᵏ⁾} is below {@code k!·2⁻¹⁰⁷⁴} (every
   * {@code f⁽¹⁷⁰⁾} below 3·10⁻¹⁷), though the derivative is a normal double. Along {@code 2^e} the
   * coefficient is {@code 2^(e·k)·y_k}, of about the derivative's size at the highest order, and
   * scaling it by {@code k!·2^(−e·k)} gives the same bits as {@code k!·y_k} wherever neither
   * underflows: scaling by a power of two is exact, and Taylor mode's arithmetic on a coefficient
   * of order k multiplies coefficients whose orders add to k, adds coefficients of one order, and
   * divides by the order-0 value or by constants. The price is at the top of the range: an
   * order-k coefficient is {@code 2^(e·k)/k!} times the derivative (at most about 10¹³ at order
   * 170, near k = 32), so a derivative above about 10²⁹⁵ there overflows.
   */
  static int seedExponent(int order) {
    double log2Factorial = 0;
    for (int k = 2; k <= order; k++) {
      log2Factorial += Math.log(k);
    }
    log2Factorial /= Math.log(2);
    int e = (int) Math.floor(log2Factorial / Math.max(order, 1));
    // the floor of a rounded logarithm: step down if 2^(e·order) exceeds order! after all
    while (e > 0 && e * order > log2Factorial) {
      e--;
    }
    return e;
  }

  /**
   * The highest order whose derivatives {@code k!·y_k} a double can hold: 171! overflows, so a
   * derivative of order 171 or more, computed so, would be ∞ or NaN whatever its value.
   */
  static final int MAX_DERIVATIVE_ORDER = 170;

  /** {@link #checkOrder}, and an order whose k! a double holds ({@link #MAX_DERIVATIVE_ORDER}). */
  static void checkDerivativeOrder(String transform, int order) {
    checkOrder(transform, order);
    if (order > MAX_DERIVATIVE_ORDER) {
      throw new IllegalArgumentException(
          transform + ": the order is " + order + ", but k! overflows a double past k = "
              + MAX_DERIVATIVE_ORDER + ", so derivatives of higher orders are ∞ or NaN; ask for "
              + MAX_DERIVATIVE_ORDER + " or less, or for the Taylor coefficients f⁽ᵏ⁾/k! (taylor)");
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static <P extends Primitive<P, ?>, T, V> TaylorGraph<P> expand(
      Staged<P, T, V> f, Object context, List<ValueKey> live, int order, int[] argnums) {
    List<ValueKey> wrt = new ArrayList<>(argnums.length);
    for (int a : argnums) {
      wrt.add(f.inputs().get(a));
    }
    Interruption.check("the compilation stopped before expanding Taylor series");
    ResolvedView<P> view = f.view();
    // as TransformSteps.linearize: the raw call only erases the context type
    return AD.taylor((ResolvedView) view, live, wrt, order, context);
  }

  /**
   * The scale primitive by {@code factor}. {@code any} is an operation of the Taylor graph, which
   * has one wherever a coefficient of order 2 or more is not zero.
   */
  private static <P extends Primitive<P, ?>> P scale(P any, double factor) {
    P scale = any == null ? null : any.scaleBy(factor);
    if (scale == null) {
      throw new GraphException(
          "derivatives scale Taylor coefficient k by k!, but the primitive set"
              + (any == null ? "" : " of " + any.name())
              + " declares no scale primitive; declare one: @Primitive(scale = true)");
    }
    return scale;
  }

  /** The key of a direction input of an order-0 expansion, which no graph reads. */
  private record UnusedDirection(long pass, int input) {
    @Override
    public String toString() {
      return "v" + input + "@" + pass;
    }
  }
}

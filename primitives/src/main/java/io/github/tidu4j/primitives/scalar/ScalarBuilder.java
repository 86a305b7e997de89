package io.github.tidu4j.primitives.scalar;

import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.primitives.InputKey;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Builds graphs of the {@link Scalar} primitives with named inputs and fluent values, instead of
 * {@code GraphBuilder<ScalarOp>} and raw {@link ValueRef}s. Inputs are keyed by {@link
 * InputKey#user}; the result is an ordinary {@code Graph<ScalarOp>} for the runtime.
 *
 * <pre>{@code
 * ScalarBuilder b = ScalarBuilder.create();
 * ScalarValue a = b.input("a");
 * ScalarValue x = b.input("x");
 * Graph<ScalarOp> f = b.build(a.mul(x).exp());                     // exp(a·x)
 * CompiledProgram<ScalarOp> p = Graphs.compile(Graphs.materialize(f));
 * double y = new ScalarEvaluator(p).evaluate(2.0, 0.5)[0];          // e
 * }</pre>
 *
 * <p>Not thread-safe; builds one graph.
 */
public final class ScalarBuilder {
  private final GraphBuilder<ScalarOp> graph = Graph.builder();
  private final Set<String> names = new HashSet<>();

  private ScalarBuilder() {}

  /** A new builder. */
  public static ScalarBuilder create() {
    return new ScalarBuilder();
  }

  /**
   * Declares the input {@code name}, keyed {@code InputKey.user(name)}.
   *
   * @throws IllegalArgumentException if {@code name} is empty or already declared
   */
  public ScalarValue input(String name) {
    InputKey.User key = InputKey.user(name);
    if (!names.add(name)) {
      throw new IllegalArgumentException("input " + name + " is declared twice");
    }
    return new ScalarValue(this, graph.input(key));
  }

  /** {@code a + b}. */
  public ScalarValue add(ScalarValue a, ScalarValue b) {
    return apply(ScalarOp.ADD, a, b);
  }

  /** {@code a − b}, as {@code a + (−b)}. */
  public ScalarValue sub(ScalarValue a, ScalarValue b) {
    return add(a, neg(b));
  }

  /** {@code a · b}. */
  public ScalarValue mul(ScalarValue a, ScalarValue b) {
    return apply(ScalarOp.MUL, a, b);
  }

  /** {@code a / b}. */
  public ScalarValue div(ScalarValue a, ScalarValue b) {
    return apply(ScalarOp.DIV, a, b);
  }

  /** {@code −x}. */
  public ScalarValue neg(ScalarValue x) {
    return apply(ScalarOp.NEG, x);
  }

  /** {@code 1 / x}. */
  public ScalarValue recip(ScalarValue x) {
    return apply(ScalarOp.RECIP, x);
  }

  /** {@code eˣ}. */
  public ScalarValue exp(ScalarValue x) {
    return apply(ScalarOp.EXP, x);
  }

  /** {@code ln x}. */
  public ScalarValue log(ScalarValue x) {
    return apply(ScalarOp.LOG, x);
  }

  /** {@code sin x}. */
  public ScalarValue sin(ScalarValue x) {
    return apply(ScalarOp.SIN, x);
  }

  /** {@code cos x}. */
  public ScalarValue cos(ScalarValue x) {
    return apply(ScalarOp.COS, x);
  }

  /** {@code tanh x}. */
  public ScalarValue tanh(ScalarValue x) {
    return apply(ScalarOp.TANH, x);
  }

  /** {@code √x}. */
  public ScalarValue sqrt(ScalarValue x) {
    return apply(ScalarOp.SQRT, x);
  }

  /** Builds the graph with {@code outputs}, in order; the builder cannot be used afterwards. */
  public Graph<ScalarOp> build(ScalarValue... outputs) {
    return build(List.of(outputs));
  }

  /** Builds the graph with {@code outputs}, in order; the builder cannot be used afterwards. */
  public Graph<ScalarOp> build(List<ScalarValue> outputs) {
    for (ScalarValue output : outputs) {
      graph.output(own(output).ref());
    }
    return graph.build();
  }

  private ScalarValue apply(ScalarOp op, ScalarValue... operands) {
    ValueRef[] refs = new ValueRef[operands.length];
    for (int i = 0; i < operands.length; i++) {
      refs[i] = own(operands[i]).ref();
    }
    return new ScalarValue(this, graph.apply(op, refs));
  }

  private ScalarValue own(ScalarValue value) {
    Objects.requireNonNull(value, "value");
    if (value.builder() != this) {
      throw new IllegalArgumentException(value + " belongs to another ScalarBuilder");
    }
    return value;
  }
}

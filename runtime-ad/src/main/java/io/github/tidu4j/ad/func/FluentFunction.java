package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.graph.ConstantInput;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.ValueKey;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * A function written with a typed set's generated fluent values, traced through the set's
 * generated builder: its inputs are keyed {@code x} (or {@code x0, x1, …}) and take the types it is
 * staged for. A set with an abstract type and a domain constant generates {@code
 * XValue.traceable(body)}, which makes one, so a function over values of the user's own class goes
 * to {@link Transforms} and a {@link FunctionCache} as a lambda, with no {@link Traceable} written
 * by hand:
 *
 * <pre>{@code
 * Traceable<VecsOp, Len, Vec> f = VecsValue.traceable((u, v) -> u.sin().mul(v));
 * FunctionCache<VecsOp, Len, Vec> cache = new FunctionCache<>(Vecs.DOMAIN, VecsEvaluator::new, 64);
 * List<Vec> y = cache.call(f, List.of(u0, v0));
 * List<Vec> yAndTangent = cache.call(Transforms.jvp(f, 0), List.of(u0, v0, du));
 * }</pre>
 *
 * <p>What the body writes as a number or closes over, which the set's builder makes a constant
 * input (a {@link io.github.tidu4j.graph.ConstantInput}, as the tensor set's {@code x.add(2.0)}
 * does), is a constant of the function: its programs bind it themselves, and no transform
 * differentiates it.
 *
 * <p>Two are equal when they wrap the same body object, with the same number of inputs, through
 * the same set: transforms of a function made once share its cached programs. A body is traced
 * when a transform of it is first staged for its input types, and what it reads is fixed then, as
 * for every traced function ({@code TensorAutodiff}'s class documentation says more).
 *
 * @param <P> the primitive set
 * @param <T> the set's abstract type
 * @param <V> the set's values
 * @param <X> the set's fluent value
 */
public final class FluentFunction<P extends Primitive<P, ?>, T, V, X>
    implements Traceable<P, T, V> {

  /**
   * How a set's generated fluent API builds a graph: what {@code XValue.traceable} hands a {@link
   * FluentFunction}. Generated; a user has no need to write one.
   *
   * @param <P> the primitive set
   * @param <T> the set's abstract type
   * @param <X> the set's fluent value
   * @param <B> the set's generated builder
   */
  public interface Tracer<P extends Primitive<P, ?>, T, X, B> {
    /** A new builder, for one graph. */
    B builder();

    /**
     * The key of the traced input named {@code name} ({@code x}, {@code x0}, …): {@code name}
     * itself unless the set keys its inputs by a class of its own.
     */
    default Object inputKey(String name) {
      return name;
    }

    /** Declares the input keyed {@code key} (an {@link #inputKey}) of {@code type} on {@code b}. */
    X input(B b, Object key, T type);

    /** The type of {@code value}, a value of a graph being built. */
    T typeOf(X value);

    /** Builds {@code b}'s graph with {@code outputs}, in order. */
    Graph<P> build(B b, List<X> outputs);
  }

  /** What {@link #body} is: which of the three factories made this function. */
  private enum Kind {
    UNARY,
    BINARY,
    LISTS
  }

  private final Tracer<P, T, X, ?> tracer;
  private final Object body;
  private final Kind kind;
  private final int arity;
  /** What messages call it: {@code f} unless {@link #named}. */
  private final String name;

  private FluentFunction(Tracer<P, T, X, ?> tracer, Object body, Kind kind, int arity) {
    this(tracer, body, kind, arity, "f");
  }

  private FluentFunction(
      Tracer<P, T, X, ?> tracer, Object body, Kind kind, int arity, String name) {
    this.tracer = Objects.requireNonNull(tracer, "tracer");
    this.body = Objects.requireNonNull(body, "body");
    this.kind = kind;
    this.arity = arity;
    this.name = name;
  }

  /** A function of one input: {@code body} from the traced input to the output. */
  public static <P extends Primitive<P, ?>, T, V, X> FluentFunction<P, T, V, X> unary(
      Tracer<P, T, X, ?> tracer, UnaryOperator<X> body) {
    return new FluentFunction<>(tracer, body, Kind.UNARY, 1);
  }

  /** A function of two inputs: {@code body} from the traced inputs to the output. */
  public static <P extends Primitive<P, ?>, T, V, X> FluentFunction<P, T, V, X> binary(
      Tracer<P, T, X, ?> tracer, BinaryOperator<X> body) {
    return new FluentFunction<>(tracer, body, Kind.BINARY, 2);
  }

  /**
   * A function of {@code arity} inputs and any number of outputs: {@code body} from the list of
   * traced inputs to the list of outputs.
   *
   * @throws IllegalArgumentException if {@code arity} is negative
   */
  public static <P extends Primitive<P, ?>, T, V, X> FluentFunction<P, T, V, X> of(
      Tracer<P, T, X, ?> tracer, int arity, Function<List<X>, List<X>> body) {
    if (arity < 0) {
      throw new IllegalArgumentException("a function has no negative number of inputs: " + arity);
    }
    return new FluentFunction<>(tracer, body, Kind.LISTS, arity);
  }

  @Override
  public int arity() {
    return arity;
  }

  @Override
  public Staged<P, T, V> stage(List<T> inputTypes) {
    Traceable.checkArity(this, inputTypes);
    return stage(tracer, inputTypes);
  }

  private <B> Staged<P, T, V> stage(Tracer<P, T, X, B> tracer, List<T> inputTypes) {
    B b = tracer.builder();
    List<X> args = new ArrayList<>(arity);
    List<ValueKey.Input> inputs = new ArrayList<>(arity);
    for (int i = 0; i < arity; i++) {
      Object key = tracer.inputKey(arity == 1 ? "x" : "x" + i);
      args.add(tracer.input(b, key, inputTypes.get(i)));
      inputs.add(ValueKey.input(key));
    }
    List<X> outs = invoke(args);
    if (outs == null) {
      throw new IllegalArgumentException(describe() + " returned null instead of its outputs");
    }
    List<T> outputTypes = new ArrayList<>(outs.size());
    for (int i = 0; i < outs.size(); i++) {
      X out = outs.get(i);
      if (out == null) {
        throw new IllegalArgumentException(describe() + " returned null as output " + i);
      }
      outputTypes.add(tracer.typeOf(out));
    }
    Graph<P> g = tracer.build(b, outs);
    return new Staged<>(
        List.of(g), inputs, inputTypes, g.outputKeys(), outputTypes, constants(g), Map.of());
  }

  /**
   * The inputs of {@code g} keyed by a {@link ConstantInput}, each with its value: what the body
   * closed over or wrote as a number (the tensor set's {@code x.add(2.0)}), which its set's builder
   * made a constant input. A program of the function binds them itself.
   */
  @SuppressWarnings("unchecked")
  private Map<ValueKey.Input, V> constants(Graph<P> g) {
    Map<ValueKey.Input, V> constants = new LinkedHashMap<>();
    for (Object key : g.inputKeys()) {
      if (key instanceof ConstantInput<?> constant) {
        constants.put(ValueKey.input(key), (V) constant.value());
      }
    }
    return constants;
  }

  @SuppressWarnings("unchecked")
  private List<X> invoke(List<X> args) {
    return switch (kind) {
      case UNARY -> Collections.singletonList(((UnaryOperator<X>) body).apply(args.get(0)));
      case BINARY ->
          Collections.singletonList(((BinaryOperator<X>) body).apply(args.get(0), args.get(1)));
      case LISTS -> ((Function<List<X>, List<X>>) body).apply(Traceable.inputs(this, args));
    };
  }

  @Override
  public String describe() {
    return name;
  }

  /**
   * This function under the name {@code name} in descriptions and messages ({@code grad(loss)}),
   * where it is otherwise {@code f}. It is the same function: equal to this one, so the two share
   * cached programs.
   *
   * @throws IllegalArgumentException if {@code name} is blank
   */
  public FluentFunction<P, T, V, X> named(String name) {
    return new FluentFunction<>(tracer, body, kind, arity, FunctionNames.check(name, describe()));
  }

  @Override
  public Class<?> origin() {
    return body.getClass();
  }

  // by identity: a body's own equals could call two different functions equal; the name is for
  // messages only
  @Override
  public boolean equals(Object o) {
    return o instanceof FluentFunction<?, ?, ?, ?> f
        && f.body == body
        && f.kind == kind
        && f.arity == arity
        && f.tracer.getClass() == tracer.getClass();
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(body) * 31 + arity;
  }

  @Override
  public String toString() {
    return "FluentFunction[" + arity + " input" + (arity == 1 ? "" : "s") + ", " + body + "]";
  }
}

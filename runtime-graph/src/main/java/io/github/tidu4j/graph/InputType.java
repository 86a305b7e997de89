package io.github.tidu4j.graph;

import java.util.Objects;
import java.util.function.Function;

/**
 * The declared type of a graph input, which every program compiled from the graph checks each value
 * bound to that input against, so a value of another shape or dtype is refused at the binding,
 * naming the input, instead of being computed on (an elementwise program would silently give a
 * result of the value's shape) or failing inside a kernel far from the mistake.
 *
 * <p>The runtime knows nothing of what a type is: it holds the set's abstract type ({@code
 * TensorType} for the tensor set), the class of the set's values, and how to read a value's type.
 * Two input types are equal when their types and value classes are. A typed set's generated
 * builder declares its inputs with one ({@code TensorBuilder.input(key, type)}); {@link
 * GraphBuilder#input(Object)} declares an untyped input, which takes any value.
 *
 * <p>A linearized graph's tangent inputs take the type of the input they are the tangent of; the
 * cotangent seeds of a transposed graph are untyped (a pass does not know its outputs' types).
 *
 * <pre>{@code
 * InputType f64x3 = InputType.of("f64[3]", double[].class, v -> "f64[" + v.length + "]");
 * ValueRef x = graph.input("x", f64x3);
 * }</pre>
 */
public final class InputType {
  private final Object type;
  private final Class<?> valueClass;
  private final Function<Object, ?> typeOf;

  private InputType(Object type, Class<?> valueClass, Function<Object, ?> typeOf) {
    this.type = type;
    this.valueClass = valueClass;
    this.typeOf = typeOf;
  }

  /**
   * The input type {@code type}, for values of {@code valueClass} whose type {@code typeOf} reads.
   *
   * @param type the declared type, compared with {@code equals} to each bound value's
   * @param valueClass the class every bound value must be an instance of
   * @param typeOf a bound value's type; called only on instances of {@code valueClass}
   */
  @SuppressWarnings("unchecked")
  public static <T, V> InputType of(
      T type, Class<V> valueClass, Function<? super V, ? extends T> typeOf) {
    return new InputType(
        Objects.requireNonNull(type, "type"),
        Objects.requireNonNull(valueClass, "valueClass"),
        (Function<Object, ?>) Objects.requireNonNull(typeOf, "typeOf"));
  }

  /** The declared type. */
  public Object type() {
    return type;
  }

  /** The class every value bound to the input must be an instance of. */
  public Class<?> valueClass() {
    return valueClass;
  }

  /** Whether {@code value} (not null) is of this type. */
  public boolean admits(Object value) {
    return valueClass.isInstance(value) && type.equals(typeOf.apply(value));
  }

  /**
   * The error for {@code value}, bound to input {@code key} and not of this type: what it is and
   * what the input takes.
   */
  GraphException mismatch(Object key, Object value) {
    String actual =
        valueClass.isInstance(value)
            ? String.valueOf(typeOf.apply(value))
            : "a " + value.getClass().getName() + ", not a " + valueClass.getName();
    return new GraphException(
        "input "
            + ValueDescription.text(key)
            + " is bound to "
            + actual
            + ", but its graph declares it "
            + type
            + "; bind a value of that type, or build and compile the graph for this one");
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof InputType other && type.equals(other.type) && valueClass == other.valueClass;
  }

  @Override
  public int hashCode() {
    return type.hashCode() * 31 + valueClass.hashCode();
  }

  /** The declared type, as its {@code toString} prints it. */
  @Override
  public String toString() {
    return String.valueOf(type);
  }
}

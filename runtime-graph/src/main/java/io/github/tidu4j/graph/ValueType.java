package io.github.tidu4j.graph;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The declared type of a graph's input or output. Every program compiled from the graph checks
 * each value bound to a typed input against its type, so a value of another shape or dtype is
 * refused at the binding, naming the input, instead of being computed on (an elementwise program
 * would silently give a result of the value's shape) or failing inside a kernel far from the
 * mistake. An output's type is what the transforms give the values derived from it.
 *
 * <p>The runtime knows nothing of what a type is: it holds the set's abstract type ({@code
 * TensorType} for the tensor set), the class of the set's values, and how to read a value's type.
 * Two value types are equal when their types and value classes are. A typed set's generated
 * builder declares its inputs and outputs with one ({@code TensorBuilder.input(key, type)}, {@code
 * build(outputs)}); {@link GraphBuilder#input(Object)} and {@link GraphBuilder#output(ValueRef)}
 * declare untyped ones, and an untyped input takes any value.
 *
 * <p>The transforms carry the types: a linearized graph's tangent inputs take the type of the
 * input they are the tangent of, and its outputs that of the output they are the tangent of; a
 * transposed graph's cotangent seeds take the type of the linear output each is the cotangent of,
 * and its outputs that of the linear input. A value whose type no graph declares stays untyped.
 *
 * <p>A value has one type. {@link Graphs#resolve} refuses a view whose graphs declare one at two:
 * an input declared with two types, or a value of another graph taken at a type other than the
 * one that graph declares for it ({@link GraphBuilder#declareType}, which a typed set's {@code
 * value(ref, type)} calls). A program checks a binding of an input it does not read (an {@linkplain
 * CompiledProgram#unusedInputKeys() unused input}) against its type too.
 *
 * <pre>{@code
 * ValueType f64x3 = ValueType.of("f64[3]", double[].class, v -> "f64[" + v.length + "]");
 * ValueRef x = graph.input("x", f64x3);
 * }</pre>
 */
public final class ValueType {
  private final Object type;
  private final Class<?> valueClass;
  private final Function<Object, ?> typeOf;

  private ValueType(Object type, Class<?> valueClass, Function<Object, ?> typeOf) {
    this.type = type;
    this.valueClass = valueClass;
    this.typeOf = typeOf;
  }

  /**
   * The value type {@code type}, for values of {@code valueClass} whose type {@code typeOf} reads.
   *
   * @param type the declared type, compared with {@code equals} to each bound value's
   * @param valueClass the class every bound value must be an instance of
   * @param typeOf a bound value's type; called only on instances of {@code valueClass}
   */
  @SuppressWarnings("unchecked")
  public static <T, V> ValueType of(
      T type, Class<V> valueClass, Function<? super V, ? extends T> typeOf) {
    return new ValueType(
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

  /**
   * Entry {@code i} of {@code types}, the types of {@code count} inputs or outputs kept as graphs
   * keep them (null entries untyped, a null array none typed), or empty.
   *
   * @throws IndexOutOfBoundsException if {@code i} is not in {@code [0, count)}
   */
  static Optional<ValueType> at(ValueType[] types, int i, int count) {
    Objects.checkIndex(i, count);
    return types == null ? Optional.empty() : Optional.ofNullable(types[i]);
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
    return o instanceof ValueType other && type.equals(other.type) && valueClass == other.valueClass;
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

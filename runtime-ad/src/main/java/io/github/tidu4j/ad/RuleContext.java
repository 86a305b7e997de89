package io.github.tidu4j.ad;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The rule context type of a primitive set: the {@code C} of its {@code Primitive<P, C>} ({@code
 * Void} for a set without one), read from the set's operation class, and the check that a
 * context handed to an API whose types cannot say it (an instance method of a front end generic
 * over any set) is of that type.
 *
 * <pre>{@code
 * Class<?> none = RuleContext.typeOf(Arith.class);   // Void.class
 * }</pre>
 */
public final class RuleContext {
  private static final ClassValue<Class<?>> TYPES =
      new ClassValue<>() {
        @Override
        protected Class<?> computeValue(Class<?> set) {
          return resolve(set);
        }
      };

  private RuleContext() {}

  /**
   * The context type of the set whose operation class is {@code set}: {@code Void.class} if it
   * has none, {@code Object.class} if the class leaves it a type variable.
   *
   * @throws IllegalArgumentException if {@code set} does not implement {@link Primitive}
   */
  public static Class<?> typeOf(Class<?> set) {
    Objects.requireNonNull(set, "set");
    if (!Primitive.class.isAssignableFrom(set)) {
      throw new IllegalArgumentException(set.getName() + " is not a primitive set's operation class");
    }
    return TYPES.get(set);
  }

  /**
   * {@code context}, checked to be a non-null instance of the context type of {@code set}.
   *
   * @param where the API it is given to, for the message ({@code "ScalarAutodiff.withContext"})
   * @throws NullPointerException if {@code context} is null
   * @throws IllegalArgumentException naming the set's context type if {@code context} is not one,
   *     or the set declares none
   */
  public static Object check(Class<?> set, Object context, String where) {
    Objects.requireNonNull(context, () -> where + ": the context is null; pass one of the set's"
        + " context type, or use the API without a context");
    Class<?> type = typeOf(set);
    if (type == Void.class) {
      throw new IllegalArgumentException(
          where + ": the primitive set " + set.getName() + " declares no context type"
              + " (@PrimitiveSet(context = …)), so its rules take no context, but a "
              + context.getClass().getName() + " is given");
    }
    if (!type.isInstance(context)) {
      throw new IllegalArgumentException(
          where + ": the context of primitive set " + set.getName() + " is a " + type.getName()
              + ", but a " + context.getClass().getName() + " is given");
    }
    return context;
  }

  /**
   * Walks the supertypes of {@code set}, without recursion, carrying what each type variable
   * stands for, to the {@code Primitive<P, C>} it implements, and resolves {@code C}.
   */
  private static Class<?> resolve(Class<?> set) {
    Deque<Type> pending = new ArrayDeque<>();
    Deque<Map<TypeVariable<?>, Type>> bindings = new ArrayDeque<>();
    pending.push(set);
    bindings.push(Map.of());
    while (!pending.isEmpty()) {
      Type type = pending.pop();
      Map<TypeVariable<?>, Type> bound = bindings.pop();
      Class<?> raw;
      Map<TypeVariable<?>, Type> inner = new HashMap<>();
      if (type instanceof ParameterizedType p) {
        raw = (Class<?>) p.getRawType();
        Type[] args = p.getActualTypeArguments();
        TypeVariable<?>[] params = raw.getTypeParameters();
        for (int i = 0; i < params.length; i++) {
          Type arg = args[i];
          inner.put(params[i], arg instanceof TypeVariable<?> v ? bound.getOrDefault(v, v) : arg);
        }
        if (raw == Primitive.class) {
          return rawClass(inner.get(params[1]));
        }
      } else if (type instanceof Class<?> c) {
        raw = c;
        if (raw == Primitive.class) {
          return Object.class; // a raw Primitive: any context
        }
      } else {
        continue;
      }
      if (raw.getGenericSuperclass() != null) {
        pending.push(raw.getGenericSuperclass());
        bindings.push(inner);
      }
      for (Type i : raw.getGenericInterfaces()) {
        pending.push(i);
        bindings.push(inner);
      }
    }
    return Object.class;
  }

  private static Class<?> rawClass(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p) {
      return (Class<?>) p.getRawType();
    }
    return Object.class; // a type variable left open
  }
}

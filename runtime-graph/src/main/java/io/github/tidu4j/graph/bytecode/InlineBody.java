package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.GraphOperation;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;

/**
 * A kernel computed in place of a call ({@link InlineKernels}): the kernel's own instructions, in
 * its own order, as a code of three kinds of element. An {@link #OPERAND} pushes the next operand
 * (the kernel's next parameter, read once each, in order); an {@linkplain #attributeAt attribute}
 * pushes the value of one of the operation's attribute accessors, which the kernel reads from
 * {@code this}, as a constant; any other element is an arithmetic instruction's opcode.
 *
 * <p>An attribute is read once, when a class is generated: an operation is an immutable value
 * ({@link GraphOperation}), so its accessors give the same value at every call, which is also what
 * lets the backend call one instance of each equal operation and cache classes by operations'
 * {@code equals}. An instance kernel is computed in place only for an operation whose class runs
 * the body that was read (its class does not override the kernel) and whose accessors return a
 * value; otherwise it is called, as the interpreter would call it.
 *
 * <pre>{@code
 * default double eval(double x) {
 *   return offset() - x; // code: attribute 0, OPERAND, DSUB
 * }
 * }</pre>
 */
final class InlineBody {
  /** The element that pushes the next operand. */
  static final int OPERAND = -1;

  private final int[] code;
  private final int arithmetic;
  /** Each attribute's accessor, typed {@code (Object)Object}; none for a static kernel. */
  private final MethodHandle[] attributes;
  /** An instance kernel: its owner and method, which an operation's class must not override. */
  private final Class<?> owner;
  private final String method;
  private final Class<?>[] parameters;
  private final ClassValue<Boolean> runsThisBody;

  private InlineBody(
      int[] code, MethodHandle[] attributes, Class<?> owner, String method, Class<?>[] parameters) {
    this.code = code;
    this.attributes = attributes;
    this.owner = owner;
    this.method = method;
    this.parameters = parameters;
    int count = 0;
    for (int element : code) {
      count += element >= 0 ? 1 : 0;
    }
    this.arithmetic = count;
    this.runsThisBody =
        owner == null
            ? null
            : new ClassValue<>() {
              @Override
              protected Boolean computeValue(Class<?> type) {
                return runsOwnersMethod(type);
              }
            };
  }

  /** A static kernel's body. */
  static InlineBody ofStatic(int[] code) {
    return new InlineBody(code, new MethodHandle[0], null, null, null);
  }

  /** An instance kernel's body, {@code method} of {@code owner}, reading {@code attributes}. */
  static InlineBody ofInstance(
      int[] code, MethodHandle[] attributes, Class<?> owner, String method, Class<?>[] parameters) {
    return new InlineBody(code, attributes, owner, method, parameters);
  }

  /** The element that pushes attribute {@code j}. */
  static int attributeAt(int j) {
    return -2 - j;
  }

  /** The attribute an element below {@link #OPERAND} pushes. */
  static int attributeOf(int element) {
    return -2 - element;
  }

  /** The elements, in order. Not to be modified. */
  int[] code() {
    return code;
  }

  /** The number of arithmetic instructions. */
  int arithmeticCount() {
    return arithmetic;
  }

  /** The number of attribute values the code pushes: one accessor read each. */
  int attributeCount() {
    return attributes.length;
  }

  /** Whether the first element pushes the first operand: nothing is pushed before it. */
  boolean operandFirst() {
    return code.length > 0 && code[0] == OPERAND;
  }

  /** Whether the kernel is an instance kernel, whose operations must be checked ({@link #values}). */
  boolean readsOperation() {
    return owner != null;
  }

  /**
   * The values of the attributes {@code operation}'s kernel reads, in attribute order (boxed
   * {@code Integer}, {@code Long}, {@code Float} or {@code Double}), or null if the operation's
   * kernel must be called: its class overrides the kernel, or an accessor throws (anything but
   * {@link OutOfMemoryError}) or gives null.
   */
  Object[] values(GraphOperation operation) {
    if (!runsThisBody.get(operation.getClass())) {
      return null;
    }
    Object[] values = new Object[attributes.length];
    for (int j = 0; j < values.length; j++) {
      try {
        values[j] = (Object) attributes[j].invokeExact((Object) operation);
      } catch (OutOfMemoryError e) {
        throw e; // the heap's, not the accessor's
      } catch (Throwable e) {
        // the call, when it runs, gives the accessor's failure as every other tier does (an
        // accessor that recurses without end: the interpreter's message for a stack overflow)
        return null;
      }
      if (values[j] == null) {
        return null;
      }
    }
    return values;
  }

  /**
   * Whether a call of the kernel on an instance of {@code type} runs the owner's method: no class
   * between {@code type} and the owner declares the method, nor (for an interface owner) does a
   * more specific interface.
   */
  private boolean runsOwnersMethod(Class<?> type) {
    if (!owner.isAssignableFrom(type)) {
      return false;
    }
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      Method declared = declared(c);
      if (declared != null) { // a class's method is chosen before any interface's
        return c == owner;
      }
      if (c == owner) {
        return false; // the owner class does not declare it: not the method that was read
      }
    }
    try { // an interface owner: the most specific default method (Class.getMethod picks it)
      return type.getMethod(method, parameters).getDeclaringClass() == owner;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /** {@code c}'s own instance method of the kernel's name and parameters, or null. */
  private Method declared(Class<?> c) {
    try {
      Method m = c.getDeclaredMethod(method, parameters);
      return Modifier.isStatic(m.getModifiers()) || Modifier.isPrivate(m.getModifiers()) ? null : m;
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  @Override
  public String toString() {
    return "InlineBody" + Arrays.toString(code);
  }
}

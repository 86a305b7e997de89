package io.github.tidu4j.processor.model;

import java.util.Locale;
import java.util.Set;
import javax.lang.model.SourceVersion;

/**
 * How generated names derive from a primitive's name, and which names are taken. The rules are
 * simple and visible: {@code SinCos} gives the constant {@code SIN_COS}, the method {@code sinCos}
 * and the nested class {@code SinCosOp}; a leading acronym is lower-cased whole ({@code FFTShift}
 * gives {@code fftShift}).
 */
public final class Names {
  private Names() {}

  /** Methods of {@code io.github.tidu4j.ad.rules.Emitter} an emitter method must not redeclare. */
  public static final Set<String> EMITTER_METHODS =
      Set.of("builder", "fixed", "fixedMulti", "sum", "multilinear", "multilinearMulti");

  /**
   * Public methods of the generated fluent value class ({@code RealValue}) a primitive's value
   * method must not take: a primitive with inputs becomes a method of that name on the value.
   */
  public static final Set<String> VALUE_METHODS = Set.of("builder", "ref");

  /** {@link #VALUE_METHODS} of a set with an abstract type, whose values also have {@code type()}. */
  public static final Set<String> TYPED_VALUE_METHODS = Set.of("builder", "ref", "type");

  /**
   * Methods of the generated eager value class ({@code EagerReal}, with those it inherits from
   * {@code EagerValue}) a primitive's eager method must not take: a primitive with inputs becomes
   * a method of that name on the eager value too.
   */
  public static final Set<String> EAGER_METHODS =
      Set.of(
          "runtime", "key", "value", "requiresGrad", "isLeaf", "segment", "grad", "clearGrad",
          "backward", "detach", "self", "newRuntime");

  /**
   * Public methods of the generated fluent builder class ({@code RealBuilder}) a nullary
   * primitive's builder method must not take.
   */
  public static final Set<String> BUILDER_METHODS =
      Set.of("create", "on", "graph", "input", "value", "build");

  /** Methods every object has. */
  public static final Set<String> OBJECT_METHODS =
      Set.of(
          "equals", "hashCode", "toString", "getClass", "notify", "notifyAll", "wait", "clone",
          "finalize");

  /**
   * Methods of the generated operation class (and the interfaces it implements) that an operation
   * factory, an attribute or an inherited default method must not redeclare.
   */
  public static final Set<String> OPERATION_METHODS =
      Set.of(
          "opcode", "inputArity", "outputArity", "name", "add", "zerosLike", "scaleBy",
          "isMultilinear", "eval", "jvp", "transpose", "canonical",
          "hasTaylorRule", "taylor", "operandType");

  /** Static fields of the generated operation class that primitive constants must not take. */
  public static final Set<String> RESERVED_CONSTANTS = Set.of("INTERNER");

  /** {@code SinCos} to {@code sinCos}; {@code FFTShift} to {@code fftShift}; {@code FFT} to {@code fft}. */
  public static String lowerCamel(String name) {
    int upper = 0;
    while (upper < name.length() && Character.isUpperCase(name.charAt(upper))) {
      upper++;
    }
    if (upper == 0) {
      return name;
    }
    if (upper == 1 || upper == name.length()) {
      return name.substring(0, upper).toLowerCase(Locale.ROOT) + name.substring(upper);
    }
    // an acronym followed by a word: keep the word's capital (FFTShift -> fftShift)
    int end = Character.isLowerCase(name.charAt(upper)) ? upper - 1 : upper;
    return name.substring(0, end).toLowerCase(Locale.ROOT) + name.substring(end);
  }

  /** {@code SinCos} to {@code SIN_COS}; {@code FFTShift} to {@code FFT_SHIFT}; {@code Log1p} to {@code LOG1P}. */
  public static String constantCase(String name) {
    StringBuilder sb = new StringBuilder(name.length() + 4);
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean boundary =
          i > 0
              && Character.isUpperCase(c)
              && (Character.isLowerCase(name.charAt(i - 1))
                  || Character.isDigit(name.charAt(i - 1))
                  || (i + 1 < name.length() && Character.isLowerCase(name.charAt(i + 1))));
      if (boundary && sb.charAt(sb.length() - 1) != '_') {
        sb.append('_');
      }
      sb.append(Character.toUpperCase(c));
    }
    return sb.toString();
  }

  /** Whether {@code name} can name a type, method or field. */
  public static boolean isIdentifier(String name) {
    return SourceVersion.isIdentifier(name) && !SourceVersion.isKeyword(name);
  }
}

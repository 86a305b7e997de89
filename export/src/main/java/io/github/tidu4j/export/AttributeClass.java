package io.github.tidu4j.export;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.KernelDescriptor;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * The nested class standing for one attribute-reading operation in an exported program: it
 * implements the primitive's interface (the owner of its default-method kernel), and each abstract
 * no-argument accessor returns the value the operation's own accessor returns, written as a
 * literal.
 *
 * <p>For example (the {@code @Override} annotations left out):
 *
 * <pre>{@code
 * private static final class Attributes0 implements Attributed.Tagged {
 *   private static final Attributed.Bounds BOUNDS = new Attributed.Bounds(0.0, 1.0);
 *   private static final long[] IDS = new long[] {7L, 8L};
 *
 *   public Attributed.Bounds bounds() {
 *     return BOUNDS;
 *   }
 *
 *   public long[] ids() {
 *     return IDS.clone();
 *   }
 *
 *   public float gain() {
 *     return 2.0F;
 *   }
 * }
 * }</pre>
 *
 * <p>Values: primitives and boxed primitives (non-finite floating point values from their raw
 * bits), {@code String}s, enum constants, arrays of values and public records of values (rebuilt
 * through their canonical constructor, component by component). A primitive or a string is
 * returned as a literal; an array or a record is built once, in a static final field, and an
 * array is returned as a copy, as generated operations copy theirs out. Anything else (null, an
 * operation, a list, a record that the exported package cannot see) fails with an error naming
 * the primitive and the attribute.
 */
final class AttributeClass {
  /** How deeply records and arrays may nest inside one attribute value. */
  static final int MAX_DEPTH = 32;

  private static final Map<Class<?>, Class<?>> UNBOXED =
      Map.of(
          Double.class, double.class,
          Float.class, float.class,
          Long.class, long.class,
          Integer.class, int.class,
          Short.class, short.class,
          Byte.class, byte.class,
          Character.class, char.class,
          Boolean.class, boolean.class);

  private AttributeClass() {}

  /**
   * The class {@code name} implementing {@code owner} with {@code op}'s attribute values.
   *
   * @throws GraphException naming the primitive and the attribute if an abstract method of {@code
   *     owner} takes arguments, cannot be read, or returns a value no literal can write
   */
  static TypeSpec of(String name, Class<?> owner, GraphOperation op, KernelDescriptor k) {
    TypeSpec.Builder b =
        TypeSpec.classBuilder(name)
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
            .addSuperinterface(ClassName.get(owner))
            .addJavadoc("The attributes of {@code $L}.\n", SourceExport.javadocText(op));
    Method[] methods = owner.getMethods();
    Arrays.sort(methods, (x, y) -> x.getName().compareTo(y.getName()));
    Set<String> fields = new HashSet<>();
    for (Method m : methods) {
      if (!java.lang.reflect.Modifier.isAbstract(m.getModifiers())) {
        continue;
      }
      if (m.getParameterCount() != 0) {
        throw new GraphException(
            k.primitiveName() + ": abstract method " + m.getName() + " of " + owner.getName()
                + " takes arguments; only attribute accessors can be exported");
      }
      Class<?> type = m.getReturnType();
      Object value = read(m, op, k, m.getName());
      CodeBlock literal = new Literal(k, m.getName()).of(type, value, 0);
      MethodSpec.Builder accessor =
          MethodSpec.methodBuilder(m.getName())
              .addAnnotation(Override.class)
              .addModifiers(Modifier.PUBLIC)
              .returns(type);
      if (value.getClass().isArray() || value.getClass().isRecord()) {
        String field = SourceExport.unique(SourceExport.sanitise(m.getName()), fields);
        b.addField(
            FieldSpec.builder(
                    TypeName.get(type), field, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer(literal)
                .build());
        accessor.addStatement(type.isArray() ? "return $N.clone()" : "return $N", field);
      } else {
        accessor.addStatement("return $L", literal);
      }
      b.addMethod(accessor.build());
    }
    return b.build();
  }

  /** {@code accessor}'s value on {@code target}; {@code what} names it in errors. */
  private static Object read(Method accessor, Object target, KernelDescriptor k, String what) {
    try {
      accessor.setAccessible(true);
      return accessor.invoke(target);
    } catch (IllegalAccessException | InvocationTargetException | RuntimeException e) {
      throw new GraphException(
          k.primitiveName() + ": cannot read attribute " + what + " of " + target + ": " + e);
    }
  }

  /** Writes the literals of one attribute, named in its errors. */
  private record Literal(KernelDescriptor k, String attribute) {

    /** {@code value}, of declared type {@code type}, as a Java expression. */
    CodeBlock of(Class<?> type, Object value, int depth) {
      if (value == null) {
        throw unsupported(type, "holds null");
      }
      if (depth > MAX_DEPTH) {
        throw unsupported(type, "nests records or arrays more than " + MAX_DEPTH + " deep");
      }
      Class<?> primitive = type.isPrimitive() ? type : UNBOXED.get(type);
      if (primitive != null) {
        return primitive(primitive, value);
      }
      if (value instanceof String text) {
        return CodeBlock.of("$S", text);
      }
      if (value instanceof Enum<?> constant) {
        return CodeBlock.of("$T.$N", constant.getDeclaringClass(), constant.name());
      }
      if (value.getClass().isArray()) {
        return array(value.getClass(), value, depth);
      }
      if (value.getClass().isRecord()) {
        return record(value, depth);
      }
      throw unsupported(type, "is a " + value.getClass().getName());
    }

    private CodeBlock primitive(Class<?> t, Object value) {
      if (t == double.class) {
        double d = (Double) value;
        if (Double.isNaN(d) || Double.isInfinite(d)) {
          return CodeBlock.of(
              "Double.longBitsToDouble(0x$LL)", Long.toHexString(Double.doubleToRawLongBits(d)));
        }
        return CodeBlock.of("$L", Double.toString(d));
      }
      if (t == float.class) {
        float f = (Float) value;
        if (Float.isNaN(f) || Float.isInfinite(f)) {
          return CodeBlock.of(
              "Float.intBitsToFloat(0x$L)", Integer.toHexString(Float.floatToRawIntBits(f)));
        }
        return CodeBlock.of("$LF", Float.toString(f));
      }
      if (t == int.class || t == boolean.class) {
        return CodeBlock.of("$L", value);
      }
      if (t == long.class) {
        return CodeBlock.of("$LL", value);
      }
      if (t == short.class || t == byte.class) {
        return CodeBlock.of("($T) $L", t, value);
      }
      return CodeBlock.of("(char) $L", (int) (Character) value);
    }

    private CodeBlock array(Class<?> type, Object value, int depth) {
      Class<?> element = type.getComponentType();
      CodeBlock.Builder b = CodeBlock.builder().add("new $T {", TypeName.get(type));
      for (int i = 0; i < Array.getLength(value); i++) {
        b.add(i == 0 ? "" : ", ").add(of(element, Array.get(value, i), depth + 1));
      }
      return b.add("}").build();
    }

    private CodeBlock record(Object value, int depth) {
      Class<?> type = value.getClass();
      for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
        if (!java.lang.reflect.Modifier.isPublic(c.getModifiers())) {
          throw unsupported(
              type, "is a record that is not public (nor every class enclosing it), so exported "
                  + "code cannot build it");
        }
      }
      RecordComponent[] components = type.getRecordComponents();
      Class<?>[] types = new Class<?>[components.length];
      for (int i = 0; i < components.length; i++) {
        types[i] = components[i].getType();
      }
      try {
        int access = type.getDeclaredConstructor(types).getModifiers();
        if (!java.lang.reflect.Modifier.isPublic(access)) {
          throw unsupported(type, "is a record whose canonical constructor is not public");
        }
      } catch (NoSuchMethodException e) {
        throw new IllegalStateException(type + " has no canonical constructor", e);
      }
      CodeBlock.Builder b = CodeBlock.builder().add("new $T(", type);
      for (int i = 0; i < components.length; i++) {
        Object part = read(components[i].getAccessor(), value, k, attribute);
        b.add(i == 0 ? "" : ", ").add(of(types[i], part, depth + 1));
      }
      return b.add(")").build();
    }

    private GraphException unsupported(Class<?> type, String problem) {
      return new GraphException(
          k.primitiveName() + ": attribute " + attribute + " (" + type.getTypeName() + ") "
              + problem + "; exported attributes are primitives, boxed primitives, Strings, enum "
              + "constants, arrays of them and public records of them, none null");
    }
  }
}

package io.github.tidu4j.export;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.KernelDescriptor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import javax.lang.model.element.Modifier;

/**
 * The nested class standing for one attribute-reading operation in an exported program: it
 * implements the primitive's interface (the owner of its default-method kernel), and each abstract
 * no-argument accessor returns a literal of the value the operation's own accessor returns.
 *
 * <pre>{@code
 * private static final class Attributes0 implements Affine.Scale {
 *   @Override
 *   public double factor() {
 *     return 0.5;
 *   }
 * }
 * }</pre>
 */
final class AttributeClass {
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
    for (Method m : methods) {
      if (!java.lang.reflect.Modifier.isAbstract(m.getModifiers())) {
        continue;
      }
      if (m.getParameterCount() != 0) {
        throw new GraphException(
            k.primitiveName() + ": abstract method " + m.getName() + " of " + owner.getName()
                + " takes arguments; only attribute accessors can be exported");
      }
      Object value;
      try {
        m.setAccessible(true);
        value = m.invoke(op);
      } catch (IllegalAccessException | InvocationTargetException | RuntimeException e) {
        throw new GraphException(
            k.primitiveName() + ": cannot read attribute " + m.getName() + " of " + op + ": " + e);
      }
      b.addMethod(
          MethodSpec.methodBuilder(m.getName())
              .addAnnotation(Override.class)
              .addModifiers(Modifier.PUBLIC)
              .returns(m.getReturnType())
              .addStatement("return $L", literal(k, m, value))
              .build());
    }
    return b.build();
  }

  private static CodeBlock literal(KernelDescriptor k, Method m, Object value) {
    Class<?> t = m.getReturnType();
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
    if (t == char.class) {
      return CodeBlock.of("(char) $L", (int) (Character) value);
    }
    if (t == String.class && value != null) {
      return CodeBlock.of("$S", value);
    }
    if (t.isEnum() && value != null) {
      return CodeBlock.of("$T.$N", t, ((Enum<?>) value).name());
    }
    throw new GraphException(
        k.primitiveName() + ": attribute " + m.getName() + " is a " + t.getName()
            + (value == null ? " holding null" : "")
            + "; exported attributes are primitives, non-null Strings and enum constants");
  }
}

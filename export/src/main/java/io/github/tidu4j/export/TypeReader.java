package io.github.tidu4j.export;

import com.palantir.javapoet.ClassName;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Objects;

/**
 * A public static field whose {@code typeOf} method reads a value's type: how an exported class
 * checks the values bound to its typed inputs ({@link SourceExport#withTypeReader}).
 *
 * @param owner the class declaring the field
 * @param field the field's name
 */
record TypeReader(ClassName owner, String field) {
  /**
   * The reader {@code owner.field}, checked: public, static, with a public {@code typeOf} method
   * taking values of {@code operandType}.
   *
   * @throws IllegalArgumentException saying what is missing
   */
  static TypeReader of(Class<?> owner, String field, Class<?> operandType) {
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(field, "field");
    if (!Modifier.isPublic(owner.getModifiers())) {
      throw new IllegalArgumentException(
          owner.getName() + " is not public, so an exported class cannot read its field " + field);
    }
    Field f;
    try {
      f = owner.getField(field);
    } catch (NoSuchFieldException e) {
      throw new IllegalArgumentException(
          owner.getName() + " has no public field " + field + " to read values' types with", e);
    }
    if (!Modifier.isStatic(f.getModifiers())) {
      throw new IllegalArgumentException(
          owner.getName() + "." + field + " is not static, so an exported class cannot read it");
    }
    Class<?> value = operandType.isPrimitive() ? boxed(operandType) : operandType;
    for (Method m : f.getType().getMethods()) {
      if (m.getName().equals("typeOf")
          && m.getParameterCount() == 1
          && !Modifier.isStatic(m.getModifiers())
          && m.getParameterTypes()[0].isAssignableFrom(value)) {
        return new TypeReader(ClassName.get(owner), field);
      }
    }
    throw new IllegalArgumentException(
        owner.getName() + "." + field + " (a " + f.getType().getName() + ") has no public method"
            + " typeOf taking a " + value.getName() + " to read a value's type with");
  }

  private static Class<?> boxed(Class<?> primitive) {
    return java.lang.invoke.MethodType.methodType(primitive).wrap().returnType();
  }
}

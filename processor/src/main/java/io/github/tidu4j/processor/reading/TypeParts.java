package io.github.tidu4j.processor.reading;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * The types a type is made of: itself, an array's component, a declared type's type arguments, and
 * so on down, breadth first. Iterative, so nesting depth is not limited by the stack; what a reader
 * checks about a type (that it exists, that generated code can name it, whether it is deprecated)
 * holds for each of its parts.
 */
final class TypeParts {
  private TypeParts() {}

  /** {@code type} and the types it is made of, breadth first. */
  static List<TypeMirror> of(TypeMirror type) {
    List<TypeMirror> parts = new ArrayList<>(List.of(type));
    for (int i = 0; i < parts.size(); i++) {
      TypeMirror t = parts.get(i);
      if (t.getKind() == TypeKind.ARRAY) {
        parts.add(((ArrayType) t).getComponentType());
      } else if (t.getKind() == TypeKind.DECLARED) {
        parts.addAll(((DeclaredType) t).getTypeArguments());
      }
    }
    return parts;
  }
}

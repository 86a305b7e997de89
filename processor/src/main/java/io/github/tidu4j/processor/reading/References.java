package io.github.tidu4j.processor.reading;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * What the types and elements a set's generated code refers to look like from that code: whether
 * it can reach them from the set's package, whether they are deprecated, and which names of the
 * package shadow {@code java.lang}. Records what it sees; the validators and writers decide what
 * follows from it.
 */
final class References {
  private final Elements elements;
  private final String packageName;
  private boolean deprecated;
  private boolean forRemoval;

  References(Elements elements, String packageName) {
    this.elements = elements;
    this.packageName = packageName;
  }

  /**
   * The type {@code type} names (itself, an array's component, a type argument) that code in the
   * set's package cannot name, as written: a private type or one nested in a private type, or a
   * type of another package that is not public (or is nested in one that is not).
   */
  Optional<String> inaccessible(TypeMirror type) {
    ArrayDeque<TypeMirror> pending = new ArrayDeque<>(List.of(type));
    while (!pending.isEmpty()) {
      TypeMirror t = pending.poll();
      if (t.getKind() == TypeKind.ARRAY) {
        pending.add(((ArrayType) t).getComponentType());
      } else if (t.getKind() == TypeKind.DECLARED) {
        DeclaredType declared = (DeclaredType) t;
        if (!reachable((TypeElement) declared.asElement())) {
          return Optional.of(TypeInspector.display(declared));
        }
        pending.addAll(declared.getTypeArguments());
      }
    }
    return Optional.empty();
  }

  private boolean reachable(TypeElement type) {
    boolean samePackage = elements.getPackageOf(type).getQualifiedName().contentEquals(packageName);
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      Set<Modifier> modifiers = e.getModifiers();
      if (modifiers.contains(Modifier.PRIVATE)
          || (!samePackage && !modifiers.contains(Modifier.PUBLIC))) {
        return false;
      }
    }
    return true;
  }

  /** Notes {@code element} (and the types enclosing it) as referred to by generated code. */
  void refersTo(Element element) {
    for (Element e = element; e != null && e.getKind() != ElementKind.PACKAGE; e = e.getEnclosingElement()) {
      if (elements.isDeprecated(e)) {
        deprecated = true;
        Deprecated annotation = e.getAnnotation(Deprecated.class);
        if (annotation != null && annotation.forRemoval()) {
          forRemoval = true;
        }
      }
    }
  }

  /** Notes the types {@code type} names as referred to by generated code. */
  void refersTo(TypeMirror type) {
    ArrayDeque<TypeMirror> pending = new ArrayDeque<>(List.of(type));
    while (!pending.isEmpty()) {
      TypeMirror t = pending.poll();
      if (t.getKind() == TypeKind.ARRAY) {
        pending.add(((ArrayType) t).getComponentType());
      } else if (t.getKind() == TypeKind.DECLARED) {
        refersTo(((DeclaredType) t).asElement());
        pending.addAll(((DeclaredType) t).getTypeArguments());
      }
    }
  }

  /** Whether an element noted so far is deprecated. */
  boolean deprecated() {
    return deprecated;
  }

  /** Whether an element noted so far is deprecated for removal. */
  boolean deprecatedForRemoval() {
    return forRemoval;
  }

  /** The simple names of the package's types that are also {@code java.lang} types. */
  Set<String> javaLangShadows() {
    Set<String> shadows = new TreeSet<>();
    PackageElement pkg = elements.getPackageElement(packageName);
    if (pkg == null) {
      return shadows;
    }
    for (Element member : pkg.getEnclosedElements()) {
      String name = member.getSimpleName().toString();
      if (member instanceof TypeElement && elements.getTypeElement("java.lang." + name) != null) {
        shadows.add(name);
      }
    }
    return shadows;
  }
}

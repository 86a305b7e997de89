package io.github.tidu4j.processor.reading;

import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
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
   * Why code in the set's package cannot name a type {@code type} names (itself, an array's
   * component, a type argument), if it cannot: the type is private or nested in a private type,
   * or belongs to another package and is not public (or is nested in a type that is not).
   */
  Optional<String> inaccessible(TypeMirror type) {
    for (TypeMirror t : TypeParts.of(type)) {
      if (t.getKind() == TypeKind.DECLARED) {
        Optional<String> why = whyUnreachable((TypeElement) ((DeclaredType) t).asElement());
        if (why.isPresent()) {
          return why;
        }
      }
    }
    return Optional.empty();
  }

  private Optional<String> whyUnreachable(TypeElement type) {
    String pkg = elements.getPackageOf(type).getQualifiedName().toString();
    boolean samePackage = pkg.equals(packageName);
    String name = type.getQualifiedName().toString();
    for (Element e = type; e instanceof TypeElement enclosing; e = e.getEnclosingElement()) {
      Set<Modifier> modifiers = e.getModifiers();
      String what = e == type ? name : name + " is nested in " + enclosing.getQualifiedName() + ", which";
      if (modifiers.contains(Modifier.PRIVATE)) {
        return Optional.of(what + " is private");
      }
      if (!samePackage && !modifiers.contains(Modifier.PUBLIC)) {
        return Optional.of(
            what + " is " + (modifiers.contains(Modifier.PROTECTED) ? "protected" : "package-private")
                + " in package " + pkg);
      }
    }
    return Optional.empty();
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
    for (TypeMirror t : TypeParts.of(type)) {
      if (t.getKind() == TypeKind.DECLARED) {
        refersTo(((DeclaredType) t).asElement());
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

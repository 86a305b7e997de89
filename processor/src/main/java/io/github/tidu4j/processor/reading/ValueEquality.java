package io.github.tidu4j.processor.reading;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Whether a type compares by value: whether two equal values of it that are distinct objects are
 * {@code equals} and hash alike, as the runtime needs of a set's abstract type, which it compares
 * and hashes. The attribute check's notion of a value ({@link TypeInspector#attribute}) less
 * immutability, which equality does not need:
 *
 * <ul>
 *   <li>primitives, boxed primitives, {@code String} and enums compare by value;
 *   <li>a record does if it declares {@code equals(Object)} and {@code hashCode()} itself, or else if
 *       each of its components does (a record compares an array component by identity);
 *   <li>a class does if it overrides both, itself or in a superclass other than {@code Object}; an
 *       abstract declaration counts, since every concrete subclass must then implement it;
 *   <li>an interface's implementations cannot all be seen, so an interface must declare both, as
 *       {@code java.util.List} does, stating that what implements it compares by value;
 *   <li>a sealed interface or abstract class that does not is judged by its permitted subtypes,
 *       which are all there are.
 * </ul>
 *
 * <p>Iterative over components and permitted subtypes, so their nesting is not limited by the stack.
 */
final class ValueEquality {
  private final Elements elements;
  private final Types types;
  /** The compilation's sources, which tell a record's written members from its implicit ones. */
  private final Optional<ValueSources> sources;

  ValueEquality(Elements elements, Types types, Optional<ValueSources> sources) {
    this.elements = elements;
    this.types = types;
    this.sources = sources;
  }

  /** Where a type was met: the type judged, a record's component, or a permitted subtype. */
  private enum Via {
    ITSELF,
    COMPONENT,
    PERMITTED
  }

  /** A type still to judge, with where it was met ({@code "component shape.dims"}). */
  private record Pending(TypeMirror type, Via via, String where) {}

  /** Why {@code type} does not compare by value, if it does not; empty if it does. */
  Optional<String> problem(TypeMirror type) {
    ArrayDeque<Pending> pending = new ArrayDeque<>(List.of(new Pending(type, Via.ITSELF, "")));
    Set<String> seen = new HashSet<>();
    while (!pending.isEmpty()) {
      Pending next = pending.poll();
      TypeMirror t = next.type();
      if (t.getKind() == TypeKind.TYPEVAR) {
        t = types.erasure(t);
      }
      String subject =
          switch (next.via()) {
            case ITSELF -> "it";
            case COMPONENT -> "its " + next.where() + ", of type " + TypeInspector.display(t) + ",";
            case PERMITTED -> "its " + next.where();
          };
      if (t.getKind().isPrimitive()) {
        continue;
      }
      if (t.getKind() == TypeKind.ARRAY) {
        return Optional.of(
            subject
                + (next.via() == Via.COMPONENT
                    ? " is an array, which a record compares by identity"
                    : " is an array, which compares by identity"));
      }
      if (t.getKind() != TypeKind.DECLARED || !seen.add(t.toString())) {
        continue; // a missing type is reported where it is named
      }
      TypeElement element = (TypeElement) types.asElement(t);
      String name = element.getQualifiedName().toString();
      if (name.equals("java.lang.String")
          || TypeInspector.BOXES.contains(name)
          || element.getKind() == ElementKind.ENUM
          || element.getKind() == ElementKind.ANNOTATION_TYPE) {
        continue;
      }
      if (element.getKind() == ElementKind.RECORD) {
        if (!writtenInRecord(element).both()) {
          for (RecordComponentElement component :
              ElementFilter.recordComponentsIn(element.getEnclosedElements())) {
            pending.add(
                new Pending(
                    TypeInspector.componentType(types, (DeclaredType) t, component),
                    Via.COMPONENT,
                    componentPath(next, component.getSimpleName().toString())));
          }
        }
        continue;
      }
      if (name.equals("java.lang.Object")) {
        return Optional.of(subject + " is Object, whose equals(Object) and hashCode() compare by identity");
      }
      boolean isInterface = element.getKind() == ElementKind.INTERFACE;
      Methods methods = isInterface ? declaredInInterfaces(element) : inherited(element);
      if (methods.both()) {
        continue;
      }
      boolean isAbstract = isInterface || element.getModifiers().contains(Modifier.ABSTRACT);
      if (isAbstract && element.getModifiers().contains(Modifier.SEALED)) {
        for (TypeMirror permitted : element.getPermittedSubclasses()) {
          String where =
              (next.via() == Via.ITSELF ? "" : next.where() + "'s ")
                  + "permitted subtype "
                  + TypeInspector.display(permitted);
          pending.add(new Pending(permitted, Via.PERMITTED, where));
        }
        continue;
      }
      return Optional.of(subject + " " + lacking(isInterface, isAbstract, methods));
    }
    return Optional.empty();
  }

  /** What a class or interface lacking {@code methods} lacks, and what follows. */
  private static String lacking(boolean isInterface, boolean isAbstract, Methods methods) {
    if (isInterface) {
      return methods.hasEquals()
          ? "is an interface that declares equals(Object) but not hashCode(), so what implements"
              + " it may hash equal types differently"
          : methods.hasHashCode()
              ? "is an interface that declares hashCode() but not equals(Object), so what"
                  + " implements it may compare by identity"
              : "is an interface that declares neither equals(Object) nor hashCode(), so what"
                  + " implements it may compare by identity";
    }
    String kind = isAbstract ? "is an abstract class" : "is a class";
    return methods.hasEquals()
        ? kind + " that overrides equals(Object) but inherits hashCode() from Object, so equal"
            + " types hash differently"
        : methods.hasHashCode()
            ? kind + " that overrides hashCode() but inherits equals(Object) from Object, which"
                + " compares by identity"
            : kind + " that inherits equals(Object) and hashCode() from Object, which compare by"
                + " identity";
  }

  /** Where a component of the type met at {@code parent} is. */
  private static String componentPath(Pending parent, String component) {
    return switch (parent.via()) {
      case ITSELF -> "component " + component;
      case COMPONENT -> parent.where() + "." + component;
      case PERMITTED -> parent.where() + "'s component " + component;
    };
  }

  /** Which of equals(Object) and hashCode() a class or a superclass other than Object declares. */
  private Methods inherited(TypeElement type) {
    Methods found = Methods.NONE;
    for (TypeElement c = type; c != null && !isObject(c); c = superclass(c)) {
      found = found.and(declared(c));
    }
    return found;
  }

  /** Which of equals(Object) and hashCode() an interface or a superinterface declares. */
  private Methods declaredInInterfaces(TypeElement type) {
    Methods found = Methods.NONE;
    ArrayDeque<TypeElement> pending = new ArrayDeque<>(List.of(type));
    Set<TypeElement> seen = new HashSet<>();
    while (!pending.isEmpty()) {
      TypeElement next = pending.poll();
      if (!seen.add(next)) {
        continue;
      }
      found = found.and(declared(next));
      for (TypeMirror superinterface : next.getInterfaces()) {
        if (superinterface.getKind() == TypeKind.DECLARED) {
          pending.add((TypeElement) types.asElement(superinterface));
        }
      }
    }
    return found;
  }

  /**
   * Which of equals(Object) and hashCode() a record's body declares. The model lists the implicit
   * ones too, as it does the written ones, but declares them {@code public final} (JLS 8.10.3).
   * For a record in a source of this compilation the source tells them apart; for one read from a
   * class file a final one counts as implicit, so such a record declaring its own final {@code
   * equals} is judged by its components.
   */
  private Methods writtenInRecord(TypeElement record) {
    return declared(record, true);
  }

  /** Which of equals(Object) and hashCode() {@code type} itself declares, as instance methods. */
  private Methods declared(TypeElement type) {
    return declared(type, false);
  }

  private Methods declared(TypeElement type, boolean skipFinal) {
    boolean equals = false;
    boolean hashCode = false;
    TypeMirror object = elements.getTypeElement("java.lang.Object").asType();
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      if (method.getModifiers().contains(Modifier.STATIC)
          || (skipFinal && method.getModifiers().contains(Modifier.FINAL) && !written(method))) {
        continue;
      }
      String name = method.getSimpleName().toString();
      if (name.equals("equals")
          && method.getParameters().size() == 1
          && types.isSameType(method.getParameters().get(0).asType(), object)) {
        equals = true;
      } else if (name.equals("hashCode") && method.getParameters().isEmpty()) {
        hashCode = true;
      }
    }
    return new Methods(equals, hashCode);
  }

  /** Whether a final member is known to be written in source rather than implicit. */
  private boolean written(ExecutableElement method) {
    return sources.flatMap(s -> s.isWritten(method)).orElse(false);
  }

  private TypeElement superclass(TypeElement type) {
    TypeMirror superclass = type.getSuperclass();
    return superclass.getKind() == TypeKind.DECLARED ? (TypeElement) types.asElement(superclass) : null;
  }

  private static boolean isObject(TypeElement type) {
    return type.getQualifiedName().contentEquals("java.lang.Object");
  }

  /** Which of equals(Object) and hashCode() were found. */
  private record Methods(boolean hasEquals, boolean hasHashCode) {
    static final Methods NONE = new Methods(false, false);

    Methods and(Methods other) {
      return new Methods(hasEquals || other.hasEquals, hasHashCode || other.hasHashCode);
    }

    boolean both() {
      return hasEquals && hasHashCode;
    }
  }
}

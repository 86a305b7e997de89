package io.github.tidu4j.processor.diagnostics;

import java.util.Objects;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * Where a diagnostic points: an element and, where it can be more precise, one of its annotations
 * and one value of that annotation. Opaque outside this package: the declaration model carries
 * locations for validators to report at, and writers, which never touch {@code javax.lang.model},
 * have no way to reach the element through it.
 */
public final class Location {
  final Element element;
  final AnnotationMirror annotation;
  final AnnotationValue value;

  private Location(Element element, AnnotationMirror annotation, AnnotationValue value) {
    this.element = Objects.requireNonNull(element, "element");
    this.annotation = annotation;
    this.value = value;
  }

  /** The element itself. */
  public static Location of(Element element) {
    return new Location(element, null, null);
  }

  /** An annotation on {@code element}. */
  public static Location of(Element element, AnnotationMirror annotation) {
    return new Location(element, annotation, null);
  }

  /** One value of an annotation on {@code element}; falls back to the annotation if absent. */
  public static Location of(Element element, AnnotationMirror annotation, AnnotationValue value) {
    return new Location(element, annotation, value);
  }

  /** Whether this points at {@code other}'s element or at an element enclosed in it. */
  public boolean isWithin(Location other) {
    for (Element e = element; e != null; e = e.getEnclosingElement()) {
      if (e.equals(other.element)) {
        return true;
      }
    }
    return false;
  }

  /** For messages in tests and logs: the element's simple name. */
  @Override
  public String toString() {
    return "Location[" + element.getSimpleName() + (annotation == null ? "" : ", @" + annotation.getAnnotationType()) + "]";
  }
}

package io.github.tidu4j.export;

import io.github.tidu4j.graph.ValueType;

/** A toy type over doubles for exported type checks: whether a value is whole or fractional. */
public final class Kinds {
  /** Reads a value's kind, as a typed set's domain constant reads a value's type. */
  public static final Reader READER = new Reader();

  /** Not a field of a class: no type reader. */
  public final Reader instanceReader = READER;

  private Kinds() {}

  /** Declared {@code kind}, read by {@link #READER}. */
  public static ValueType kind(String kind) {
    return ValueType.of(kind, Double.class, READER::typeOf);
  }

  /** What reads a value's kind. */
  public static final class Reader {
    /** {@code "whole"} or {@code "fractional"}. */
    public String typeOf(Double v) {
      return v == Math.rint(v) ? "whole" : "fractional";
    }
  }
}

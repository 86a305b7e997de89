package io.github.tidu4j.processor.model;

/** How a rule method is declared, and so how generated code can call it. */
public enum Dispatch {
  /** A static interface method: called on the primitive's interface. */
  STATIC,
  /** A default method: called on the operation, so it can read attributes. */
  DEFAULT,
  /** Abstract: nothing to call. */
  ABSTRACT,
  /** Private: not callable from generated code. */
  PRIVATE
}

package io.github.tidu4j.graph.testing;

/** A reference-typed operand for tests of evaluators: a complex number as an immutable record. */
public record Complex(double re, double im) {}

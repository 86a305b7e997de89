package io.github.tidu4j.processor.model;

import io.github.tidu4j.processor.diagnostics.Location;

/**
 * What is wrong with a constant a set declares for the generated code (its domain constant), and
 * the field to report it on.
 *
 * @param problem what is wrong, as a clause of the diagnostic
 * @param location the field
 */
public record FieldProblem(String problem, Location location) {}

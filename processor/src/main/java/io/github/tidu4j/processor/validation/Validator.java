package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.model.PrimitiveSetModel;

/** One group of checks over a set's declaration model. Never writes files. */
interface Validator {
  /** Adds what is wrong with {@code set} to {@code report}. */
  void validate(PrimitiveSetModel set, ValidationReport report);
}

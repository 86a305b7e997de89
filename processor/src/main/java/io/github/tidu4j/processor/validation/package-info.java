/**
 * The compile-time checks, one validator per concern, run by {@link
 * io.github.tidu4j.processor.validation.SetValidator} over the declaration model; every check runs
 * and adds to a {@link io.github.tidu4j.processor.validation.ValidationReport}. Validators never
 * write files.
 */
package io.github.tidu4j.processor.validation;

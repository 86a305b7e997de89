/**
 * The declaration model: immutable descriptions of a primitive set, its primitives, their
 * attributes and rules, as the reader found them in the source. Validators check it; writers
 * generate code from it once it is valid. Nothing here depends on {@code javax.lang.model} except
 * through the opaque {@link io.github.tidu4j.processor.diagnostics.Location}s validators report at.
 */
@Value.Style(
    jdkOnly = true,
    visibility = Value.Style.ImplementationVisibility.PUBLIC,
    defaults = @Value.Immutable(copy = false))
package io.github.tidu4j.processor.model;

import org.immutables.value.Value;

/**
 * What the processor reports and where: the {@link io.github.tidu4j.processor.diagnostics.Message}
 * catalogue of stable ids, opaque {@link io.github.tidu4j.processor.diagnostics.Location}s, the
 * {@link io.github.tidu4j.processor.diagnostics.Reporter}, and the {@link
 * io.github.tidu4j.processor.diagnostics.ElementGuard} that reports a processor bug on its element.
 */
package io.github.tidu4j.processor.diagnostics;

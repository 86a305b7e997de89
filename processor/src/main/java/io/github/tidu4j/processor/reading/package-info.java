/**
 * From elements to the declaration model: {@link io.github.tidu4j.processor.reading.DeclarationReader}
 * reads a set and its primitives, judging nothing, and decides only whether the set must wait for
 * types another round will generate.
 */
package io.github.tidu4j.processor.reading;

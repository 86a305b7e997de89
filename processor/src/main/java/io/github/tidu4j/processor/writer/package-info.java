/**
 * The JavaPoet writers of a valid set's generated types: {@code XOp} ({@link
 * io.github.tidu4j.processor.writer.OpWriter}), {@code XEmit}, {@code XEvaluator} and {@code
 * XKernels}. Writers read only the model; they never touch {@code javax.lang.model} elements or
 * types.
 */
package io.github.tidu4j.processor.writer;

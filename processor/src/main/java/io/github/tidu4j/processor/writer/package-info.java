/**
 * The JavaPoet writers of a valid set's generated types: {@code XOp} ({@link
 * io.github.tidu4j.processor.writer.OpWriter}), {@code XEmit}, {@code XEvaluator}, {@code
 * XKernels}, the fluent pair {@code XBuilder}/{@code XValue} ({@link
 * io.github.tidu4j.processor.writer.FluentWriter}) and the eager value {@code EagerX} ({@link
 * io.github.tidu4j.processor.writer.EagerWriter}). Writers read only the model; they never touch {@code javax.lang.model} elements or
 * types.
 */
package io.github.tidu4j.processor.writer;

/**
 * The tidu4j annotation processor: {@link io.github.tidu4j.processor.PrimitiveSetProcessor} turns
 * every {@code @PrimitiveSet} into its generated runtime code. Declarations are read into an
 * immutable model ({@code reading}, {@code model}), validated ({@code validation}) and written with
 * JavaPoet ({@code writer}); every problem is reported at its element with a stable id ({@code
 * diagnostics}).
 */
package io.github.tidu4j.processor;

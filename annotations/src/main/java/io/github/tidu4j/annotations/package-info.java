/**
 * The annotations that declare primitive sets: {@link io.github.tidu4j.annotations.PrimitiveSet}
 * on an interface, {@link io.github.tidu4j.annotations.Primitive} on each primitive nested in it,
 * and {@link io.github.tidu4j.annotations.JointKernel} on a static method of the set computing
 * several of its primitives of one argument at once. Source-retained; this module has no
 * dependencies. The repository's {@code docs/writing-rules.md} is the guide to writing primitives
 * and their rules.
 */
package io.github.tidu4j.annotations;

/**
 * Graph-based automatic differentiation, generic over primitive sets: the graph-level core every
 * other transform is built on. {@link io.github.tidu4j.ad.AD#linearize AD.linearize} (the JVP, the
 * only transform that produces derivatives) and {@link io.github.tidu4j.ad.AD#linearTranspose
 * AD.linearTranspose} (reverses a linear graph: the VJP) work on graphs and keys and return a
 * {@link io.github.tidu4j.ad.LinearizedGraph} that refers to the graphs it differentiates by key,
 * so higher orders are {@code (resolve → linearize) × n}; use them to transform graphs you build
 * and evaluate yourself, and {@code ad.func} to transform functions.
 *
 * <ul>
 *   <li>{@link io.github.tidu4j.ad.Primitive}: what a differentiable operation implements (the
 *       tidu4j processor generates it for declared primitive sets), with the untyped rule
 *       vocabulary {@link io.github.tidu4j.ad.PrimitiveBuilder} and {@link
 *       io.github.tidu4j.graph.ValueRef};
 *   <li>{@link io.github.tidu4j.ad.ADKey}, {@link io.github.tidu4j.ad.TangentKey}, {@link
 *       io.github.tidu4j.ad.CotangentSeed}: the input keys of tangents and cotangent seeds;
 *   <li>{@link io.github.tidu4j.ad.ADRuleError}, {@link io.github.tidu4j.ad.RuleKind}: a rule that
 *       is missing or breaks its contract, named with its primitive.
 * </ul>
 *
 * <p>Subpackages: {@code rules} (the typed vocabulary declared rules use), {@code check} (the
 * gradient checker), {@code func} (functional transforms: jvp, vjp, grad of traceable functions) and
 * {@code eager} (tape-based reverse mode).
 *
 * <p>The examples in this package and its subpackages use {@code RealOp} and {@code RealEmit},
 * which the processor generates from a set declared like this (the repository's {@code
 * docs/writing-rules.md} shows every rule):
 *
 * <pre>{@code
 * @PrimitiveSet(operand = double.class)
 * public interface Real {
 *   @Primitive(accumulator = true) interface Add { … }
 *   @Primitive(multilinear = true) interface Mul { … }
 *   @Primitive interface Exp { … }
 *   @Primitive interface Sin { … }
 *   @Primitive interface Cos { … }
 * }
 * }</pre>
 */
package io.github.tidu4j.ad;

import io.github.tidu4j.graph.ValueRef;

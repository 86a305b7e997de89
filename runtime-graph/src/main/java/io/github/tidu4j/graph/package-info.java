/**
 * The AD-agnostic computation-graph engine.
 *
 * <p>{@link io.github.tidu4j.graph.Graph}s are built with a {@link
 * io.github.tidu4j.graph.GraphBuilder}; every value has a global, hash-consed {@link
 * io.github.tidu4j.graph.ValueKey}, so graphs can refer to each other's values. The pipeline is
 * {@link io.github.tidu4j.graph.Graphs#resolve resolve} (a logical view, no copying) → {@link
 * io.github.tidu4j.graph.Graphs#materializeMerge materializeMerge} (flatten + CSE by key) → {@link
 * io.github.tidu4j.graph.Graphs#compile compile} (SSA with slot reuse) → {@link
 * io.github.tidu4j.graph.Interpreter#eval eval}. Nothing here recurses on graph depth.
 *
 * <p>Keys are hash-consed in one of two kinds of table: the process-wide weak table (keys of
 * graphs users build), or the {@link io.github.tidu4j.graph.KeyScope} of a transform's pass, when
 * a key depends on an input created by that pass ({@link io.github.tidu4j.graph.Graph#builder(
 * KeyScope)}); either way one instance per structure, and unreachable keys are reclaimed. A pass's
 * builder (on a scope {@linkplain io.github.tidu4j.graph.KeyScope#openConfined() confined} to its
 * thread) defers those keys: its graph holds ints until someone first asks for a key, so the next
 * transform, which reads it by node, makes none.
 *
 * <p>The fast paths of this identity core (use slots and last-use memos, scope use lists, deferred keys,
 * first definitions, the view index, logical orders, node outputs) rest on invariants numbered I1
 * to I12 in {@code docs/identity-core.md}; code that relies on one cites it, and with {@code
 * -Dtidu4j.checks=true} ({@link io.github.tidu4j.graph.Checks}) every fast path is compared with a
 * recomputation from scratch.
 *
 * <p>Errors name a value by where it comes from, never by its hash: an input by its input key, a
 * derived value by the bounded expression computing it ({@code Cos(Sin(x))}), through {@link
 * io.github.tidu4j.graph.ValueDescription}, which runs only once an error is being raised.
 *
 * <p>This package knows nothing of differentiation and names no concrete operation.
 */
package io.github.tidu4j.graph;

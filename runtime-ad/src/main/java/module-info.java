/**
 * Automatic differentiation over graphs, generic over primitives: {@code linearize}, {@code
 * linearTranspose}, the rule vocabulary generated code uses ({@code ad.rules}), the gradient
 * checker, the eager tape and the functional transforms. Reads the graph engine transitively: its
 * types are in this module's signatures.
 */
module io.github.tidu4j.ad {
  requires transitive io.github.tidu4j.graph;

  exports io.github.tidu4j.ad;
  exports io.github.tidu4j.ad.check;
  exports io.github.tidu4j.ad.eager;
  exports io.github.tidu4j.ad.func;
  exports io.github.tidu4j.ad.rules;
}

package io.github.tidu4j.ad.rules;

/**
 * The error for a rule's value used in a pass other than its own. A local value is a number in
 * the graph of the pass that made it: kept in a field and used by a later pass, it names another
 * value of that pass's graph, or none, so the emitters and the result checks refuse it rather than
 * emit a graph whose derivative is silently wrong.
 */
final class Passes {
  private Passes() {}

  static IllegalArgumentException ofAnother(Object value) {
    return new IllegalArgumentException(
        value
            + " is a value of another pass than the one emitting: a rule's values live for the"
            + " rule call that gets or makes them, so a rule keeps none in a field or cache for a"
            + " later call");
  }
}

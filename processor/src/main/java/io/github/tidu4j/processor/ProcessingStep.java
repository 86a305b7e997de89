package io.github.tidu4j.processor;

import java.util.Set;
import javax.lang.model.element.Element;

/**
 * The work for one annotation, element by element (after auto-common's {@code ProcessingStep}).
 * A step may defer an element that refers to a type not generated yet: the processor hands it
 * back next round, and the step reports it only if it is still waiting when processing is over.
 */
interface ProcessingStep {
  /** The qualified name of the annotation this step handles. */
  String annotation();

  /** Processes one element carrying the annotation (or deferred by an earlier round). */
  void process(Element element);

  /** The elements deferred to this round, fetched afresh; removes nothing. */
  Set<Element> deferred();

  /**
   * Called before a round's {@link #process} calls with every element the round hands the step
   * (those deferred to it and those newly annotated), so that one element's processing can take
   * what the others will generate into account, whatever their order.
   */
  default void beginRound(Set<Element> elements) {}

  /**
   * Called after a round's {@link #process} calls, except in the last round: a chance to stop
   * waiting for what no later round will supply.
   */
  default void endRound() {}

  /**
   * Called after {@link #process} failed unexpectedly on {@code element} (the failure is already
   * reported): a chance to leave behind what keeps the failure from cascading.
   */
  default void failed(Element element) {}

  /**
   * Reports every element still deferred; called once, in the last round. {@code endedByError}:
   * javac ran that round right after an erroneous one, without the rounds that could have
   * supplied what the elements wait for.
   */
  void reportStillDeferred(boolean endedByError);
}

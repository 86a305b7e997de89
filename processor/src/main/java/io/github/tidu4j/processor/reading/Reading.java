package io.github.tidu4j.processor.reading;

import io.github.tidu4j.processor.model.PrimitiveSetModel;
import java.util.List;
import java.util.Optional;

/**
 * The outcome of reading a set: its model, or the names it refers to that do not exist yet, which
 * another processor (or this one, for another set) may still generate in a later round.
 */
public sealed interface Reading {

  /** The set was read completely. */
  record Complete(PrimitiveSetModel model) implements Reading {}

  /**
   * The set refers to types that do not exist yet; read it again next round.
   *
   * @param missing the references to missing types
   * @param prefix the prefix of the set's generated names
   * @param despite the set read with the missing types as they stand, where its primitives could
   *     be read (not when the operand, context or abstract type is missing) and some missing name
   *     is sure ({@link MissingType#correction}): what its primitives that name no missing type
   *     declare can be checked already
   */
  record MustWait(List<MissingType> missing, String prefix, Optional<PrimitiveSetModel> despite)
      implements Reading {
    public MustWait {
      missing = List.copyOf(missing);
    }
  }
}

package io.github.tidu4j.processor.reading;

import io.github.tidu4j.processor.model.PrimitiveSetModel;
import java.util.List;

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
   */
  record MustWait(List<MissingType> missing, String prefix) implements Reading {
    public MustWait {
      missing = List.copyOf(missing);
    }
  }
}

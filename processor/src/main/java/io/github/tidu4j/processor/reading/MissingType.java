package io.github.tidu4j.processor.reading;

import io.github.tidu4j.processor.diagnostics.Location;
import java.util.Optional;

/**
 * A type a declaration names that does not exist (yet).
 *
 * @param typeName the name as written
 * @param user what refers to it, for the message (e.g. {@code "parameter x of Add.eval"})
 * @param location where it is referred to
 * @param correction the fix, where the name is a sure mistake that no later round can mend (a
 *     misspelt generated type of the set, a rule-vocabulary type not imported); empty where another
 *     processor may still generate the type
 */
public record MissingType(
    String typeName, String user, Location location, Optional<String> correction) {}

package io.github.tidu4j.processor.reading;

import io.github.tidu4j.processor.diagnostics.Location;

/**
 * A type a declaration names that does not exist (yet).
 *
 * @param typeName the name as written
 * @param user what refers to it, for the message (e.g. {@code "parameter x of Add.eval"})
 * @param location where it is referred to
 */
public record MissingType(String typeName, String user, Location location) {}

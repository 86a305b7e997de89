package io.github.tidu4j.export;

/** A record attribute that only this package sees, so exported code elsewhere cannot build it. */
record Hidden(double factor) {}

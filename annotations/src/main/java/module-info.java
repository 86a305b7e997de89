/**
 * The declaration annotations of tidu4j, {@code @PrimitiveSet} and {@code @Primitive}. They are
 * source-retained, so a user module needs them only to compile: {@code requires static
 * io.github.tidu4j.annotations;}.
 */
module io.github.tidu4j.annotations {
  exports io.github.tidu4j.annotations;
}

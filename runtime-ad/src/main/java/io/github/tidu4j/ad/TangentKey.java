package io.github.tidu4j.ad;

/**
 * The input key of the tangent of input {@code of} in differentiation pass {@code pass}; the
 * default for input keys that are not {@link ADKey}s.
 */
public record TangentKey(Object of, long pass) implements ADKey {
  @Override
  public Object tangentOf(long nextPass) {
    return new TangentKey(this, nextPass);
  }

  /** For example {@code d[x]@3}. */
  @Override
  public String toString() {
    return "d[" + of + "]@" + pass;
  }
}

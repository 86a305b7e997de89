package io.github.tidu4j.ad;

import java.util.Objects;

/**
 * The input key of the tangent of input {@code of} in differentiation pass {@code pass}; the
 * default for input keys that are not {@link ADKey}s.
 *
 * <pre>{@code
 * LinearizedGraph<RealOp> jvp =
 *     AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
 * TangentKey dx = (TangentKey) jvp.linearInput(0); // "x" is no ADKey: d[x]@pass
 * }</pre>
 *
 * @param of the input key whose tangent this is
 * @param pass the linearize pass id
 */
public record TangentKey(Object of, long pass) implements ADKey {
  @Override
  public Object tangentOf(long nextPass) {
    return new TangentKey(this, nextPass);
  }

  // equals and hashCode written out, as a record derives them: the derived ones link through
  // method handles, which costs a fresh JVM milliseconds on its first linearize
  @Override
  public boolean equals(Object o) {
    return o instanceof TangentKey other && Objects.equals(of, other.of) && pass == other.pass;
  }

  @Override
  public int hashCode() {
    return 31 * Objects.hashCode(of) + Long.hashCode(pass);
  }

  /** For example {@code d[x]@3}. */
  @Override
  public String toString() {
    return "d[" + of + "]@" + pass;
  }
}

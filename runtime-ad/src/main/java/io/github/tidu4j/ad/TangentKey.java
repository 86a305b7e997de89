package io.github.tidu4j.ad;

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

  /** For example {@code d[x]@3}. */
  @Override
  public String toString() {
    return "d[" + of + "]@" + pass;
  }
}

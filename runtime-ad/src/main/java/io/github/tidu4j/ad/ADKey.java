package io.github.tidu4j.ad;

/**
 * An input key that knows how to name the tangent input a differentiation pass derives from it.
 * Input keys of a primitive set may implement it to give tangents their own readable variant (for
 * example {@code Tangent(of, pass)}); keys that do not implement it get a {@link TangentKey}.
 *
 * <pre>{@code
 * record Var(String name) implements ADKey {
 *   public Object tangentOf(long pass) { return new TangentKey(this, pass); }
 * }
 * }</pre>
 */
public interface ADKey {

  /**
   * The input key of this input's tangent in pass {@code pass}. Must be distinct from every other
   * key for distinct {@code (this, pass)}, and have value semantics: the transforms rely on it
   * (invariant I8 of {@code docs/identity-core.md}: a pass's tangent inputs are new keys).
   */
  Object tangentOf(long pass);

  /** The tangent key of any input key: its own {@link #tangentOf} if it has one, else a {@link TangentKey}. */
  static Object tangentOf(Object inputKey, long pass) {
    return inputKey instanceof ADKey key ? key.tangentOf(pass) : new TangentKey(inputKey, pass);
  }
}

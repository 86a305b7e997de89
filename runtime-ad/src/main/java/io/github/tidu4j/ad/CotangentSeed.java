package io.github.tidu4j.ad;

/**
 * The input key of the cotangent seeding output {@code output} of the linear graph transposed by
 * pass {@code pass}. Seeds of different transposes never collide, since every transpose is a fresh
 * pass, so transposed graphs can be resolved and evaluated together.
 */
public record CotangentSeed(long pass, int output) implements ADKey {
  @Override
  public Object tangentOf(long nextPass) {
    return new TangentKey(this, nextPass);
  }

  /** For example {@code ct[0]@4}. */
  @Override
  public String toString() {
    return "ct[" + output + "]@" + pass;
  }
}

package io.github.tidu4j.ad;

/**
 * The input key of the cotangent seeding output {@code output} of the linear graph transposed by
 * pass {@code pass}. Seeds of different transposes never collide, since every transpose is a fresh
 * pass, so transposed graphs can be resolved and evaluated together. It is the key to bind the
 * cotangent of that output to.
 *
 * <pre>{@code
 * LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp);
 * CotangentSeed seed = (CotangentSeed) vjp.linearInput(0); // ct[0]@pass: seeds jvp's output 0
 * Map<Object, Double> in = Map.of("x", 0.5, seed, 1.0);
 * }</pre>
 *
 * @param pass the transpose's pass id
 * @param output the index of the linear output this seed is the cotangent of
 */
public record CotangentSeed(long pass, int output) implements ADKey {
  @Override
  public Object tangentOf(long nextPass) {
    return new TangentKey(this, nextPass);
  }

  // equals and hashCode written out, as a record derives them: the derived ones link through
  // method handles, which costs a fresh JVM milliseconds on its first transpose
  @Override
  public boolean equals(Object o) {
    return o instanceof CotangentSeed other && pass == other.pass && output == other.output;
  }

  @Override
  public int hashCode() {
    return 31 * Long.hashCode(pass) + output;
  }

  /** For example {@code ct[0]@4}. */
  @Override
  public String toString() {
    return "ct[" + output + "]@" + pass;
  }
}

package io.github.tidu4j.ad.rules;

import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.graph.ValueRef;
import java.util.Arrays;
import java.util.List;

/**
 * A multi-output primitive's JVP result: one tangent per output, the zero where an output's
 * tangent vanishes. For example, the JVP of SinCos, {@code x ↦ (sin x, cos x)}:
 *
 * <pre>{@code
 * static Tangents jvp(RealEmit e, Primal x, Tangent dx) {
 *   List<Primal> sc = e.sinCos(x);
 *   return Tangents.of(e.mul(sc.get(1), dx), e.mul(e.neg(sc.get(0)), dx));
 * }
 * }</pre>
 */
public final class Tangents implements TangentSequence {
  private final Tangent[] perOutput;

  private Tangents(Tangent[] perOutput) {
    this.perOutput = perOutput;
  }

  /** One tangent per output, in slot order. */
  public static Tangents of(Tangent... perOutput) {
    Tangent[] copy = perOutput.clone();
    for (int i = 0; i < copy.length; i++) {
      if (copy[i] == null) {
        throw new IllegalArgumentException(
            "tangent " + i + " is null; use Tangent.zero() for an output whose tangent vanishes");
      }
    }
    return new Tangents(copy);
  }

  /** The number of outputs covered. */
  @Override
  public int size() {
    return perOutput.length;
  }

  /** The tangent of output {@code i}. */
  @Override
  public Tangent get(int i) {
    return perOutput[i];
  }

  /** As a list. */
  public List<Tangent> asList() {
    return List.of(perOutput);
  }

  /**
   * The tangents' values, {@code null} for a zero, as an unmodifiable list over this result (no
   * copy), each checked to be a value of the pass {@code pass} emits; for generated dispatch, which
   * hands it to the transform.
   *
   * <pre>{@code
   * List<ValueRef> forTheTransform = Tangents.of(Tangent.zero(), dy).valuesIn(b); // [null, dy]
   * }</pre>
   *
   * @throws IllegalArgumentException if one is of another pass ({@link Tangent#valueIn})
   */
  public List<ValueRef> valuesIn(PrimitiveBuilder<?> pass) {
    return TangentValues.checkedIn(this, pass);
  }

  @Override
  public String toString() {
    return "Tangents" + Arrays.toString(perOutput);
  }
}

package io.github.tidu4j.ad.check;

import java.util.Set;

/**
 * Which derivatives the {@link GradientChecker} checks, as in JAX's {@code check_grads(modes=…)}.
 *
 * <pre>{@code
 * GradientChecker.check(fn, point, ScalarDomain.INSTANCE, 2, Set.of(Mode.FWD), null, new Random(0));
 * }</pre>
 */
public enum Mode {
  /** Forward: the JVP against central finite differences along a random tangent. */
  FWD,
  /** Reverse: the VJP by the dot-product test {@code ⟨ȳ, J·t⟩ = ⟨Jᵀ·ȳ, t⟩}. */
  REV;

  /** Both modes. */
  public static final Set<Mode> BOTH = Set.of(FWD, REV);
}

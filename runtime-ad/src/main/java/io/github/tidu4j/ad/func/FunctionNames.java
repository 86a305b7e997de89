package io.github.tidu4j.ad.func;

import java.util.Objects;

/**
 * The checks of a name given to a function for its messages ({@code ScalarFunction.named}, {@code
 * TensorFunction.named}, {@link FluentFunction#named}): the front ends share them, so that a name
 * is refused alike everywhere.
 */
public final class FunctionNames {
  private FunctionNames() {}

  /**
   * {@code name}, checked to be a name: not null, not blank.
   *
   * @param function what is named, for the message
   * @throws IllegalArgumentException if {@code name} is blank
   */
  public static String check(String name, String function) {
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw new IllegalArgumentException(
          function + " cannot be named \"" + name + "\": a name has a character that is not blank");
    }
    return name;
  }

  /** The refusal to name {@code transform}, a transform, {@code name}. */
  public static IllegalArgumentException transformNotNamed(String transform, String name) {
    return new IllegalArgumentException(
        transform + " is a transform, described by the function it transforms; name that function"
            + " (function(body).named(\"" + name + "\")) and transform the named one");
  }
}

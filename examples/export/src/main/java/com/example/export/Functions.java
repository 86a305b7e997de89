package com.example.export;

import io.github.tidu4j.annotations.Export;

/**
 * The functions this project exports. At build time the tidu4j Maven plugin traces each marked
 * method once, on traced values, differentiates it, and writes the result as plain Java source:
 * for {@link #softplusProduct} the class {@code SoftplusProduct}, with {@code value(x, y)} and
 * {@code gradient(x, y)}. This class itself is only run by the plugin.
 */
public final class Functions {
  private Functions() {}

  /** {@code f(x, y) = x · softplus(x·y)}. */
  @Export(
      name = "SoftplusProduct",
      transforms = {Export.Transform.VALUE, Export.Transform.GRADIENT})
  static SmoothValue softplusProduct(SmoothValue x, SmoothValue y) {
    return x.mul(x.mul(y).softplus());
  }
}

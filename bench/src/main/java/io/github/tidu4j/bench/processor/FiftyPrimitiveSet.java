package io.github.tidu4j.bench.processor;

/**
 * The source of the Processor workload (bench/README.md): a primitive set of 50 primitives over
 * {@code double}, a realistic mix of the shapes a set holds: the accumulator, multilinear
 * primitives with transpose rules (some with an attribute), and non-linear primitives whose JVPs
 * emit through the others.
 */
final class FiftyPrimitiveSet {
  private FiftyPrimitiveSet() {}

  static final String PACKAGE = "bench.fifty";
  static final String NAME = "Fifty";

  /** The declaration, as one compilation unit. */
  static String source() {
    StringBuilder s = new StringBuilder();
    s.append("package ").append(PACKAGE).append(";\n\n")
        .append("import io.github.tidu4j.ad.rules.Arg;\n")
        .append("import io.github.tidu4j.ad.rules.Cotangents;\n")
        .append("import io.github.tidu4j.ad.rules.Primal;\n")
        .append("import io.github.tidu4j.ad.rules.Tangent;\n")
        .append("import io.github.tidu4j.annotations.Primitive;\n")
        .append("import io.github.tidu4j.annotations.PrimitiveSet;\n\n")
        .append("@PrimitiveSet(operand = double.class)\n")
        .append("public interface ").append(NAME).append(" {\n");
    s.append(
        """
          @Primitive(accumulator = true)
          interface Add {
            static double eval(double a, double b) { return a + b; }
            static Tangent jvp(FiftyEmit e, Tangent da, Tangent db) { return e.add(da, db); }
            static Cotangents transpose(FiftyEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
          }
          @Primitive(multilinear = true)
          interface Mul {
            static double eval(double a, double b) { return a * b; }
            static Tangent jvp(FiftyEmit e, Primal a, Primal b, Tangent da, Tangent db) {
              return e.add(e.mul(da, b), e.mul(a, db));
            }
            static Cotangents transpose(FiftyEmit e, Arg a, Arg b, Tangent ct) {
              return a.isLinear()
                  ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
                  : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
            }
          }
        """);
    // 16 attribute-carrying linear primitives: x -> c_i * x
    for (int i = 0; i < 16; i++) {
      s.append(
          """
            @Primitive(multilinear = true)
            interface Scale%1$d {
              double factor();
              default double eval(double x) { return factor() * x + %1$d * 0.0; }
              default Tangent jvp(FiftyEmit e, Tangent dx) { return e.scale%1$d(factor(), dx); }
              default Cotangents transpose(FiftyEmit e, Tangent ct) {
                return Cotangents.of(e.scale%1$d(factor(), ct));
              }
            }
          """
              .formatted(i));
    }
    // 32 non-linear unary primitives: x -> sin(x + i), derivative cos(x + i) = fCos_i(x)
    for (int i = 0; i < 16; i++) {
      s.append(
          """
            @Primitive
            interface Sin%1$d {
              static double eval(double x) { return Math.sin(x + %1$d); }
              static Tangent jvp(FiftyEmit e, Primal x, Tangent dx) { return e.mul(e.cos%1$d(x), dx); }
            }
            @Primitive
            interface Cos%1$d {
              static double eval(double x) { return Math.cos(x + %1$d); }
              static Tangent jvp(FiftyEmit e, Primal x, Tangent dx) {
                return e.mul(e.scale0(-1.0, e.sin%1$d(x)), dx);
              }
            }
          """
              .formatted(i));
    }
    return s.append("}\n").toString();
  }
}

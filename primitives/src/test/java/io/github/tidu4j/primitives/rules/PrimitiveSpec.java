package io.github.tidu4j.primitives.rules;

import io.github.tidu4j.ad.check.Tolerance;
import io.github.tidu4j.primitives.TensorDomain;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * One row of the rule table: a primitive, the dtypes of its operands it is checked with, its
 * examples (operand shapes and attributes), how its operands are drawn, and to which order with
 * which tolerance its JVP and VJP are checked (JAX's {@code LaxAutodiffTest} records).
 *
 * @param primitive the name of the primitive under test, as it appears in graphs
 * @param dtypes the dtypes its operands are drawn with
 * @param examples the graphs that apply it
 * @param generators one per operand; the last is reused for further operands
 * @param order the derivative order to check to
 * @param f64 the tolerance for f64 operands
 * @param c128 the tolerance for c128 operands
 * @param detached whether its derivatives are zero by declaration, whatever its values do (JAX's
 *     {@code stop_gradient}): finite differences of it are not its derivatives, so it is checked
 *     for zero derivatives of every order instead
 */
record PrimitiveSpec(
    String primitive,
    Set<DType> dtypes,
    List<Example> examples,
    List<InputGenerator> generators,
    int order,
    Tolerance f64,
    Tolerance c128,
    boolean detached) {

  /** The order every primitive is checked to unless a row says otherwise. */
  static final int ORDER = 2;

  /** Both dtypes. */
  static final Set<DType> BOTH = Set.of(DType.F64, DType.C128);

  /** A row with the defaults: both dtypes, default inputs, second order, JAX's tolerances. */
  static PrimitiveSpec of(String primitive, Example... examples) {
    return new PrimitiveSpec(
        primitive,
        BOTH,
        List.of(examples),
        List.of(InputGenerator.DEFAULT),
        ORDER,
        TensorDomain.defaultTolerance(DType.F64),
        TensorDomain.defaultTolerance(DType.C128),
        false);
  }

  PrimitiveSpec dtypes(DType... only) {
    return new PrimitiveSpec(
        primitive, Set.of(only), examples, generators, order, f64, c128, detached);
  }

  PrimitiveSpec inputs(InputGenerator... perOperand) {
    return new PrimitiveSpec(
        primitive, dtypes, examples, List.of(perOperand), order, f64, c128, detached);
  }

  /** This row, its derivatives zero by declaration (see {@link #detached()}). */
  PrimitiveSpec asDetached() {
    return new PrimitiveSpec(primitive, dtypes, examples, generators, order, f64, c128, true);
  }

  InputGenerator generator(int operand) {
    return generators.get(Math.min(operand, generators.size() - 1));
  }

  Tolerance tolerance(DType dtype) {
    return dtype.isComplex() ? c128 : f64;
  }

  /**
   * One graph applying the primitive: operands of the given shapes, in order, and the body that
   * applies it with the example's attributes.
   *
   * @param label how the attributes read in the test name
   * @param shapes one per operand
   * @param body applies the primitive to the operands
   */
  record Example(String label, List<int[]> shapes, Function<List<TensorValue>, TensorValue> body) {
    @Override
    public String toString() {
      StringBuilder s = new StringBuilder();
      for (int[] shape : shapes) {
        s.append(s.length() == 0 ? "" : " ").append(Arrays.toString(shape));
      }
      return label.isEmpty() ? s.toString() : s + " " + label;
    }
  }
}

package io.github.tidu4j.primitives.rules;

import static io.github.tidu4j.primitives.rules.InputGenerator.DEFAULT;
import static io.github.tidu4j.primitives.rules.InputGenerator.NONZERO;
import static io.github.tidu4j.primitives.rules.InputGenerator.POSITIVE;
import static io.github.tidu4j.primitives.rules.InputGenerator.TANH;

import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.rules.PrimitiveSpec.Example;
import io.github.tidu4j.primitives.tensor.DType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The rule table: one {@link PrimitiveSpec} per primitive of {@code TensorPrimitives}, each with
 * shapes from rank 0 to rank 4, size-1 axes, and the attribute patterns its rules must handle
 * (unsorted axes, non-leading batch axes, contracting axes paired out of order, broadcasts of
 * length-1 axes, identity-free permutations).
 */
final class RuleTable {
  private RuleTable() {}

  /** Operand shapes for elementwise primitives: rank 0, a size-1 axis, vectors, matrices, rank 3. */
  private static final int[][] ELEMENTWISE = {{}, {1}, {4}, {2, 3}, {3, 1, 2}};

  static final List<PrimitiveSpec> SPECS =
      List.of(
          // ---- linear core ----
          PrimitiveSpec.of("Add", binary(TensorValue::add)),
          PrimitiveSpec.of("Mul", binary(TensorValue::mul)),
          PrimitiveSpec.of("Neg", unary(TensorValue::neg)),
          PrimitiveSpec.of("Scale", unary(x -> x.scale(-1.5))),
          PrimitiveSpec.of("ZerosLike", unary(TensorValue::zerosLike)),
          PrimitiveSpec.of("Conj", unary(TensorValue::conj)).dtypes(DType.C128),
          PrimitiveSpec.of("Real", unary(TensorValue::real)).dtypes(DType.C128),
          PrimitiveSpec.of("ToComplex", unary(TensorValue::toComplex)).dtypes(DType.F64),
          PrimitiveSpec.of("Imag", unary(TensorValue::imag)).dtypes(DType.C128),
          PrimitiveSpec.of("ToImaginary", unary(TensorValue::toImaginary)).dtypes(DType.F64),
          PrimitiveSpec.of(
              "ReduceSum",
              reduceSum(new int[] {3}, 0),
              reduceSum(new int[] {1}, 0),
              reduceSum(new int[] {2, 3}, 0),
              reduceSum(new int[] {2, 3}, 1),
              reduceSum(new int[] {2, 3}, 1, 0),
              reduceSum(new int[] {2, 1, 3}, 1),
              reduceSum(new int[] {2, 1, 3}, 2, 0),
              reduceSum(new int[] {2, 3, 4}, 0, 1, 2),
              reduceSum(new int[] {2, 1, 3, 2}, 1, 3)),
          PrimitiveSpec.of(
              "BroadcastInDim",
              broadcast(new int[] {}, new int[] {2, 3}),
              broadcast(new int[] {3}, new int[] {2, 3}, 1),
              broadcast(new int[] {2}, new int[] {2, 3}, 0),
              broadcast(new int[] {1, 3}, new int[] {4, 3}, 0, 1),
              broadcast(new int[] {1}, new int[] {1, 1}, 1),
              broadcast(new int[] {2, 1}, new int[] {2, 3, 5}, 0, 2),
              broadcast(new int[] {1, 1}, new int[] {1, 3}, 0, 1),
              broadcast(new int[] {3, 1}, new int[] {2, 3, 1, 4}, 1, 2)),
          PrimitiveSpec.of(
              "TransposeAxes",
              transpose(new int[] {2, 3}, 1, 0),
              transpose(new int[] {1, 3}, 1, 0),
              transpose(new int[] {2, 3, 4}, 2, 0, 1),
              transpose(new int[] {2, 3, 4}, 1, 2, 0),
              transpose(new int[] {2, 1, 3, 1}, 3, 1, 0, 2)),
          PrimitiveSpec.of(
              "Reshape",
              reshape(new int[] {2, 3}, 3, 2),
              reshape(new int[] {6}, 2, 3),
              reshape(new int[] {}, 1, 1),
              reshape(new int[] {1, 4}, 4),
              reshape(new int[] {2, 3, 1}, 6),
              reshape(new int[] {1}, new int[0])),
          PrimitiveSpec.of(
              "Slice",
              slice(new int[] {5}, a(1), a(4), a(1)),
              slice(new int[] {6}, a(0), a(6), a(2)),
              slice(new int[] {7}, a(1), a(7), a(3)),
              slice(new int[] {2, 5}, a(0, 1), a(2, 5), a(1, 2)),
              slice(new int[] {3, 4, 2}, a(1, 0, 0), a(3, 3, 1), a(1, 2, 1)),
              slice(new int[] {4, 2}, a(2, 0), a(2, 2), a(1, 1)),
              slice(new int[] {1, 3}, a(0, 2), a(1, 3), a(5, 1))),
          PrimitiveSpec.of(
              "Pad",
              pad(new int[] {3}, a(1), a(2), a(0)),
              pad(new int[] {3}, a(0), a(0), a(2)),
              pad(new int[] {2, 3}, a(1, 0), a(0, 1), a(1, 1)),
              pad(new int[] {1, 2}, a(2, 0), a(0, 0), a(0, 3)),
              pad(new int[] {0, 2}, a(1, 0), a(1, 1), a(0, 0)),
              pad(new int[] {2, 1, 2}, a(0, 1, 0), a(1, 0, 0), a(1, 0, 1)),
              // negative low and high crop, as lax.pad's: the transpose pads the cropped back
              pad(new int[] {4}, a(-1), a(1), a(0)),
              pad(new int[] {5}, a(-2), a(-1), a(1)),
              pad(new int[] {2, 3}, a(1, -1), a(-2, 0), a(0, 1)),
              pad(new int[] {3}, a(-4), a(2), a(0)),
              pad(new int[] {2, 3}, a(0, 2), a(0, -3), a(0, 0))),
          PrimitiveSpec.of(
              "Concatenate",
              concatenate(new int[] {2}, new int[] {3}, 0),
              concatenate(new int[] {2, 3}, new int[] {1, 3}, 0),
              concatenate(new int[] {2, 1}, new int[] {2, 4}, 1),
              concatenate(new int[] {2, 3, 2}, new int[] {2, 3, 1}, 2),
              concatenate(new int[] {0, 2}, new int[] {3, 2}, 0)),
          PrimitiveSpec.of(
              "DotGeneral",
              dot("matmul", new int[] {2, 3}, new int[] {3, 4}, a(1), a(0), a(), a()),
              dot("inner", new int[] {3}, new int[] {3}, a(0), a(0), a(), a()),
              dot("outer", new int[] {2}, new int[] {3}, a(), a(), a(), a()),
              dot("scalar", new int[] {}, new int[] {3}, a(), a(), a(), a()),
              dot("lhs-transposed", new int[] {3, 2}, new int[] {3, 4}, a(0), a(0), a(), a()),
              dot("batched", new int[] {2, 3, 4}, new int[] {2, 4, 5}, a(2), a(1), a(0), a(0)),
              dot(
                  "contracting out of order",
                  new int[] {3, 2, 4},
                  new int[] {4, 5, 3},
                  a(0, 2),
                  a(2, 0),
                  a(),
                  a()),
              dot(
                  "batch not leading",
                  new int[] {4, 2, 3},
                  new int[] {3, 2, 5},
                  a(2),
                  a(0),
                  a(1),
                  a(1)),
              dot(
                  "two batch axes swapped",
                  new int[] {2, 3, 4},
                  new int[] {3, 4, 2},
                  a(2),
                  a(1),
                  a(0, 1),
                  a(2, 0)),
              dot("size-1", new int[] {1, 3}, new int[] {3, 1}, a(1), a(0), a(), a())),

          // ---- analytic ----
          PrimitiveSpec.of("Div", binary(TensorValue::div)).inputs(DEFAULT, NONZERO),
          PrimitiveSpec.of("Recip", unary(TensorValue::recip)).inputs(NONZERO),
          PrimitiveSpec.of("Exp", unary(TensorValue::exp)),
          PrimitiveSpec.of("Log", unary(TensorValue::log)).inputs(POSITIVE),
          PrimitiveSpec.of("Sin", unary(TensorValue::sin)),
          PrimitiveSpec.of("Cos", unary(TensorValue::cos)),
          PrimitiveSpec.of("Tanh", unary(TensorValue::tanh)).inputs(TANH),
          PrimitiveSpec.of("Sech", unary(TensorValue::sech)).inputs(TANH),
          PrimitiveSpec.of("Sqrt", unary(TensorValue::sqrt)).inputs(POSITIVE),

          // ---- piecewise, f64: operands drawn away from the kinks (measure zero at random) ----
          PrimitiveSpec.of("Abs", unary(TensorValue::abs)).dtypes(DType.F64, DType.C128),
          PrimitiveSpec.of("Sign", unary(TensorValue::sign)).dtypes(DType.F64),
          PrimitiveSpec.of("Step", binary(TensorValue::step)).dtypes(DType.F64),
          PrimitiveSpec.of("Max", binary(TensorValue::max)).dtypes(DType.F64),
          PrimitiveSpec.of("Min", binary(TensorValue::min)).dtypes(DType.F64),
          PrimitiveSpec.of(
                  "ReduceMax",
                  reduceMax(new int[] {3}, 0),
                  reduceMax(new int[] {2, 3}, 1),
                  reduceMax(new int[] {2, 3}, 1, 0),
                  reduceMax(new int[] {2, 1, 3}, 2, 0),
                  reduceMax(new int[] {2, 3, 4}, 0, 1, 2))
              .dtypes(DType.F64),

          // ---- branching on data, f64: comparisons, masks and select (predicates drawn away from
          // their switching points, as the kinks above) ----
          PrimitiveSpec.of("Greater", binary(TensorValue::greater)).dtypes(DType.F64),
          PrimitiveSpec.of("Select", ternary(TensorValue::select)).dtypes(DType.F64),
          PrimitiveSpec.of(
                  "Mask",
                  concat(unary(x -> x.mask(true).mul(x)), unary(x -> x.mask(false).mul(x))))
              .dtypes(DType.F64),

          // ---- accurate near zero, f64 (log1p and the 1/(1 + x) of its derivative: x > −1) ----
          PrimitiveSpec.of("Log1p", unary(TensorValue::log1p)).dtypes(DType.F64).inputs(POSITIVE),
          PrimitiveSpec.of("Recip1p", unary(TensorValue::recip1p))
              .dtypes(DType.F64)
              .inputs(POSITIVE),
          PrimitiveSpec.of("Expm1", unary(TensorValue::expm1)).dtypes(DType.F64),

          // ---- powers, f64, on positive inputs (a non-integer exponent of a negative is NaN) ----
          PrimitiveSpec.of(
                  "Pow",
                  concat(
                      concat(unary(x -> x.pow(2.5)), unary(x -> x.pow(-1.5))),
                      concat(unary(x -> x.pow(3)), unary(x -> x.pow(0.5)))))
              .dtypes(DType.F64)
              .inputs(POSITIVE),

          // ---- zero derivative by declaration, not by finite differences ----
          PrimitiveSpec.of("StopGradient", unary(TensorValue::stopGradient)).asDetached());

  // ---- example builders ----

  private static int[] a(int... axes) {
    return axes;
  }

  private static Example[] unary(UnaryOperator<TensorValue> op) {
    List<Example> examples = new ArrayList<>();
    for (int[] shape : ELEMENTWISE) {
      examples.add(new Example("", List.of(shape), in -> op.apply(in.get(0))));
    }
    return examples.toArray(new Example[0]);
  }

  private static Example[] binary(BinaryOperator<TensorValue> op) {
    List<Example> examples = new ArrayList<>();
    for (int[] shape : ELEMENTWISE) {
      examples.add(new Example("", List.of(shape, shape), in -> op.apply(in.get(0), in.get(1))));
    }
    return examples.toArray(new Example[0]);
  }

  private interface TernaryOperator<T> {
    T apply(T a, T b, T c);
  }

  private static Example[] ternary(TernaryOperator<TensorValue> op) {
    List<Example> examples = new ArrayList<>();
    for (int[] shape : ELEMENTWISE) {
      examples.add(
          new Example(
              "", List.of(shape, shape, shape), in -> op.apply(in.get(0), in.get(1), in.get(2))));
    }
    return examples.toArray(new Example[0]);
  }

  private static Example[] concat(Example[] a, Example[] b) {
    Example[] both = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    return both;
  }

  private static Example reduceSum(int[] shape, int... axes) {
    return example("axes=" + Arrays.toString(axes), List.of(shape), x -> x.reduceSum(axes));
  }

  private static Example reduceMax(int[] shape, int... axes) {
    return example("axes=" + Arrays.toString(axes), List.of(shape), x -> x.reduceMax(axes));
  }

  private static Example broadcast(int[] operand, int[] shape, int... dims) {
    return example(
        "to " + Arrays.toString(shape) + " dims=" + Arrays.toString(dims),
        List.of(operand),
        x -> x.broadcastInDim(shape, dims));
  }

  private static Example transpose(int[] shape, int... perm) {
    return example("perm=" + Arrays.toString(perm), List.of(shape), x -> x.transpose(perm));
  }

  private static Example reshape(int[] shape, int... to) {
    return example("to " + Arrays.toString(to), List.of(shape), x -> x.reshape(to));
  }

  private static Example slice(int[] shape, int[] start, int[] limit, int[] strides) {
    return example(
        "start=" + Arrays.toString(start) + " limit=" + Arrays.toString(limit) + " strides="
            + Arrays.toString(strides),
        List.of(shape),
        x -> x.slice(start, limit, strides));
  }

  private static Example pad(int[] shape, int[] low, int[] high, int[] interior) {
    return example(
        "low=" + Arrays.toString(low) + " high=" + Arrays.toString(high) + " interior="
            + Arrays.toString(interior),
        List.of(shape),
        x -> x.pad(low, high, interior));
  }

  private static Example concatenate(int[] a, int[] b, int axis) {
    return new Example(
        "axis=" + axis, List.of(a, b), in -> in.get(0).concatenate(in.get(1), axis));
  }

  private static Example dot(
      String label, int[] lhs, int[] rhs, int[] lc, int[] rc, int[] lb, int[] rb) {
    return new Example(
        label
            + " c="
            + Arrays.toString(lc)
            + Arrays.toString(rc)
            + " b="
            + Arrays.toString(lb)
            + Arrays.toString(rb),
        List.of(lhs, rhs),
        in -> in.get(0).dotGeneral(in.get(1), lc, rc, lb, rb));
  }

  private static Example example(
      String label, List<int[]> shapes, Function<TensorValue, TensorValue> body) {
    return new Example(label, shapes, in -> body.apply(in.get(0)));
  }
}

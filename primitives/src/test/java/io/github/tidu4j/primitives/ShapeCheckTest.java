package io.github.tidu4j.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every shape and dtype check of {@link TensorBuilder}: the call that builds a bad node throws an
 * {@link IllegalArgumentException} whose message names the primitive and the operand types.
 */
class ShapeCheckTest {

  /** The operands every case can draw on. */
  record Inputs(
      TensorBuilder b,
      TensorValue v2,
      TensorValue v3,
      TensorValue m23,
      TensorValue m32,
      TensorValue m45,
      TensorValue m34,
      TensorValue z2,
      TensorValue z23) {}

  private static Inputs inputs() {
    TensorBuilder b = TensorBuilder.create();
    return new Inputs(
        b,
        b.input("v2", DType.F64, 2),
        b.input("v3", DType.F64, 3),
        b.input("m23", DType.F64, 2, 3),
        b.input("m32", DType.F64, 3, 2),
        b.input("m45", DType.F64, 4, 5),
        b.input("m34", DType.F64, 3, 4),
        b.input("z2", DType.C128, 2),
        b.input("z23", DType.C128, 2, 3));
  }

  static Stream<Arguments> errors() {
    return Stream.of(
        // elementwise: no implicit broadcasting, no implicit promotion
        bad("Add shapes", in -> in.v2().add(in.v3()), "Add", "f64[2]", "f64[3]", "broadcast"),
        // the operands named by their origin: an input by its name, a derived value by its expression
        bad(
            "operand origins",
            in -> in.v2().mul(in.v2()).add(in.v3()),
            "Add: operand shapes differ", "(operands Mul(v2, v2): f64[2], v3: f64[3])"),
        bad("Add dtypes", in -> in.v2().add(in.z2()), "Add", "f64[2]", "c128[2]", "promotion"),
        bad("sub shapes", in -> in.m23().sub(in.m32()), "sub", "f64[2, 3]", "f64[3, 2]"),
        bad("Mul shapes", in -> in.m23().mul(in.m32()), "Mul", "f64[2, 3]", "f64[3, 2]"),
        bad("Mul dtypes", in -> in.z2().mul(in.v2()), "Mul", "c128[2]", "f64[2]", "promotion"),
        bad("Div shapes", in -> in.v3().div(in.v2()), "Div", "f64[3]", "f64[2]"),
        bad("Div dtypes", in -> in.m23().div(in.z23()), "Div", "f64[2, 3]", "c128[2, 3]"),
        bad("ToComplex of c128", in -> in.z2().toComplex(), "ToComplex", "c128[2]", "f64"),
        // ReduceSum: axes
        bad("ReduceSum axis too large", in -> in.m23().reduceSum(2), "ReduceSum", "f64[2, 3]", "axis 2"),
        bad(
            "ReduceSum negative axis",
            in -> in.m23().reduceSum(-3),
            "ReduceSum", "f64[2, 3]", "axis -3", "(axes are -2 … 1)"),
        bad("ReduceSum axis twice", in -> in.m23().reduceSum(1, 1), "ReduceSum", "f64[2, 3]", "twice"),
        // TransposeAxes: permutations
        bad("perm repeats", in -> in.m23().transpose(0, 0), "TransposeAxes", "f64[2, 3]", "[0, 0]"),
        bad("perm too short", in -> in.m23().transpose(0), "TransposeAxes", "f64[2, 3]", "[0]"),
        bad("perm out of range", in -> in.m23().transpose(0, 2), "TransposeAxes", "f64[2, 3]", "[0, 2]"),
        // Reshape: sizes
        bad("Reshape size", in -> in.m23().reshape(4), "Reshape", "f64[2, 3]", "[4]"),
        bad("Reshape negative", in -> in.m23().reshape(-6), "Reshape", "[-6]"),
        // BroadcastInDim
        bad(
            "BroadcastInDim dims count",
            in -> in.v3().broadcastInDim(new int[] {2, 3}),
            "BroadcastInDim", "f64[3]", "[2, 3]"),
        bad(
            "BroadcastInDim dims order",
            in -> in.m23().broadcastInDim(new int[] {3, 2, 4}, 1, 0),
            "BroadcastInDim", "f64[2, 3]", "increasing"),
        bad(
            "BroadcastInDim dim out of range",
            in -> in.v3().broadcastInDim(new int[] {3}, 1),
            "BroadcastInDim", "f64[3]", "out of range"),
        bad(
            "BroadcastInDim incompatible length",
            in -> in.v3().broadcastInDim(new int[] {2, 4}, 1),
            "BroadcastInDim", "f64[3]", "[2, 4]", "length 3"),
        // DotGeneral
        bad(
            "DotGeneral dtypes",
            in -> in.m23().dotGeneral(in.z23(), new int[] {1}, new int[] {1}),
            "DotGeneral", "f64[2, 3]", "c128[2, 3]", "promotion"),
        bad(
            "DotGeneral contracting lengths",
            in -> in.m23().dotGeneral(in.m45(), new int[] {1}, new int[] {0}),
            "DotGeneral", "f64[2, 3]", "f64[4, 5]", "length 3", "length 4"),
        bad(
            "DotGeneral batch lengths",
            in -> in.m23().dotGeneral(in.m34(), new int[] {1}, new int[] {0}, new int[] {0},
                new int[] {1}),
            "DotGeneral", "f64[2, 3]", "f64[3, 4]", "batch", "length 2", "length 4"),
        bad(
            "DotGeneral axis out of range",
            in -> in.m23().dotGeneral(in.m32(), new int[] {2}, new int[] {0}),
            "DotGeneral", "f64[2, 3]", "f64[3, 2]", "axis 2"),
        bad(
            "DotGeneral axis used twice",
            in -> in.m23().dotGeneral(in.m32(), new int[] {1}, new int[] {0}, new int[] {1},
                new int[] {1}),
            "DotGeneral", "f64[2, 3]", "twice"),
        bad(
            "DotGeneral list lengths",
            in -> in.m23().dotGeneral(in.m32(), new int[] {1}, new int[] {}),
            "DotGeneral", "f64[2, 3]", "f64[3, 2]", "length"),
        // einsum lowers through the same checks, or is rejected by its planner
        bad(
            "einsum dtypes",
            in -> in.b().einsum("ij,jk->ik", in.m23(), in.z23()),
            "einsum", "f64[2, 3]", "c128[2, 3]"),
        bad("einsum shapes", in -> in.b().einsum("ij,jk->ik", in.m23(), in.m45()), "3", "4"));
  }

  private static Arguments bad(
      String name, Function<Inputs, TensorValue> build, String... mentioned) {
    return Arguments.of(name, build, List.of(mentioned));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("errors")
  void theBuildingCallThrowsNamingThePrimitiveAndTheShapes(
      String name, Function<Inputs, TensorValue> build, List<String> mentioned) {
    Inputs in = inputs();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> build.apply(in));
    for (String m : mentioned) {
      assertTrue(e.getMessage().contains(m), "'" + e.getMessage() + "' does not mention " + m);
    }
  }

  @Test
  void subNamesItselfAndItsOperandsAsWritten() {
    Inputs in = inputs();
    assertEquals(
        "sub: operand shapes differ; there is no implicit broadcasting (broadcast with"
            + " broadcastTo) (operands m23: f64[2, 3], m32: f64[3, 2])",
        assertThrows(IllegalArgumentException.class, () -> in.m23().sub(in.m32())).getMessage());
    assertEquals(
        "sub: operand dtypes differ; there is no implicit promotion (convert with toComplex)"
            + " (operands v2: f64[2], z2: c128[2])",
        assertThrows(IllegalArgumentException.class, () -> in.v2().sub(in.z2())).getMessage());
  }

  @Test
  void aRankZeroOperandIsNotBroadcastAndTheMessageSaysHowToDoIt() {
    Inputs in = inputs();
    TensorValue two = in.b().constant(Tensor.scalar(2));
    assertEquals(
        "Mul: operand shapes differ; there is no implicit broadcasting, even of a rank-0 operand"
            + " (broadcast it with broadcastTo, or pass the number itself where the method takes"
            + " one, as x.mul(2.0) does) (operands v2: f64[2], const1: f64[])",
        assertThrows(IllegalArgumentException.class, () -> in.v2().mul(two)).getMessage()
            .replaceAll("const[0-9]+", "const1"));
    assertEquals(in.v2().mul(2.0).type(), in.v2().type()); // what the message offers
  }

  @Test
  void aConstantOfAnotherShapeIsRefusedBeforeItIsAdded() {
    Inputs in = inputs();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> in.v3().sub(Tensor.vector(1, 2)));
    assertEquals(
        "sub: operand shapes differ; there is no implicit broadcasting (broadcast with"
            + " broadcastTo) (operands v3: f64[3], a constant: f64[2])",
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> in.v3().mul(Tensor.scalar(2)));
    assertThrows(IllegalArgumentException.class, () -> in.v2().add(Tensor.vector(1, 2, 3)));
    assertThrows(
        IllegalArgumentException.class,
        () -> in.v2().div(Tensor.complex(new double[] {1, 0, 2, 0}, 2)));
    assertEquals(Map.of(), in.b().constants()); // no unused constant input left behind
    TensorValue ok = in.v2().sub(Tensor.vector(1, 2));
    assertEquals(1, in.b().constants().size());
    assertEquals(in.v2().type(), ok.type());
  }

  @Test
  void subOfValuesOfAnotherBuilderIsRejectedNamingSub() {
    Inputs one = inputs();
    Inputs two = inputs();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> one.v2().sub(two.v2()));
    assertTrue(e.getMessage().startsWith("sub operand 1 "), e.getMessage());
  }

  @Test
  void aFailedCallLeavesTheBuilderUsable() {
    Inputs in = inputs();
    assertThrows(IllegalArgumentException.class, () -> in.v2().add(in.v3()));
    TensorValue ok = in.v2().add(in.v2());
    assertTrue(ok.type().equals(TensorType.of(DType.F64, 2)));
    in.b().build(ok);
  }

  @Test
  void valuesOfAnotherBuilderAreRejected() {
    Inputs one = inputs();
    Inputs two = inputs();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> one.v2().add(two.v2()));
    assertTrue(
        e.getMessage().contains("belongs to another graph")
            && e.getMessage().contains(one.b().toString())
            && e.getMessage().contains("do not mix"),
        e.getMessage());
  }

  @Test
  void inputNamesAreUnique() {
    TensorBuilder b = TensorBuilder.create();
    b.input("x", DType.F64, 2);
    GraphException e = assertThrows(GraphException.class, () -> b.input("x", DType.F64, 3));
    assertTrue(e.getMessage().contains("x"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> b.input("y", DType.F64, -1));
  }

  @Test
  void aBuiltBuilderCannotBeExtended() {
    Inputs in = inputs();
    in.b().build(in.v2());
    assertThrows(IllegalStateException.class, () -> in.v2().neg());
  }
}

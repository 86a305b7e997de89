package io.github.tidu4j.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A tensor graph's input {@code "v"} is the key {@code InputKey.user("v")}, which prints as {@code
 * v}: binding or differentiating by the string {@code "v"} is refused with a note saying which
 * types differ, not with a message that names {@code v} as both missing and taken.
 */
class InputKeyBindingTest {
  private static Graph<TensorOp> sinOfV() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue v = b.input("v", DType.F64, 2);
    return b.build(v.sin());
  }

  @Test
  void bindingTheInputsNameInsteadOfItsKeyIsToldApart() {
    Graph<TensorOp> g = sinOfV();
    CompiledProgram<TensorOp> p = Graphs.compile(Graphs.resolve(g), g.outputKeys());
    GraphException e =
        assertThrows(
            GraphException.class, () -> Interpreter.eval(p, Map.of("v", Tensor.vector(1, 2))));
    assertEquals(
        "input v is not bound; the program takes inputs [v]; the graph's input v is a "
            + InputKey.User.class.getName() + " and the v given a java.lang.String: they print"
            + " alike but are different keys, so use the key the graph declared",
        e.getMessage());
    Tensor y = Interpreter.eval(p, Map.of(InputKey.user("v"), Tensor.vector(1, 2))).get(0);
    assertEquals(Tensor.vector(Math.sin(1), Math.sin(2)), y);
  }

  @Test
  void aClosedOverTensorIsBoundToItsOwnValueUnlessTheCallerBindsIt() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue v = b.input("v", DType.F64, 2);
    Graph<TensorOp> g = b.build(v.mul(Tensor.vector(2, 3)).sum());
    CompiledProgram<TensorOp> p = Graphs.compile(Graphs.resolve(g), g.outputKeys());
    assertEquals(2, p.inputKeys().size(), "v and the constant for [2, 3]");
    Tensor x = Tensor.vector(1, 2);
    assertEquals(Tensor.scalar(8), Interpreter.eval(p, Map.of(InputKey.user("v"), x)).get(0));
    Object constant = p.inputKeys().get(1);
    assertEquals(
        Tensor.scalar(5),
        Interpreter.eval(p, Map.of(InputKey.user("v"), x, constant, Tensor.vector(1, 2))).get(0),
        "a binding the caller gives wins");
    GraphException e =
        assertThrows(
            GraphException.class,
            () -> Interpreter.eval(p, Map.of(InputKey.user("v"), x, "w", x)));
    assertTrue(e.getMessage().startsWith("inputs [w] are bound but are inputs of none"), e.getMessage());
  }

  @Test
  void differentiatingByTheInputsNameIsToldApart() {
    Graph<TensorOp> g = sinOfV();
    GraphException e =
        assertThrows(
            GraphException.class,
            () -> AD.linearize(Graphs.resolve(g), g.outputKeys(), List.of(ValueKey.input("v"))));
    assertTrue(
        e.getMessage()
            .endsWith(
                "; the graph's input v is a " + InputKey.User.class.getName() + " and the v"
                    + " given a java.lang.String: they print alike but are different keys, so use"
                    + " the key the graph declared"),
        e.getMessage());
  }
}

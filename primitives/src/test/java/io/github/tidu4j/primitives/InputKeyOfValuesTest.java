package io.github.tidu4j.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code isInput()} and {@code inputKey()} on every kind of input: one declared by name (keyed
 * {@code InputKey.user}), a constant, and one the low-level {@code input(Object key, TensorType)}
 * keys by the caller's own object, which is an input all the same but has no {@code InputKey}.
 */
class InputKeyOfValuesTest {
  private final TensorBuilder b = TensorBuilder.create();

  @Test
  void anInputDeclaredByNameIsKeyedByItsUserKey() {
    TensorValue x = b.input("x", DType.F64, 2);
    assertTrue(x.isInput());
    assertEquals(InputKey.user("x"), x.inputKey());
  }

  @Test
  void aConstantIsAnInputKeyedByItsConstantKey() {
    TensorValue c = b.constant(Tensor.vector(1, 2));
    assertTrue(c.isInput());
    assertInstanceOf(InputKey.Constant.class, c.inputKey());
  }

  @Test
  void anInputKeyedByAnotherObjectIsAnInputAndItsGraphBindsItByThatKey() {
    TensorValue q = b.input((Object) "q", TensorType.of(DType.F64, 2));
    assertTrue(q.isInput());
    Graph<TensorOp> g = b.build(q.mul(q));
    assertEquals(
        Tensor.vector(4, 9),
        TestEvaluators.eval1(g, g.outputKeys().get(0), Map.of("q", Tensor.vector(2, 3))));
  }

  @Test
  void inputKeyOfAnInputKeyedByANameSaysHowToBindIt() {
    TensorValue q = b.input((Object) "q", TensorType.of(DType.F64, 2));
    IllegalStateException e = assertThrows(IllegalStateException.class, q::inputKey);
    assertEquals(
        "q: f64[2] is an input keyed by \"q\", not by an InputKey, so it has no inputKey(): bind"
            + " it by that key (Map.of(\"q\", …), ValueKey.input(\"q\")), or declare it keyed by"
            + " an InputKey: b.input(\"q\", type) keys it InputKey.user(\"q\")",
        e.getMessage());
  }

  @Test
  void aNameWithQuotesIsSpelledAsJavaSourceWouldSpellIt() {
    TensorValue q = b.input((Object) "say \"hi\" \\ bye", TensorType.of(DType.F64));
    String message = assertThrows(IllegalStateException.class, q::inputKey).getMessage();
    assertTrue(
        message.contains("(Map.of(\"say \\\"hi\\\" \\\\ bye\", …)"), message);
  }

  @Test
  void inputKeyOfAnInputKeyedByAnotherObjectPrintsTheKeyAndItsClass() {
    TensorValue seven = b.input((Object) 7, TensorType.of(DType.F64));
    assertTrue(seven.isInput());
    IllegalStateException e = assertThrows(IllegalStateException.class, seven::inputKey);
    assertEquals(
        "7: f64[] is an input keyed by 7 (a java.lang.Integer), not by an InputKey, so it has no"
            + " inputKey(): bind it by that key (Map.of(key, …), ValueKey.input(key)), or declare"
            + " it keyed by an InputKey: b.input(name, type) keys it InputKey.user(name)",
        e.getMessage());
  }

  @Test
  void aComputedValueIsNoInput() {
    TensorValue y = b.input("x", DType.F64, 2).sin();
    assertFalse(y.isInput());
    assertEquals(
        "Sin(x): f64[2] is not an input",
        assertThrows(IllegalStateException.class, y::inputKey).getMessage());
  }
}

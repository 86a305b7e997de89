package io.github.tidu4j.ad.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.tidu4j.graph.ValueRef;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CotangentsTest {
  private static final Tangent A = Tangent.of(new ValueRef.Local(1));
  private static final Tangent B = Tangent.of(new ValueRef.Local(2));

  @Test
  void everyArityKeepsItsCotangentsInOrder() {
    assertEquals(List.of(A), Cotangents.of(A).asList());
    assertEquals(List.of(A, B), Cotangents.of(A, B).asList());
    assertEquals(List.of(B, A, B), Cotangents.of(B, A, B).asList());
    assertEquals(List.of(), Cotangents.of(new Tangent[0]).asList());
    assertEquals(List.of(A, B), Cotangents.of(new Tangent[] {A, B}).asList());
    assertEquals(1, Cotangents.of(new Tangent[] {A}).size());
    assertSame(B, Cotangents.of(A, B).get(1));
  }

  @Test
  void valuesReadThroughWithNullForAZero() {
    List<ValueRef> values = Cotangents.of(Tangent.zero(), A).values();
    assertEquals(2, values.size());
    assertNull(values.get(0));
    assertSame(A.value(), values.get(1));
    assertEquals(Arrays.asList(A.value(), null, B.value()),
        Cotangents.of(A, Tangent.zero(), B).values());
    assertThrows(UnsupportedOperationException.class, () -> values.set(0, A.value()));
  }

  @Test
  void theVarargsFormCopiesItsArray() {
    Tangent[] given = {A, B, A};
    Cotangents c = Cotangents.of(given);
    given[0] = B;
    assertSame(A, c.get(0));
  }

  @Test
  void anIndexPastTheSizeIsRejected() {
    assertThrows(IndexOutOfBoundsException.class, () -> Cotangents.of(A).get(1));
    assertThrows(IndexOutOfBoundsException.class, () -> Cotangents.of(A, B).get(2));
    assertThrows(IndexOutOfBoundsException.class, () -> Cotangents.of(A, B).values().get(-1));
    assertThrows(IndexOutOfBoundsException.class, () -> Cotangents.of(A, B, A).get(3));
  }

  @Test
  void aNullCotangentIsRejectedByPosition() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Cotangents.of(A, null));
    assertEquals(
        "cotangent 1 is null; use Tangent.zero() for an operand that gets nothing", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Cotangents.of((Tangent) null));
    assertThrows(IllegalArgumentException.class, () -> Cotangents.of(A, B, null));
  }

  @Test
  void printsItsCotangents() {
    assertEquals("Cotangents[Tangent(%1), Tangent(0)]", Cotangents.of(A, Tangent.zero()).toString());
  }
}

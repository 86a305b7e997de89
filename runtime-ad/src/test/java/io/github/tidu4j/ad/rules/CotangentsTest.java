package io.github.tidu4j.ad.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.ad.TestBuilders;
import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.ValueRef;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CotangentsTest {
  private static final PrimitiveBuilder<RealOp> PASS = TestBuilders.pass();
  private static final Tangent A = Tangent.of(PASS, new ValueRef.Local(1));
  private static final Tangent B = Tangent.of(PASS, new ValueRef.Local(2));

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
    List<ValueRef> values = Cotangents.of(Tangent.zero(), A).valuesIn(PASS);
    assertEquals(2, values.size());
    assertNull(values.get(0));
    assertSame(A.value(), values.get(1));
    assertEquals(Arrays.asList(A.value(), null, B.value()),
        Cotangents.of(A, Tangent.zero(), B).valuesIn(PASS));
    assertThrows(UnsupportedOperationException.class, () -> values.set(0, A.value()));
  }

  @Test
  void cotangentsValuesInThePassReadThroughTheResult() {
    PrimitiveBuilder<RealOp> b = PASS;
    Tangent ct = Tangent.of(b, new ValueRef.Local(3));
    // Cotangents.valuesIn
    List<ValueRef> forTheTransform = Cotangents.of(ct, Tangent.zero()).valuesIn(b); // [ct, null]
    assertEquals(Arrays.asList(ct.value(), null), forTheTransform);
  }

  @Test
  void tangentsValuesInThePassReadThroughTheResult() {
    PrimitiveBuilder<RealOp> b = PASS;
    Tangent dy = Tangent.of(b, new ValueRef.Local(5));
    // Tangents.valuesIn
    List<ValueRef> forTheTransform = Tangents.of(Tangent.zero(), dy).valuesIn(b); // [null, dy]
    assertEquals(Arrays.asList(null, dy.value()), forTheTransform);
  }

  @Test
  void aValueOfAnotherPassIsRefusedWhereItIsRead() {
    PrimitiveBuilder<RealOp> other = TestBuilders.pass();
    Tangent kept = Tangent.of(other, new ValueRef.Local(1));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> Cotangents.of(A, kept).valuesIn(PASS));
    assertEquals(
        "Tangent(%1) is a value of another pass than the one emitting: a rule's values live for"
            + " the rule call that gets or makes them, so a rule keeps none in a field or cache for"
            + " a later call",
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Tangents.of(kept).valuesIn(PASS));
    assertThrows(IllegalArgumentException.class, () -> kept.valueIn(PASS));
    assertSame(kept.value(), kept.valueIn(other));
    assertNull(Tangent.zero().valueIn(PASS), "the zero is every pass's");
    Tangent absent = Tangent.of(other, null); // a dispatch's absent tangent
    assertTrue(absent.isZero());
    assertNull(absent.valueIn(PASS), "a zero given to one pass is every pass's");
    assertEquals("Tangent(0)", absent.toString());
    Primal x = Arg.fixed(other, new ValueRef.Local(0)).primal();
    assertThrows(IllegalArgumentException.class, () -> x.valueIn(PASS));
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
    assertThrows(IndexOutOfBoundsException.class, () -> Cotangents.of(A, B).valuesIn(PASS).get(-1));
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

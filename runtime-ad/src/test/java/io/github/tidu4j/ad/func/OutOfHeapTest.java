package io.github.tidu4j.ad.func;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.RealOp;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A compilation that runs out of memory ends with an error naming the function, its input types
 * and what to do, the JVM's error its cause, and leaves nothing in the cache. Here the traced body
 * throws the JVM's error itself; primitives' {@code OutOfHeapInAForkedJvmTest} runs a real one.
 */
class OutOfHeapTest {
  private final ScalarAutodiff<RealOp> ad = ScalarAutodiff.of(RealOp.class);
  private final AtomicInteger traces = new AtomicInteger();
  private final OutOfMemoryError heap = new OutOfMemoryError("Java heap space");

  private ScalarFunction<RealOp> failing(OutOfMemoryError error) {
    return ad.function(
        (b, x) -> {
          traces.incrementAndGet();
          throw error;
        });
  }

  @Test
  void aTaylorTransformThatRunsOutOfHeapSaysHowManyOperationsItsOrderMakes() {
    ScalarFunction<RealOp> d = ad.derivatives(failing(heap), 100);
    OutOfMemoryError e = assertThrows(OutOfMemoryError.class, () -> d.applyAll(0.5));
    String m = e.getMessage();
    assertTrue(
        m.startsWith(
            "compiling derivatives(f, order=100) for [f64] ran out of heap (Java heap space;"
                + " this JVM's maximum heap is "),
        m);
    assertTrue(
        m.contains(
            "Taylor mode to order 100 makes up to 5,151 operations for each operation of the"
                + " function it expands. Ask for a lower order, give the JVM more heap (-Xmx), or"
                + " take the coefficients on the set's eager runtime (EagerRuntime.taylor)"),
        m);
    assertSame(heap, e.getCause());
  }

  @Test
  void aTaylorTransformUnderAnotherIsFound() {
    ScalarFunction<RealOp> g = ad.grad(ad.taylor(failing(heap), 3));
    OutOfMemoryError e = assertThrows(OutOfMemoryError.class, () -> g.applyAll(0.5, 1.0));
    assertTrue(e.getMessage().startsWith("compiling grad(taylor(f, order=3)) for [f64, f64]"),
        e.getMessage());
    assertTrue(e.getMessage().contains("Taylor mode to order 3 makes up to 10 operations"),
        e.getMessage());
  }

  @Test
  void anyOtherFunctionIsToldAboutTheHeapAlone() {
    ScalarFunction<RealOp> g = ad.grad(failing(heap));
    OutOfMemoryError e = assertThrows(OutOfMemoryError.class, () -> g.apply(0.5));
    assertTrue(
        e.getMessage().startsWith("compiling grad(f) for [f64] ran out of heap (Java heap space;"),
        e.getMessage());
    assertTrue(
        e.getMessage().endsWith(
            "compiled whole before its first call. Give the JVM more heap (-Xmx), or compile a"
                + " smaller function"),
        e.getMessage());
    assertTrue(!e.getMessage().contains("Taylor"), e.getMessage());
  }

  @Test
  void memoryOtherThanTheHeapIsNamedWithoutHeapAdvice() {
    OutOfMemoryError metaspace = new OutOfMemoryError("Metaspace");
    OutOfMemoryError e =
        assertThrows(OutOfMemoryError.class, () -> ad.grad(failing(metaspace)).apply(0.5));
    assertEquals("compiling grad(f) for [f64] ran out of memory (Metaspace)", e.getMessage());
    assertSame(metaspace, e.getCause());
  }

  @Test
  void theFailedCompilationLeavesNothingCachedAndTheCacheGoesOn() {
    ScalarFunction<RealOp> g = ad.grad(failing(heap));
    assertThrows(OutOfMemoryError.class, () -> g.apply(0.5));
    assertThrows(OutOfMemoryError.class, () -> g.apply(0.5));
    assertEquals(2, traces.get(), "traced again: the failure was not cached");
    ScalarFunction<RealOp> sin = ad.function((b, x) -> b.apply(RealOp.SIN, x));
    assertEquals(Math.cos(0.5), ad.grad(sin).apply(0.5), 0);
  }
}

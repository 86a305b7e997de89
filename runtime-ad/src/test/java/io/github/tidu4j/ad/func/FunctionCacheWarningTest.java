package io.github.tidu4j.ad.func;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.ValueRef;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A lambda made anew for every call is a new function each time, traced and compiled on every
 * call: after {@link FunctionCache#COMPILATIONS_WARNED} compilations of one lambda class a warning
 * says so, once; and a body reading past its declared inputs is told how many it has.
 */
class FunctionCacheWarningTest {

  @Test
  void functionsMadeAnewForEveryCallAreCompiledEveryTimeAndAWarningSaysSoOnce() {
    List<String> warned = new CopyOnWriteArrayList<>();
    Consumer<String> before = FunctionCache.warnings;
    FunctionCache.warnings = warned::add;
    try {
      ScalarAutodiff<RealOp> ad = ScalarAutodiff.of(RealOp.class);
      int calls = FunctionCache.COMPILATIONS_WARNED + 5;
      for (int i = 0; i < calls; i++) {
        double limit = i; // captured: a new lambda object each time round
        ScalarFunction<RealOp> f =
            ad.function(
                (b, x) -> {
                  if (limit < 0) {
                    throw new AssertionError();
                  }
                  return b.apply(RealOp.SIN, x);
                });
        assertEquals(Math.cos(0.5), ad.grad(f).apply(0.5), 1e-15);
      }
      assertEquals(calls, ad.cacheStats().compilations());
      assertEquals(0, ad.cacheStats().hits());
      assertEquals(1, warned.size(), warned.toString());
      assertTrue(warned.get(0).contains(FunctionCacheWarningTest.class.getName()), warned.get(0));
      assertTrue(warned.get(0).contains("pass what changes as arguments"), warned.get(0));
      // the other cause: a function made once but dropped by the cache's bounds and compiled again
      assertTrue(warned.get(0).contains("the cache may be dropping and compiling it again: it keeps"),
          warned.get(0));
      ScalarFunction<RealOp> once = ad.function((b, x) -> b.apply(RealOp.SIN, x));
      for (int i = 0; i < calls; i++) {
        ad.grad(once).apply(0.5);
      }
      assertEquals(1, warned.size(), "one function called often compiles once and warns nothing");
    } finally {
      FunctionCache.warnings = before;
    }
  }

  /**
   * Kotlin passes a function-typed value where a Java interface is expected by wrapping it in a
   * new lambda at each call, which captures nothing else: the warning says so rather than blaming
   * captured values.
   */
  @Test
  void aKotlinFunctionValueWrappedAnewForEveryCallIsWarnedOfAsSuch() {
    List<String> warned = new CopyOnWriteArrayList<>();
    Consumer<String> before = FunctionCache.warnings;
    FunctionCache.warnings = warned::add;
    try {
      ScalarAutodiff<RealOp> ad = ScalarAutodiff.of(RealOp.class);
      kotlin.jvm.functions.Function1<ValueRef, ValueRef> sin = x -> x; // a Kotlin function value
      for (int i = 0; i < FunctionCache.COMPILATIONS_WARNED; i++) {
        // what Kotlin compiles ad.function(body) to, for a val body of a Kotlin function type
        ScalarFunction<RealOp> f = ad.function((b, x) -> b.apply(RealOp.SIN, sin.invoke(x)));
        assertEquals(Math.cos(0.5), ad.grad(f).apply(0.5), 1e-15);
      }
      assertEquals(1, warned.size(), warned.toString());
      assertTrue(
          warned.get(0).contains(
              "times: it wraps a Kotlin function value, and Kotlin makes a new wrapper each time a"
                  + " function-typed value is passed where a Java interface is expected"),
          warned.get(0));
      assertTrue(!warned.get(0).contains("captures values"), warned.get(0));
    } finally {
      FunctionCache.warnings = before;
    }
  }

  /**
   * One function compiled again and again by caches made anew (a {@code ScalarAutodiff} made for
   * every call has a cache of its own) is warned of as such, not as lambdas made anew.
   */
  @Test
  void oneFunctionCompiledByCachesMadeAnewIsWarnedOfAsSuch() {
    List<String> warned = new CopyOnWriteArrayList<>();
    Consumer<String> before = FunctionCache.warnings;
    FunctionCache.warnings = warned::add;
    try {
      for (int i = 0; i < FunctionCache.COMPILATIONS_WARNED + 5; i++) {
        ScalarAutodiff<RealOp> ad = ScalarAutodiff.of(RealOp.class); // a new cache every call
        ScalarFunction<RealOp> f = ad.function((b, x) -> b.apply(RealOp.SIN, x));
        assertEquals(Math.cos(0.5), ad.grad(f).apply(0.5), 1e-15);
      }
      assertEquals(1, warned.size(), warned.toString());
      assertTrue(
          warned.get(0).contains(
              "have been traced and compiled 64 times, 63 of them the function compiled just"
                  + " before: the caches compiling it do not keep it. A cache made for every call"
                  + " compiles on every call, and each ScalarAutodiff has a cache of its own: make"
                  + " it once (ScalarAutodiff.of) and keep it."),
          warned.get(0));
    } finally {
      FunctionCache.warnings = before;
    }
  }

  /**
   * More functions called in turn than the cache holds: none is found, each call compiles again,
   * and once that has happened {@link FunctionCache#COMPILATIONS_WARNED} times a warning names the
   * bound and its property, once.
   */
  @Test
  void functionsCompiledAgainAfterTheCacheDroppedThemAreWarnedOfOnceNamingTheBound() {
    List<String> warned = new CopyOnWriteArrayList<>();
    FunctionCache<RealOp, ScalarType, Double> cache = cycle(5, 4, 20, warned);
    assertEquals(100, cache.stats().compilations(), "a cyclic scan of 5 over 4 never hits");
    // the five are made by one lambda expression, so the warning of a lambda class compiled
    // 64 times comes too; the cache's own comes once
    List<String> dropped =
        warned.stream().filter(w -> w.startsWith("this cache has compiled")).toList();
    assertEquals(1, dropped.size(), warned.toString());
    assertTrue(
        dropped.get(0).startsWith(
            "this cache has compiled 64 functions again after dropping them: more functions (or"
                + " input types) are in use than it holds, 4,"),
        dropped.get(0));
    assertTrue(dropped.get(0).contains("-Dtidu4j.autodiff.cacheEntries"), dropped.get(0));
  }

  /** A cycle many times longer than the cache is seen too (its memory outlasts four caches). */
  @Test
  void aCycleTwentyTimesTheCachesSizeIsWarnedOfToo() {
    List<String> warned = new CopyOnWriteArrayList<>();
    cycle(40, 2, 3, warned);
    assertEquals(1, warned.stream().filter(w -> w.startsWith("this cache has compiled")).count(),
        warned.toString());
  }

  /** {@code sin(x)}, traced by hand: equal instances are one function only if it says so. */
  private static class SineByHand implements Traceable<RealOp, ScalarType, Double> {
    @Override
    public int arity() {
      return 1;
    }

    @Override
    public Staged<RealOp, ScalarType, Double> stage(List<ScalarType> inputTypes) {
      io.github.tidu4j.graph.GraphBuilder<RealOp> b = io.github.tidu4j.graph.Graph.builder();
      io.github.tidu4j.graph.Graph<RealOp> g =
          b.output(b.apply(RealOp.SIN, b.input("x"))).build();
      return Staged.of(
          g,
          List.of(io.github.tidu4j.graph.ValueKey.input("x")),
          inputTypes,
          g.outputKeys(),
          List.of(ScalarType.F64));
    }

    @Override
    public String describe() {
      return "sineByHand";
    }
  }

  /** The same, with value equality: every instance is one function. */
  private static final class SineByHandAsAValue extends SineByHand {
    @Override
    public boolean equals(Object o) {
      return o instanceof SineByHandAsAValue;
    }

    @Override
    public int hashCode() {
      return 1;
    }
  }

  @Test
  void aHandWrittenTraceableMadeAnewForEveryCallIsWarnedAboutToo() {
    List<String> warned = new CopyOnWriteArrayList<>();
    Consumer<String> before = FunctionCache.warnings;
    FunctionCache.warnings = warned::add;
    try {
      FunctionCache<RealOp, ScalarType, Double> cache =
          new FunctionCache<>(
              ScalarDomain.INSTANCE,
              io.github.tidu4j.graph.ProgramRunner.<RealOp, Double>interpreter(),
              512);
      int calls = FunctionCache.COMPILATIONS_WARNED + 5;
      for (int i = 0; i < calls; i++) {
        assertEquals(Math.sin(0.5), cache.call(new SineByHand(), List.of(0.5)).get(0));
      }
      assertEquals(calls, cache.stats().compilations());
      assertEquals(1, warned.size(), warned.toString());
      assertTrue(warned.get(0).contains(SineByHand.class.getName()), warned.get(0));
      assertTrue(warned.get(0).contains("give the class value equality"), warned.get(0));
      for (int i = 0; i < calls; i++) {
        cache.call(new SineByHandAsAValue(), List.of(0.5));
      }
      assertEquals(calls + 1, cache.stats().compilations(), "a value compiles once");
      assertEquals(1, warned.size());
    } finally {
      FunctionCache.warnings = before;
    }
  }

  /**
   * {@code rounds} calls, in turn, of {@code functions} distinct functions through a cache of
   * {@code capacity}, its warnings into {@code warned}; the cache.
   */
  private static FunctionCache<RealOp, ScalarType, Double> cycle(
      int functions, int capacity, int rounds, List<String> warned) {
    Consumer<String> before = FunctionCache.warnings;
    FunctionCache.warnings = warned::add;
    try {
      ScalarAutodiff<RealOp> ad = ScalarAutodiff.of(RealOp.class);
      FunctionCache<RealOp, ScalarType, Double> cache =
          new FunctionCache<>(
              ScalarDomain.INSTANCE,
              io.github.tidu4j.graph.ProgramRunner.<RealOp, Double>interpreter(),
              capacity);
      List<ScalarFunction<RealOp>> all = new java.util.ArrayList<>();
      for (int i = 0; i < functions; i++) {
        RealOp op = i % 2 == 0 ? RealOp.SIN : RealOp.COS;
        int copies = i;
        all.add(
            ad.function(
                (b, x) -> {
                  io.github.tidu4j.graph.ValueRef v = x;
                  for (int c = 0; c <= copies; c++) {
                    v = b.apply(op, v);
                  }
                  return v;
                }));
      }
      for (int round = 0; round < rounds; round++) {
        for (ScalarFunction<RealOp> f : all) {
          cache.call(f.traceable(), List.of(0.5));
        }
      }
      return cache;
    } finally {
      FunctionCache.warnings = before;
    }
  }

  @Test
  void theEntriesPropertyIsAPositiveCount() {
    assertEquals(FunctionCache.DEFAULT_ENTRIES, FunctionCache.entries(null));
    assertEquals(3, FunctionCache.entries(" 3 "));
    for (String bad : List.of("0", "-1", "many", "1e3")) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> FunctionCache.entries(bad));
      assertEquals("system property tidu4j.autodiff.cacheEntries = '" + bad
          + "': expected a number of compiled functions of at least 1 and at most 2147483647",
          e.getMessage());
    }
  }

  @Test
  void aBodyReadingMoreInputsThanDeclaredIsToldHowMany() {
    ScalarAutodiff<RealOp> ad = ScalarAutodiff.of(RealOp.class);
    ScalarFunction<RealOp> f =
        ad.function(2, (b, xs) -> List.of(b.apply(RealOp.ADD, xs.get(0), xs.get(2))));
    IndexOutOfBoundsException e =
        assertThrows(IndexOutOfBoundsException.class, () -> f.applyAll(1.0, 2.0));
    assertTrue(
        e.getMessage().contains("f reads input 2, but is declared with 2 inputs (0 to 1)"),
        e.getMessage());
  }

  @Test
  void aBodyReplacingATracedInputIsToldWhyItCannot() {
    ScalarAutodiff<RealOp> ad = ScalarAutodiff.of(RealOp.class);
    ScalarFunction<RealOp> f =
        ad.function(1, (b, xs) -> List.of(xs.set(0, b.apply(RealOp.ADD, xs.get(0), xs.get(0)))));
    UnsupportedOperationException e =
        assertThrows(UnsupportedOperationException.class, () -> f.applyAll(1.0));
    assertEquals("f's traced inputs cannot be replaced: its body computes new values from them and"
        + " returns those", e.getMessage());
  }
}

package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.tidu4j.graph.testing.Concurrently;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link CompiledProgram#derived}: one value per owner, made from the program, kept with the
 * program and collected with it although the value refers back to it.
 */
class DerivedValuesTest {
  private static CompiledProgram<ScalarOp> sine() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    return Graphs.compile(Graphs.materialize(b.output(b.apply(ScalarOp.SIN, b.input("x"))).build()));
  }

  /** A value that refers back to its program, as a fused program does. */
  private record Plan(CompiledProgram<ScalarOp> program) {}

  @Test
  void theJavadocExample() {
    CompiledProgram<ScalarOp> program = sine();
    record Plan(CompiledProgram<?> program) {}   // refers back to its program
    Object owner = new Object();                 // a long-lived owner, such as a fusion set
    Plan plan = program.derived(owner, Plan::new);   // made once, collected with the program
    assertSame(plan, program.derived(owner, Plan::new));
    assertSame(program, plan.program());
  }

  @Test
  void eachOwnerDerivesOneValueMadeOnce() {
    CompiledProgram<ScalarOp> p = sine();
    AtomicInteger made = new AtomicInteger();
    Object owner = new Object();
    Plan first = p.derived(owner, q -> { made.incrementAndGet(); return new Plan(q); });
    Plan again = p.derived(owner, q -> { made.incrementAndGet(); return new Plan(q); });
    assertSame(first, again);
    assertSame(p, first.program());
    assertEquals(1, made.get());
    assertNotSame(first, p.derived(new Object(), Plan::new), "another owner, another value");
    assertNotSame(first, sine().derived(owner, Plan::new), "another program, another value");
  }

  @Test
  void aDerivationMayDeriveAnotherFromTheSameProgram() {
    CompiledProgram<ScalarOp> p = sine();
    Object inner = new Object();
    Plan outer = p.derived(new Object(), q -> new Plan(q.<Plan>derived(inner, Plan::new).program()));
    assertSame(p, outer.program());
    assertSame(p.<Plan>derived(inner, Plan::new).program(), outer.program());
  }

  @Test
  void threadsAtOnceAllGetTheFirstStored() throws Exception {
    CompiledProgram<ScalarOp> p = sine();
    Object owner = new Object();
    List<Plan> seen = Concurrently.run(8, i -> p.derived(owner, Plan::new));
    for (Plan plan : seen) {
      assertSame(seen.get(0), plan);
    }
  }

  @Test
  void nullsAreRefused() {
    CompiledProgram<ScalarOp> p = sine();
    assertThrows(NullPointerException.class, () -> p.derived(null, Plan::new));
    assertThrows(NullPointerException.class, () -> p.derived(new Object(), q -> null));
  }

  @Test
  void aValueReferringToItsProgramIsCollectedWithIt() throws InterruptedException {
    Object owner = new Object(); // a long-lived owner, as a shared fusion set is
    List<WeakReference<Object>> dropped = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      CompiledProgram<ScalarOp> p = sine();
      dropped.add(new WeakReference<>(p.derived(owner, Plan::new)));
    }
    for (int attempt = 0; attempt < 100 && dropped.stream().anyMatch(r -> r.get() != null);
        attempt++) {
      System.gc();
      Thread.sleep(20);
    }
    assertEquals(0, dropped.stream().filter(r -> r.get() != null).count());
  }
}

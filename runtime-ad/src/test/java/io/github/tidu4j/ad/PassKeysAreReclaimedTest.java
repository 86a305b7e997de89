package io.github.tidu4j.ad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.ad.testing.RealRandDag;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.testing.RandDag;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A long-running process that keeps differentiating does not keep the keys of passes it has
 * dropped: each pass interns its keys in a scope of its own, which holds them, and a key that can
 * be collected proves its whole scope unreachable (the scope holds every one of its keys).
 */
class PassKeysAreReclaimedTest {

  @Test
  void droppedPassesAreCollectedWithTheirKeys() throws Exception {
    Graph<RealOp> primal = RealRandDag.build(RandDag.generate(500, 7));
    ResolvedView<RealOp> view = Graphs.resolve(primal);
    List<ValueKey> wrt =
        List.of(ValueKey.input(0), ValueKey.input(1), ValueKey.input(2), ValueKey.input(3));
    List<WeakReference<ValueKey>> dropped = new ArrayList<>();
    LinearizedGraph<RealOp> kept = null;
    for (int pass = 0; pass < 400; pass++) {
      LinearizedGraph<RealOp> lin = AD.linearize(view, primal.outputKeys(), wrt);
      LinearizedGraph<RealOp> vjp = AD.linearTranspose(lin);
      if (pass == 0) {
        kept = vjp; // a kept result keeps its pass's keys, and those of the pass it refers to
      } else if (pass % 20 == 0) {
        dropped.add(new WeakReference<>(lin.linearOutput(0)));
        dropped.add(new WeakReference<>(vjp.linearOutput(0)));
      }
    }
    for (int attempt = 0; attempt < 100 && dropped.stream().anyMatch(r -> r.get() != null);
        attempt++) {
      System.gc();
      Thread.sleep(20);
    }
    assertEquals(0, dropped.stream().filter(r -> r.get() != null).count(),
        "keys of dropped passes still reachable");
    // the kept result still resolves, through its parents, to the linear graph and the primal
    assertNotNull(kept.linearOutput(0));
    assertEquals(3, Graphs.resolve(kept.graph()).graphs().size());
  }
}

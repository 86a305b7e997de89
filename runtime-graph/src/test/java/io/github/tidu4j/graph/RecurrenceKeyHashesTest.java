package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The keys of a recurrence have as many distinct hashes as a random draw would give. A 32-bit hash
 * of a key's immediate fields alone is a function of its inputs' hashes, so iterating a step (y ←
 * y + y, or y ← y + sin y) entered a cycle of a few thousand hash values within about 2^14 to 2^16
 * steps, and from then on every new key met every earlier key of its hash in the global table:
 * building the graph grew quadratically (5.3 s for 10^6 steps of v + v, 0.3 s for a chain of
 * sines).
 * Each key's depth is part of its hash now.
 */
class RecurrenceKeyHashesTest {
  private static final OperationRole PRIMARY = OperationRole.Primary.INSTANCE;
  private static final int STEPS = 200_000;

  @Test
  void aStepReadingOneValueTwiceGivesDistinctHashes() {
    assertNearlyAllDistinct(y -> OperationKey.of(ScalarOp.ADD, List.of(y, y), PRIMARY));
    assertNearlyAllDistinct(y -> OperationKey.of(ScalarOp.MUL, List.of(y, y), PRIMARY));
  }

  @Test
  void anEulerLikeStepGivesDistinctHashes() {
    assertNearlyAllDistinct(
        y ->
            OperationKey.of(
                ScalarOp.ADD,
                List.of(y, OperationKey.of(ScalarOp.SIN, List.of(y), PRIMARY)),
                PRIMARY));
  }

  private static void assertNearlyAllDistinct(UnaryOperator<ValueKey> step) {
    ValueKey y = ValueKey.input("y" + System.nanoTime());
    Set<Integer> hashes = new HashSet<>();
    List<ValueKey> keep = new java.util.ArrayList<>(STEPS); // the keys stay canonical while held
    for (int i = 0; i < STEPS; i++) {
      y = step.apply(y);
      keep.add(y);
      hashes.add(y.hashCode());
    }
    // a random draw of 2·10^5 32-bit values repeats about 5 of them
    assertTrue(hashes.size() > STEPS - 100, hashes.size() + " distinct hashes of " + STEPS);
  }
}

package io.github.tidu4j.graph.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.BlockKernelDescriptor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link BlockKernel#byPrimitive}: block kernels from a set's declared descriptors. */
class BlockKernelTest {

  /** A primitive's interface declaring its block kernel, as a processed set's do. */
  interface Twice {
    static void block(double[] x, int xOff, double[] y, int yOff, int n) {
      for (int i = 0; i < n; i++) {
        y[yOff + i] = 2 * x[xOff + i];
      }
    }
  }

  private static final String TWICE = Twice.class.getName().replace('.', '/');
  private static final ClassLoader LOADER = BlockKernelTest.class.getClassLoader();

  @Test
  void descriptorsBecomeBlockKernelsByPrimitiveName() {
    Map<String, BlockKernel> kernels =
        BlockKernel.byPrimitive(
            List.of(new BlockKernelDescriptor(3, "Twice", TWICE, "block")), LOADER);
    assertEquals(Map.of("Twice", new BlockKernel(Twice.class, "block")), kernels);
    assertEquals(Map.of(), BlockKernel.byPrimitive(List.of(), LOADER));
  }

  @Test
  void aMissingOwnerOrMethodOrATwiceNamedPrimitiveIsNamed() {
    IllegalArgumentException owner =
        assertThrows(
            IllegalArgumentException.class,
            () -> BlockKernel.byPrimitive(
                List.of(new BlockKernelDescriptor(3, "Twice", "com/example/Nowhere", "block")),
                LOADER));
    assertTrue(owner.getMessage().startsWith("Twice: block kernel owner com/example/Nowhere"),
        owner.getMessage());
    IllegalArgumentException method =
        assertThrows(
            IllegalArgumentException.class,
            () -> BlockKernel.byPrimitive(
                List.of(new BlockKernelDescriptor(3, "Twice", TWICE, "blocks")), LOADER));
    assertTrue(method.getMessage().contains("Twice.blocks"), method.getMessage());
    IllegalArgumentException twice =
        assertThrows(
            IllegalArgumentException.class,
            () -> BlockKernel.byPrimitive(
                List.of(
                    new BlockKernelDescriptor(3, "Twice", TWICE, "block"),
                    new BlockKernelDescriptor(4, "Twice", TWICE, "block")),
                LOADER));
    assertTrue(twice.getMessage().contains("two block kernels"), twice.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> new BlockKernelDescriptor(-1, "Twice", TWICE, "b"));
    assertThrows(
        IllegalArgumentException.class, () -> new BlockKernelDescriptor(1, "", TWICE, "block"));
  }
}

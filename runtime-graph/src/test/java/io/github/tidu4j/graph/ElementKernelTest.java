package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** {@link ElementKernel} takes descriptors of doubles to a double only, and counts them. */
class ElementKernelTest {

  @Test
  void descriptorsOfDoublesToADoubleAreTaken() {
    assertEquals(0, new ElementKernel("element", "()D", true).parameterCount());
    assertEquals(1, new ElementKernel("element", "(D)D", true).parameterCount());
    assertEquals(4, new ElementKernel("elementRe", "(DDDD)D", false).parameterCount());
  }

  @Test
  void otherDescriptorsAreRefusedNamingTheKernel() {
    for (String bad :
        Arrays.asList(null, "", "D", "()", "(D)", "(D)I", "(I)D", "(DJ)D", "D)D", "(D)DD", "(D)V",
            "((D)D")) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> new ElementKernel("element", bad, true), bad);
      assertTrue(e.getMessage().contains("element kernel element has descriptor " + bad),
          e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> new ElementKernel("", "(D)D", true));
  }
}

package io.github.tidu4j.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MarkedFunctionTest {
  @Test
  void theKernelTableOfASetInTheDefaultPackageHasNoLeadingDot() {
    assertEquals("SmoothKernels", MarkedFunction.kernelTable("", "SmoothValue"));
    assertEquals(
        "com.example.SmoothKernels", MarkedFunction.kernelTable("com.example", "SmoothValue"));
  }
}

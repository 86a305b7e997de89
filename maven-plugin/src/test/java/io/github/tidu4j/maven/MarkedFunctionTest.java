package io.github.tidu4j.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.annotations.Export;
import java.util.List;
import org.junit.jupiter.api.Test;

class MarkedFunctionTest {
  private static TracedExport exportOf(String owner, String... kernelOwners) {
    ExportRequest request =
        new ExportRequest(owner, "f", "()V", "F", List.of(Export.Transform.VALUE), 2);
    return new TracedExport(request, 1, 1, List.of(), List.of(kernelOwners));
  }

  @Test
  void namesOfJavaLangClassesAreTold() {
    assertTrue(ExportBuild.shadowsJavaLang("String"));
    assertTrue(ExportBuild.shadowsJavaLang("Math"));
    assertFalse(ExportBuild.shadowsJavaLang("SoftplusProduct"));
  }

  @Test
  void kernelsOfAPackagePrivateSetAreReachableFromItsPackageOnly() {
    String hidden = "io.github.tidu4j.maven.fixtures.HiddenKernels";
    ClassLoader loader = MarkedFunctionTest.class.getClassLoader();
    assertEquals(
        hidden, ExportBuild.inaccessibleKernel(exportOf("com.example.Functions", hidden), loader));
    assertNull(
        ExportBuild.inaccessibleKernel(
            exportOf("io.github.tidu4j.maven.fixtures.Functions", hidden), loader));
    assertNull(
        ExportBuild.inaccessibleKernel(
            exportOf("com.example.Functions", "java.lang.Math"), loader));
  }

  @Test
  void aKernelClassThatCannotBeLoadedDoesNotHideAnUnreachableOne() {
    String hidden = "io.github.tidu4j.maven.fixtures.HiddenKernels";
    assertEquals(
        hidden,
        ExportBuild.inaccessibleKernel(
            exportOf("com.example.Functions", "com.example.Missing", hidden),
            MarkedFunctionTest.class.getClassLoader()));
  }

  @Test
  void theKernelTableOfASetInTheDefaultPackageHasNoLeadingDot() {
    assertEquals("SmoothKernels", MarkedFunction.kernelTable("", "SmoothValue"));
    assertEquals(
        "com.example.SmoothKernels", MarkedFunction.kernelTable("com.example", "SmoothValue"));
  }
}

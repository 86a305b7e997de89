package io.github.tidu4j.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.annotations.PrimitiveSet;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.processor.PrimitiveSetProcessor;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every published jar this module sees has the module name users put in their {@code
 * module-info}: the runtime and the annotations as explicit modules (the runtime-graph one reading
 * ASM, so a named-module user needs no {@code --add-modules}), the processor as an automatic module
 * named by its manifest. Read from the jars the build has just packaged ({@code mvn verify});
 * under {@code mvn test} the classes come from directories and the test is skipped.
 */
class ModuleNamesTest {

  @Test
  void theAnnotationsAreAnExplicitModuleExportingTheirPackage() throws URISyntaxException {
    ModuleDescriptor module = moduleOf(PrimitiveSet.class);
    assertEquals("io.github.tidu4j.annotations", module.name());
    assertFalse(module.isAutomatic());
    assertTrue(exports(module).contains("io.github.tidu4j.annotations"));
  }

  @Test
  void runtimeGraphIsAnExplicitModuleThatReadsAsm() throws URISyntaxException {
    ModuleDescriptor module = moduleOf(Graph.class);
    assertEquals("io.github.tidu4j.graph", module.name());
    assertFalse(module.isAutomatic());
    assertTrue(
        module.requires().stream()
            .anyMatch(
                r ->
                    r.name().equals("org.objectweb.asm")
                        && !r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC)),
        "runtime-graph must require ASM at run time: " + module.requires());
    assertEquals(
        Set.of("io.github.tidu4j.graph", "io.github.tidu4j.graph.bytecode",
            "io.github.tidu4j.graph.fusion"),
        exports(module));
  }

  @Test
  void runtimeAdIsAnExplicitModuleThatPassesTheGraphEngineOn() throws URISyntaxException {
    ModuleDescriptor module = moduleOf(AD.class);
    assertEquals("io.github.tidu4j.ad", module.name());
    assertFalse(module.isAutomatic());
    assertTrue(
        module.requires().stream()
            .anyMatch(
                r ->
                    r.name().equals("io.github.tidu4j.graph")
                        && r.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE)),
        "its signatures name graph types: " + module.requires());
    assertTrue(exports(module).contains("io.github.tidu4j.ad.rules"), "generated code uses ad.rules");
  }

  @Test
  void theProcessorJarNamesItsAutomaticModule() throws URISyntaxException {
    ModuleDescriptor module = moduleOf(PrimitiveSetProcessor.class);
    assertEquals("io.github.tidu4j.processor", module.name());
    assertTrue(module.isAutomatic(), "the processor has no module-info, only a manifest name");
  }

  private static ModuleDescriptor moduleOf(Class<?> type) throws URISyntaxException {
    Path location = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    assumeTrue(
        location.toString().endsWith(".jar"),
        "module names are in the packaged jars; " + type.getName() + " comes from " + location);
    Set<ModuleReference> found = ModuleFinder.of(location).findAll();
    assertEquals(1, found.size(), location.toString());
    return found.iterator().next().descriptor();
  }

  private static Set<String> exports(ModuleDescriptor module) {
    Set<String> packages = new java.util.TreeSet<>();
    module.exports().forEach(e -> packages.add(e.source()));
    return packages;
  }
}

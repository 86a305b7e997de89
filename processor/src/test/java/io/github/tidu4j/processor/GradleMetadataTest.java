package io.github.tidu4j.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The Gradle incremental-processing metadata says what each processor really does.
 *
 * <p>{@link PrimitiveSetProcessor} reads every root element of a round and keeps, across sets,
 * which set generated which type name (to report a generated name that clashes with a source type
 * or with another set's), so its output for one set depends on other files: it is
 * <em>aggregating</em>, not isolating. An isolating claim would let Gradle recompile one set alone
 * and miss a clash with an unchanged file.
 *
 * <p>{@link LocalSetProcessor} judges each type from its own source tree and generates nothing:
 * isolating.
 */
class GradleMetadataTest {
  private static final String RESOURCE = "/META-INF/gradle/incremental.annotation.processors";

  @Test
  void eachProcessorIsDeclaredWithItsCategory() throws IOException {
    assertEquals(
        List.of(
            PrimitiveSetProcessor.class.getName() + ",aggregating",
            LocalSetProcessor.class.getName() + ",isolating"),
        lines(),
        "one line a processor: its class name and its category");
  }

  @Test
  void everyProcessorAutoServiceRegistersIsDeclared() throws IOException {
    try (InputStream in =
        PrimitiveSetProcessor.class.getResourceAsStream(
            "/META-INF/services/javax.annotation.processing.Processor")) {
      assertNotNull(in, "AutoService registration");
      Set<String> registered =
          new String(in.readAllBytes(), StandardCharsets.UTF_8)
              .lines()
              .map(String::strip)
              .filter(line -> !line.isEmpty())
              .collect(Collectors.toSet());
      Set<String> declared =
          lines().stream().map(line -> line.split(",")[0]).collect(Collectors.toSet());
      // Gradle treats a registered processor missing from the metadata as not incremental
      assertEquals(registered, declared);
    }
  }

  /**
   * The annotations stay source-retained: the processor reads parameter names and annotation
   * values from source, which a class file need not keep, so Gradle must not hand it unchanged
   * sets as class files. For an aggregating processor with a source-retained annotation Gradle
   * recompiles the module in full, the correct (if slower) outcome; processor/README.md says so.
   */
  @Test
  void theAnnotationsAreSourceRetainedSoGradleRecompilesSetsInFull() {
    for (Class<?> annotation :
        List.of(
            io.github.tidu4j.annotations.PrimitiveSet.class,
            io.github.tidu4j.annotations.Primitive.class)) {
      Retention retention = annotation.getAnnotation(Retention.class);
      // a SOURCE-retained @Retention is itself RUNTIME-retained, so it is readable here
      assertEquals(RetentionPolicy.SOURCE, retention.value(), annotation.getName());
    }
  }

  private static List<String> lines() throws IOException {
    try (InputStream in = PrimitiveSetProcessor.class.getResourceAsStream(RESOURCE)) {
      assertNotNull(in, RESOURCE);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .map(String::strip)
          .filter(line -> !line.isEmpty() && !line.startsWith("#"))
          .toList();
    }
  }
}

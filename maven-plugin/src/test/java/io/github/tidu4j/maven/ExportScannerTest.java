package io.github.tidu4j.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.tidu4j.annotations.Export;
import io.github.tidu4j.maven.fixtures.BadAttributes;
import io.github.tidu4j.maven.fixtures.BadName;
import io.github.tidu4j.maven.fixtures.DollarName;
import io.github.tidu4j.maven.fixtures.RestrictedName;
import io.github.tidu4j.maven.fixtures.Functions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportScannerTest {
  @TempDir Path dir;

  @Test
  void readsEachMarkedMethodWithItsAttributesAndTheDeclaredDefaults() throws Exception {
    List<ExportRequest> found = ExportScanner.scan(classesWith(Functions.class));
    String owner = Functions.class.getName();
    String value = "Lio/github/tidu4j/primitives/scalar/ScalarValue;";
    assertEquals(List.of(
            new ExportRequest(owner, "expAndSquare", "(" + value + ")[" + value, "ExpAndSquare",
                List.of(Export.Transform.VALUE, Export.Transform.JACOBIAN), 2),
            new ExportRequest(owner, "expOfFirst", "(" + value + value + ")Ljava/util/List;",
                "ExpOfFirst", List.of(Export.Transform.VALUE, Export.Transform.GRADIENT), 2),
            new ExportRequest(owner, "sinXy", "(" + value + value + ")" + value, "SinXy",
                List.of(Export.Transform.VALUE, Export.Transform.GRADIENT,
                    Export.Transform.JACOBIAN, Export.Transform.HVP, Export.Transform.TAYLOR), 3)),
        found);
  }

  @Test
  void aNameThatIsNoClassNameIsRejected() throws Exception {
    ExportFailure e = assertThrows(
        ExportFailure.class, () -> ExportScanner.scan(classesWith(BadName.class)));
    assertEquals(BadName.class.getName() + ".sine cannot be exported: its name \"sine wave\" is"
        + " not a Java class name", e.getMessage());
  }

  @Test
  void aNameJavaRestrictsAsATypeNameIsRejected() throws Exception {
    ExportFailure e = assertThrows(
        ExportFailure.class, () -> ExportScanner.scan(classesWith(RestrictedName.class)));
    assertEquals(RestrictedName.class.getName() + ".sine cannot be exported: its name \"record\""
        + " is not a Java class name", e.getMessage());
  }

  @Test
  void aNameWithADollarIsRejected() throws Exception {
    // Scalar$Add.class is the class file of the set's own nested interface Scalar.Add
    ExportFailure e = assertThrows(
        ExportFailure.class, () -> ExportScanner.scan(classesWith(DollarName.class)));
    assertEquals(DollarName.class.getName() + ".sine cannot be exported: its name \"Scalar$Add\""
        + " has a '$', which javac reads in a class file's name as a nested class's"
        + " (Outer$Inner.class is Outer.Inner's), so the export could take the place of one; give"
        + " @Export a name without '$'", e.getMessage());
  }

  @Test
  void everyInvalidMarkIsKeptApartFromTheValidOnes() throws Exception {
    classesWith(BadAttributes.class);
    ExportScanner.Scan scan = ExportScanner.scanAll(classesWith(Functions.class));
    assertEquals(List.of("expAndSquare", "expOfFirst", "sinXy"),
        scan.requests().stream().map(ExportRequest::method).toList());
    String owner = BadAttributes.class.getName();
    assertEquals(List.of(
            owner + ".negativeOrder cannot be exported: its taylorOrder -1 is negative",
            owner + ".noTransform cannot be exported: it asks for no transform; list at least one"),
        scan.failures().stream().map(Throwable::getMessage).toList());
    ExportFailure e = assertThrows(
        ExportFailure.class, () -> ExportScanner.scan(dir.resolve("classes")));
    assertEquals("2 marked functions cannot be exported:\n  " + String.join("\n  ",
        scan.failures().stream().map(Throwable::getMessage).toList()), e.getMessage());
  }

  @Test
  void aDirectoryThatDoesNotExistHoldsNothing() {
    assertEquals(List.of(), ExportScanner.scan(dir.resolve("none")));
  }

  private Path classesWith(Class<?> type) throws Exception {
    String file = type.getName().replace('.', '/') + ".class";
    Path target = dir.resolve("classes").resolve(file);
    Files.createDirectories(target.getParent());
    Files.copy(Path.of(type.getResource("/" + file).toURI()), target);
    return dir.resolve("classes");
  }
}

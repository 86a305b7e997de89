package io.github.tidu4j.codegen.guide;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.processor.diagnostics.Message;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/writing-rules.md §13 lists every diagnostic id of the catalogue, as it says it does. */
class GuideDiagnosticsTableTest {

  @Test
  void everyIdOfTheCatalogueHasARowInTheGuidesTable() throws IOException {
    String guide = Files.readString(Snippets.ROOT.resolve("docs/writing-rules.md"));
    List<String> missing = new ArrayList<>();
    for (Message m : Message.values()) {
      if (!guide.contains("| `" + m.id() + "` |")) {
        missing.add(m.id());
      }
    }
    assertEquals(List.of(), missing, "ids with no row in writing-rules.md §13");
  }
}

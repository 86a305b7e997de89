package io.github.tidu4j.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.maven.plugin.Mojo;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The hand-written plugin descriptor agrees with {@link ExportMojo}. */
class PluginDescriptorTest {

  @Test
  void theDescriptorNamesTheMojoAndEachOfItsFieldsWithItsType() throws Exception {
    Document d;
    try (InputStream in = getClass().getResourceAsStream("/META-INF/maven/plugin.xml")) {
      d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
    }
    Element plugin = d.getDocumentElement();
    String version = text(plugin, "version");
    assertFalse(version.contains("@"), "the build fills in the version: " + version);
    assertEquals("tidu4j-maven-plugin", text(plugin, "artifactId"));
    Element mojo = (Element) plugin.getElementsByTagName("mojo").item(0);
    assertEquals("export", text(mojo, "goal"));
    assertEquals("process-classes", text(mojo, "phase"));
    Class<?> type = Class.forName(text(mojo, "implementation"));
    assertTrue(Mojo.class.isAssignableFrom(type));

    NodeList parameters = mojo.getElementsByTagName("parameter");
    List<String> named = new ArrayList<>();
    for (int i = 0; i < parameters.getLength(); i++) {
      Element p = (Element) parameters.item(i);
      String name = text(p, "name");
      Field field = type.getDeclaredField(name);
      assertEquals(field.getType().getName(), text(p, "type"), name);
      Element config = (Element) ((Element) mojo.getElementsByTagName("configuration").item(0))
          .getElementsByTagName(name).item(0);
      assertEquals(field.getType().getName(), config.getAttribute("implementation"), name);
      named.add(name);
    }
    List<String> fields = new ArrayList<>();
    for (Field f : type.getDeclaredFields()) {
      if (!Modifier.isStatic(f.getModifiers())) {
        fields.add(f.getName());
      }
    }
    assertEquals(fields, named);
  }

  private static String text(Element parent, String tag) {
    return parent.getElementsByTagName(tag).item(0).getTextContent().strip();
  }
}

package io.github.tidu4j.maven;

import io.github.tidu4j.annotations.Export;
import io.github.tidu4j.export.SourceExport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Finds the methods marked {@link Export} in a directory of class files by reading them with ASM,
 * without loading any class; the annotation's omitted attributes take its declared defaults.
 *
 * <pre>{@code
 * List<ExportRequest> marked = ExportScanner.scan(Path.of("target/classes"));
 * }</pre>
 */
public final class ExportScanner {
  private static final String EXPORT = Type.getDescriptor(Export.class);

  private ExportScanner() {}

  /**
   * The marked methods under {@code classes}, ordered by class and method name and descriptor.
   *
   * @throws ExportFailure naming the method if an attribute is not valid (a name that is not a
   *     Java identifier, no transform, a negative Taylor order) or two marked methods would
   *     generate the same class
   * @throws UncheckedIOException if a class file cannot be read
   */
  public static List<ExportRequest> scan(Path classes) {
    if (!Files.isDirectory(classes)) {
      return List.of();
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(classes)) {
      files = walk.filter(p -> p.toString().endsWith(".class")).sorted().collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<ExportRequest> found = new ArrayList<>();
    for (Path file : files) {
      try {
        new ClassReader(Files.readAllBytes(file))
            .accept(new Finder(found), ClassReader.SKIP_CODE | ClassReader.SKIP_FRAMES);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    found.sort((a, b) -> (a.owner() + ' ' + a.method() + a.descriptor())
        .compareTo(b.owner() + ' ' + b.method() + b.descriptor()));
    Map<String, ExportRequest> byClass = new HashMap<>();
    for (ExportRequest r : found) {
      ExportRequest other = byClass.putIfAbsent(r.generatedClass(), r);
      if (other != null && other.describe().equals(r.describe())) {
        throw new ExportFailure(r, "its class " + r.generatedClass() + " is also the one of its"
            + " overload " + withParameters(other) + " (the class is named for the method); give"
            + " one of " + withParameters(r) + " and " + withParameters(other)
            + " another @Export(name = ...)");
      }
      if (other != null) {
        throw new ExportFailure(r, "its class " + r.generatedClass() + " is also the one of "
            + other.describe() + "; give one of them another @Export(name = ...)");
      }
    }
    return List.copyOf(found);
  }

  /** {@code method(ParamType, ...)}, for telling overloads apart in a message. */
  static String withParameters(ExportRequest r) {
    StringBuilder text = new StringBuilder(r.method()).append('(');
    String separator = "";
    for (org.objectweb.asm.Type t : org.objectweb.asm.Type.getArgumentTypes(r.descriptor())) {
      String name = t.getClassName();
      text.append(separator).append(name.substring(name.lastIndexOf('.') + 1));
      separator = ", ";
    }
    return text.append(')').toString();
  }

  private static final class Finder extends ClassVisitor {
    private final List<ExportRequest> found;
    private String owner;

    Finder(List<ExportRequest> found) {
      super(Opcodes.ASM9);
      this.found = found;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName,
        String[] interfaces) {
      owner = Type.getObjectType(name).getClassName();
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
        String[] exceptions) {
      return new MethodVisitor(Opcodes.ASM9) {
        @Override
        public AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
          return EXPORT.equals(annotation) ? new Attributes(owner, name, descriptor, found) : null;
        }
      };
    }
  }

  /** Collects one {@code @Export}'s attributes and adds its request at the end. */
  private static final class Attributes extends AnnotationVisitor {
    private final String owner;
    private final String method;
    private final String descriptor;
    private final List<ExportRequest> found;
    private String name = (String) defaultOf("name");
    private List<Export.Transform> transforms =
        Arrays.asList((Export.Transform[]) defaultOf("transforms"));
    private int taylorOrder = (Integer) defaultOf("taylorOrder");

    Attributes(String owner, String method, String descriptor, List<ExportRequest> found) {
      super(Opcodes.ASM9);
      this.owner = owner;
      this.method = method;
      this.descriptor = descriptor;
      this.found = found;
    }

    @Override
    public void visit(String attribute, Object value) {
      if (attribute.equals("name")) {
        name = (String) value;
      } else if (attribute.equals("taylorOrder")) {
        taylorOrder = (Integer) value;
      }
    }

    @Override
    public AnnotationVisitor visitArray(String attribute) {
      if (!attribute.equals("transforms")) {
        return null;
      }
      List<Export.Transform> given = new ArrayList<>();
      transforms = given;
      return new AnnotationVisitor(Opcodes.ASM9) {
        @Override
        public void visitEnum(String unused, String descriptor, String value) {
          given.add(Export.Transform.valueOf(value));
        }
      };
    }

    @Override
    public void visitEnd() {
      String simple = name.isEmpty()
          ? Character.toUpperCase(method.charAt(0)) + method.substring(1)
          : name;
      Set<Export.Transform> distinct = new LinkedHashSet<>(transforms);
      ExportRequest request = new ExportRequest(
          owner, method, descriptor, simple, List.copyOf(distinct), taylorOrder);
      if (!SourceExport.isClassName(simple)) {
        throw new ExportFailure(request, "its name \"" + simple + "\" is not a Java class name");
      }
      if (distinct.isEmpty()) {
        throw new ExportFailure(request, "it asks for no transform; list at least one");
      }
      if (taylorOrder < 0) {
        throw new ExportFailure(request, "its taylorOrder " + taylorOrder + " is negative");
      }
      found.add(request);
    }
  }

  private static Object defaultOf(String attribute) {
    try {
      return Export.class.getMethod(attribute).getDefaultValue();
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException("@Export has no attribute " + attribute, e);
    }
  }
}

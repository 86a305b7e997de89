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
   * @throws ExportFailure naming every method whose attributes are not valid (a name that is not a
   *     Java identifier, no transform, a negative Taylor order) and every marked method that would
   *     generate another's class, one a line ({@link #scanAll})
   * @throws UncheckedIOException if a class file cannot be read
   */
  public static List<ExportRequest> scan(Path classes) {
    Scan scan = scanAll(classes);
    if (!scan.failures().isEmpty()) {
      throw ExportFailure.of(scan.failures());
    }
    return scan.requests();
  }

  /**
   * What {@link #scan} finds, with the marked methods that cannot be exported kept apart rather
   * than thrown, so that a build reports them together with the failures of tracing the rest.
   *
   * @param requests the valid marked methods, ordered by class and method name and descriptor;
   *     of two that would generate one class, the first in that order
   * @param failures why each other marked method cannot be exported, in the same order
   */
  public record Scan(List<ExportRequest> requests, List<ExportFailure> failures) {
    /** Copies both lists. */
    public Scan {
      requests = List.copyOf(requests);
      failures = List.copyOf(failures);
    }
  }

  /**
   * The marked methods under {@code classes}, valid ones and failures apart ({@link Scan}).
   *
   * @throws UncheckedIOException if a class file cannot be read
   */
  public static Scan scanAll(Path classes) {
    if (!Files.isDirectory(classes)) {
      return new Scan(List.of(), List.of());
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(classes)) {
      files = walk.filter(p -> p.toString().endsWith(".class")).sorted().collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Marked> found = new ArrayList<>();
    for (Path file : files) {
      try {
        new ClassReader(Files.readAllBytes(file))
            .accept(new Finder(found), ClassReader.SKIP_CODE | ClassReader.SKIP_FRAMES);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    found.sort((a, b) -> (a.request().owner() + ' ' + a.request().method()
        + a.request().descriptor()).compareTo(b.request().owner() + ' ' + b.request().method()
        + b.request().descriptor()));
    List<ExportRequest> requests = new ArrayList<>();
    List<ExportFailure> failures = new ArrayList<>();
    Map<String, ExportRequest> byClass = new HashMap<>();
    for (Marked m : found) {
      ExportRequest r = m.request();
      if (m.problem() != null) {
        failures.add(new ExportFailure(r, m.problem()));
        continue;
      }
      ExportRequest other = byClass.putIfAbsent(r.generatedClass(), r);
      if (other != null && other.describe().equals(r.describe())) {
        failures.add(new ExportFailure(r, "its class " + r.generatedClass() + " is also the one"
            + " of its overload " + withParameters(other) + " (the class is named for the"
            + " method); give one of " + withParameters(r) + " and " + withParameters(other)
            + " another @Export(name = ...)"));
      } else if (other != null) {
        failures.add(new ExportFailure(r, "its class " + r.generatedClass() + " is also the one"
            + " of " + other.describe() + "; give one of them another @Export(name = ...)"));
      } else {
        requests.add(r);
      }
    }
    return new Scan(requests, failures);
  }

  /** A marked method as read, and why its attributes are not valid ({@code null} if they are). */
  private record Marked(ExportRequest request, String problem) {}

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
    private final List<Marked> found;
    private String owner;

    Finder(List<Marked> found) {
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
    private final List<Marked> found;
    private String name = (String) defaultOf("name");
    private List<Export.Transform> transforms =
        Arrays.asList((Export.Transform[]) defaultOf("transforms"));
    private int taylorOrder = (Integer) defaultOf("taylorOrder");

    Attributes(String owner, String method, String descriptor, List<Marked> found) {
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
      String problem = null;
      if (!SourceExport.isClassName(simple)) {
        problem = "its name \"" + simple + "\" is not a Java class name";
      } else if (simple.indexOf('$') >= 0) {
        // Outer$Inner.class is the class file of a nested class: the export would share it
        problem = "its name \"" + simple + "\" has a '$', which javac reads in a class file's"
            + " name as a nested class's (Outer$Inner.class is Outer.Inner's), so the export"
            + " could take the place of one; give @Export a name without '$'";
      } else if (distinct.isEmpty()) {
        problem = "it asks for no transform; list at least one";
      } else if (taylorOrder < 0) {
        problem = "its taylorOrder " + taylorOrder + " is negative";
      }
      found.add(new Marked(request, problem));
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

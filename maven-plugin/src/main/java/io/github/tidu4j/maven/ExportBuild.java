package io.github.tidu4j.maven;

import com.palantir.javapoet.JavaFile;
import io.github.tidu4j.export.ExportCompiler;
import io.github.tidu4j.export.SourceExport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The export goal's work, without Maven: finds the marked functions in a directory of classes,
 * traces and exports each, writes the sources, and compiles them into the same directory.
 *
 * <p><b>Standalone.</b> Each function's kernels are then linked without tidu4j's runtime ({@link
 * StandaloneCheck}); the result says which exported classes would still need it.
 *
 * <p><b>Class loading.</b> The marked classes are loaded through this class's own loader, which
 * must see the project's classes and tidu4j's in one loader: a set's generated kernel table
 * checks its kernels from tidu4j's class loader. {@link ExportMojo} runs this class in a loader
 * over the plugin's jars and the project's compile class path for that reason.
 *
 * <p><b>Reproducible and incremental.</b> The same classes give byte-identical sources. Next to
 * each generated class, {@code <Name>.tidu4j-sha256} records the SHA-256 of everything generated
 * for its function; when a build produces the same hash, the sources exist and their classes are
 * in the output directory, nothing is written or compiled (their dates stay). A changed function
 * changes the hash and is written and compiled again. {@value #MANIFEST} in the output directory
 * lists every file the plugin wrote there; a listed file that no marked function produces any more
 * is deleted, with its classes, and no other file is ever touched, so the directory may be shared
 * (a source folder under version control, say).
 *
 * <pre>{@code
 * ExportBuild.Result r = ExportBuild.run(classes, generated, classpath, "17");
 * r.exported();    // the generated classes written and compiled this time
 * }</pre>
 */
public final class ExportBuild {
  /** The suffix of the file recording a function's hash, next to its generated class. */
  public static final String HASH_SUFFIX = ".tidu4j-sha256";

  /** The file, in the output directory, listing the files the plugin wrote there. */
  public static final String MANIFEST = ".tidu4j-export-files";

  private ExportBuild() {}

  /**
   * What a run did, by generated class (binary names).
   *
   * @param exported written and compiled
   * @param unchanged the same as last time: left as they were
   * @param deleted generated files removed because no marked function produces them any more
   * @param needRuntime the generated classes that need tidu4j's runtime on the class path after
   *     all, each with the reason ({@link StandaloneCheck})
   */
  public record Result(
      List<String> exported,
      List<String> unchanged,
      List<Path> deleted,
      Map<String, String> needRuntime) {}

  /**
   * Exports the functions marked in {@code classes} into {@code generated} and compiles them into
   * {@code classes}.
   *
   * @param classes the project's compiled classes, visible to this class's loader
   * @param generated the directory for the sources (it may hold other files, which are left alone)
   * @param classpath the project's compile class path, {@code classes} included
   * @param release the Java release to compile for
   * @throws ExportFailure naming every marked function that cannot be exported, and why (its
   *     attributes are not valid, its method cannot be traced, or a class it would generate is
   *     one of the project's own or another function's); then nothing is written
   * @throws IllegalStateException if javac rejects a generated source
   */
  public static Result run(Path classes, Path generated, List<Path> classpath, String release) {
    return run(classes, generated, null, classpath, release);
  }

  /**
   * As {@link #run(Path, Path, List, String)}, knowing the project's source roots: a class of a
   * name an export generates is then the project's own only if its source is in one of them, so
   * the classes a previous export compiled into {@code classes} (its sources since deleted, or
   * written to another directory) are generated again rather than taken for the project's.
   *
   * @param sourceRoots the project's source roots; {@code null} to take every class in {@code
   *     classes} that this run's sources did not produce as the project's own
   */
  public static Result run(
      Path classes, Path generated, List<Path> sourceRoots, List<Path> classpath, String release) {
    ExportScanner.Scan scan = ExportScanner.scanAll(classes);
    List<TracedExport> traced = new ArrayList<>();
    // the scan's failures and every later one are reported together, so that one build names
    // every marked function that cannot be exported
    List<ExportFailure> failures = new ArrayList<>(scan.failures());
    ClassLoader loader = ExportBuild.class.getClassLoader();
    for (ExportRequest r : scan.requests()) {
      try {
        traced.add(MarkedFunction.trace(r, loader));
      } catch (ExportFailure e) {
        failures.add(e);
      }
    }
    Map<TracedExport, List<String>> classesOf = new HashMap<>();
    for (TracedExport t : traced) {
      classesOf.put(t, generatedClasses(t));
    }
    for (TracedExport t : traced) {
      String hidden = inaccessibleKernel(t, loader);
      if (hidden != null) {
        failures.add(new ExportFailure(t.request(), "its set's kernels live in " + hidden
            + ", which is not public, so the exported classes in package "
            + MarkedFunction.packageOf(t.request().generatedClass()) + " cannot call them; make"
            + " the set public, or mark a function in the set's package"));
      }
      if (shadowsJavaLang(t.request().name())) {
        failures.add(new ExportFailure(t.request(), "its class " + t.request().generatedClass()
            + " would shadow java.lang." + t.request().name() + " in its package, whose code"
            + " (the set's, the exported programs') names java.lang's; give @Export another name"));
      }
      String clash = clash(classesOf.get(t), generated, classes, sourceRoots);
      if (clash != null) {
        failures.add(new ExportFailure(t.request(), "its class " + clash + " is one of the"
            + " project's own classes, not an exported one; give @Export another name"));
      }
    }
    Map<String, TracedExport> generatorOf = new HashMap<>();
    for (TracedExport t : traced) {
      for (String name : classesOf.get(t)) {
        TracedExport other = generatorOf.putIfAbsent(name, t);
        if (other != null && other != t) {
          failures.add(new ExportFailure(t.request(), "its class " + name + " is also one "
              + other.request().describe() + " generates; give one of them another"
              + " @Export(name = ...)"));
        }
      }
    }
    if (!failures.isEmpty()) {
      throw ExportFailure.of(failures);
    }
    List<String> exported = new ArrayList<>();
    List<String> unchanged = new ArrayList<>();
    Set<Path> produced = new HashSet<>();
    List<Path> toCompile = new ArrayList<>();
    try {
      for (TracedExport t : traced) {
        Map<Path, String> files = new LinkedHashMap<>();
        for (ExportedProgram p : t.programs()) {
          for (JavaFile source : p.sources()) {
            files.put(generated.resolve(relativePath(source)), source.toString());
          }
        }
        JavaFile facade = FacadeWriter.write(t);
        files.put(generated.resolve(relativePath(facade)), facade.toString());
        Path hashFile = generated.resolve(relativePath(facade)).resolveSibling(
            t.request().name() + HASH_SUFFIX);
        // the release too: the same sources compiled for another release are other class files
        String hash = fingerprint(generated, files, release);
        produced.addAll(files.keySet());
        produced.add(hashFile);
        if (hash.equals(read(hashFile)) && upToDate(files, generated, classes)) {
          unchanged.add(t.request().generatedClass());
          continue;
        }
        for (Map.Entry<Path, String> f : files.entrySet()) {
          Files.createDirectories(f.getKey().getParent());
          Files.writeString(f.getKey(), f.getValue(), StandardCharsets.UTF_8);
          toCompile.add(f.getKey());
        }
        Files.writeString(hashFile, hash + "\n", StandardCharsets.UTF_8);
        exported.add(t.request().generatedClass());
      }
      List<Path> deleted = deleteStale(generated, produced, classes);
      writeManifest(generated, produced);
      ExportCompiler.compile(toCompile, classes, classpath, release);
      Map<String, String> needRuntime = new TreeMap<>();
      for (TracedExport t : traced) {
        String problem = StandaloneCheck.firstProblem(classpath, t.kernelOwners());
        if (problem != null) {
          needRuntime.put(t.request().generatedClass(), problem);
        }
      }
      return new Result(exported, unchanged, deleted, needRuntime);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whether {@code simpleName} is a class of {@code java.lang} (String, Math, System, ...). */
  static boolean shadowsJavaLang(String simpleName) {
    try {
      Class.forName("java.lang." + simpleName, false, ClassLoader.getPlatformClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /**
   * A class holding one of {@code t}'s kernels that code in the package of {@code t}'s generated
   * classes cannot reach (it or a class enclosing it is not public, in another package), or {@code
   * null}.
   */
  static String inaccessibleKernel(TracedExport t, ClassLoader loader) {
    String pkg = MarkedFunction.packageOf(t.request().generatedClass());
    for (String owner : t.kernelOwners()) {
      try {
        Class<?> kernel = Class.forName(owner, false, loader);
        for (Class<?> c = kernel; c != null; c = c.getEnclosingClass()) {
          if (!java.lang.reflect.Modifier.isPublic(c.getModifiers())
              && !c.getPackageName().equals(pkg)) {
            return c.getName();
          }
        }
      } catch (ClassNotFoundException | LinkageError e) {
        // javac names what it cannot find; the set's other kernel classes are still checked
      }
    }
    return null;
  }

  /**
   * One of an export's classes {@code names} that the project has already, compiled from its own
   * sources (a class file in {@code classes} whose source is not in {@code generated}, and, where
   * {@code sourceRoots} are known, is in one of them), or {@code null}.
   */
  private static String clash(
      List<String> names, Path generated, Path classes, List<Path> sourceRoots) {
    for (String name : names) {
      String file = name.replace('.', '/') + ".java";
      Path source = generated.resolve(file);
      if (Files.isRegularFile(classFile(source, generated, classes))
          && !Files.isRegularFile(source)
          && (sourceRoots == null || hasSource(sourceRoots, generated, file))) {
        return name;
      }
    }
    return null;
  }

  /** Whether a root other than {@code generated} holds {@code file}. */
  private static boolean hasSource(List<Path> roots, Path generated, String file) {
    for (Path root : roots) {
      if (!root.toAbsolutePath().normalize().equals(generated.toAbsolutePath().normalize())
          && Files.isRegularFile(root.resolve(file))) {
        return true;
      }
    }
    return false;
  }

  /** The binary names of the classes {@code t} generates: its own, then its programs'. */
  private static List<String> generatedClasses(TracedExport t) {
    List<String> names = new ArrayList<>();
    names.add(t.request().generatedClass());
    for (ExportedProgram p : t.programs()) {
      for (JavaFile source : p.sources()) {
        names.add(SourceExport.className(source));
      }
    }
    return names;
  }

  /**
   * The SHA-256 of the files' paths (relative to {@code root}) and contents, and of the {@code
   * release} they are compiled for, in hex.
   */
  static String fingerprint(Path root, Map<Path, String> files, String release) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(("release " + release).getBytes(StandardCharsets.UTF_8));
      sha.update((byte) 0);
      for (Map.Entry<Path, String> f : files.entrySet()) {
        sha.update(root.relativize(f.getKey()).toString().replace('\\', '/')
            .getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
        sha.update(f.getValue().getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
      }
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }

  private static Path relativePath(JavaFile file) {
    return Path.of(SourceExport.className(file).replace('.', '/') + ".java");
  }

  private static String read(Path hashFile) throws IOException {
    return Files.isRegularFile(hashFile)
        ? Files.readString(hashFile, StandardCharsets.UTF_8).strip()
        : null;
  }

  /** Lists {@code produced} in {@link #MANIFEST}, sorted; removes the manifest if there is none. */
  private static void writeManifest(Path generated, Set<Path> produced) throws IOException {
    Path manifest = generated.resolve(MANIFEST);
    if (produced.isEmpty()) {
      Files.deleteIfExists(manifest);
      return;
    }
    List<String> lines = new ArrayList<>();
    for (Path p : produced) {
      lines.add(generated.relativize(p).toString().replace('\\', '/'));
    }
    Collections.sort(lines);
    Files.createDirectories(generated);
    Files.write(manifest, lines, StandardCharsets.UTF_8);
  }

  /**
   * Whether every source exists as it would be written (not edited by hand since) and its class
   * is in {@code classes}.
   */
  private static boolean upToDate(Map<Path, String> sources, Path generated, Path classes)
      throws IOException {
    for (Map.Entry<Path, String> source : sources.entrySet()) {
      Path file = source.getKey();
      if (!Files.isRegularFile(file)
          || !Files.isRegularFile(classFile(file, generated, classes))
          || !Files.readString(file, StandardCharsets.UTF_8).equals(source.getValue())) {
        return false;
      }
    }
    return true;
  }

  private static Path classFile(Path source, Path generated, Path classes) {
    String relative = generated.relativize(source).toString();
    return classes.resolve(relative.substring(0, relative.length() - ".java".length()) + ".class");
  }

  /**
   * Deletes the files the last run wrote under {@code generated} ({@link #MANIFEST}) that are not in
   * {@code produced}, and a stale source's classes; files the plugin did not write stay.
   */
  private static List<Path> deleteStale(Path generated, Set<Path> produced, Path classes)
      throws IOException {
    Path manifest = generated.resolve(MANIFEST);
    if (!Files.isRegularFile(manifest)) {
      return List.of();
    }
    List<Path> stale = new ArrayList<>();
    for (String line : Files.readAllLines(manifest, StandardCharsets.UTF_8)) {
      String entry = line.strip();
      // the manifest names files below the directory only, as the plugin writes them
      if (entry.isEmpty() || entry.startsWith("/") || entry.contains("..")) {
        continue;
      }
      Path p = generated.resolve(entry);
      if (!produced.contains(p) && Files.isRegularFile(p)) {
        stale.add(p);
      }
    }
    Collections.sort(stale);
    for (Path p : stale) {
      Files.delete(p);
      if (p.toString().endsWith(".java")) {
        Path main = classFile(p, generated, classes);
        String nested = main.getFileName().toString().replace(".class", "$");
        if (Files.isDirectory(main.getParent())) {
          try (Stream<Path> siblings = Files.list(main.getParent())) {
            for (Path c : siblings.collect(Collectors.toList())) {
              String name = c.getFileName().toString();
              if (c.equals(main) || (name.startsWith(nested) && name.endsWith(".class"))) {
                Files.delete(c);
              }
            }
          }
        }
      }
    }
    return stale;
  }
}

package io.github.tidu4j.codegen.corpus;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.github.tidu4j.codegen.CompiledClasses;
import io.github.tidu4j.processor.PrimitiveSetProcessor;
import io.github.tidu4j.processor.diagnostics.Message;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.annotation.processing.Processor;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The corpus of declarations a user might plausibly write: one file per case under {@code
 * src/test/resources/corpus}, each compiled with the processor under {@code -Xlint:all -Werror}
 * and asserted on its outcome, which the file states in its first lines:
 *
 * <ul>
 *   <li>{@code // expect: error Id}: compilation fails, and the first error is {@code
 *       [tidu4j:Id]}, in the case's own file, on the line ending with {@code // <-}; every other
 *       error is a tidu4j one or javac's on that same line (no cascade of {@code cannot find
 *       symbol}), and none points into a generated file.
 *   <li>{@code // expect: ok}: compilation succeeds with no diagnostic at all (no warning, no
 *       note); if the case declares a class {@code Check} with {@code static void run()}, it is
 *       loaded from the compiled classes and run, and it asserts what the generated code computes
 *       (values, derivatives, equality) by throwing an {@link AssertionError}.
 * </ul>
 *
 * <p>A case may hold several files, separated by a line {@code //--- next file}; a line {@code //
 * processor: com.example.SomeProcessor} adds a processor (a class of these tests) run before
 * tidu4j's. The file names a case; cases are written fresh for this corpus, not copied from the
 * other tests.
 */
class CorpusTest {
  private static final Pattern EXPECT = Pattern.compile("^// expect: (ok|error (\\w+))\\s*$");
  private static final Pattern PROCESSOR = Pattern.compile("^// processor: ([\\w.$]+)\\s*$");
  private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
  private static final Pattern PUBLIC_TYPE =
      Pattern.compile(
          "^public\\s+(?:(?:abstract|final|sealed|non-sealed|strictfp)\\s+)*"
              + "(?:class|interface|enum|record|@interface)\\s+(\\w+)",
          Pattern.MULTILINE);
  private static final String SEPARATOR = "//--- next file";
  private static final String MARK = "// <-";
  private static final List<String> OPTIONS = List.of("-Xlint:all", "-Werror");

  @TestFactory
  Stream<DynamicTest> everyCase() {
    return cases().stream()
        .map(path -> DynamicTest.dynamicTest(caseName(path), path.toUri(), () -> run(path)));
  }

  @Test
  void theCorpusHasAtLeastSixtyCases() {
    List<Path> cases = cases();
    long wrong = cases.stream().filter(p -> read(p).contains("// expect: error")).count();
    assertTrue(cases.size() >= 60, "the corpus has " + cases.size() + " cases");
    assertTrue(wrong > 0 && wrong < cases.size(), "both wrong and legal declarations");
  }

  /**
   * Every error the processor can report is met by a user of the corpus, and documented in {@code
   * processor/README.md}; the two that no declaration can provoke (a processor bug, a failed write)
   * and the warnings (which {@code -Werror} turns into javac's own error; {@code DiagnosticsTest}
   * places each) are only documented.
   */
  @Test
  void everyIdIsInTheCorpusAndInTheProcessorReadme() throws IOException {
    Set<Message> notProvokable =
        EnumSet.of(
            Message.INTERNAL_ERROR,
            Message.WRITE_FAILED,
            Message.UNUSED_TRANSPOSE,
            Message.UNUSED_JVP,
            Message.AUXILIARY_SET,
            Message.HIDES_JAVA_LANG,
            // needs a class path without tidu4j-runtime-ad, which the corpus does not vary:
            // DiagnosticsTest provokes it
            Message.MISSING_RULE_VOCABULARY,
            // javac reports its "cannot find symbol" for the set's ungenerated types before this
            // last-round error, which the corpus's first-error rule does not allow:
            // ProcessingRoundsTest provokes it
            Message.ROUNDS_ENDED_EARLY);
    Set<String> provoked = new TreeSet<>();
    for (Path path : cases()) {
      Matcher m = Pattern.compile("^// expect: error (\\w+)", Pattern.MULTILINE).matcher(read(path));
      if (m.find()) {
        provoked.add(m.group(1));
      }
    }
    String readme = Files.readString(Path.of(System.getProperty("tidu4j.processor.readme")));
    List<String> missing = new ArrayList<>();
    for (Message message : Message.values()) {
      if (!notProvokable.contains(message) && !provoked.contains(message.id())) {
        missing.add(message.id() + " (no corpus case)");
      }
      if (!readme.contains("`" + message.id() + "`")) {
        missing.add(message.id() + " (not in processor/README.md)");
      }
    }
    assertTrue(missing.isEmpty(), "ids not covered: " + missing);
  }

  private static void run(Path path) throws Exception {
    String text = read(path);
    String expect = null;
    String id = null;
    List<Processor> processors = new ArrayList<>();
    for (String line : text.split("\n", -1)) {
      Matcher e = EXPECT.matcher(line);
      if (e.matches()) {
        expect = e.group(1).startsWith("ok") ? "ok" : "error";
        id = e.group(2);
      }
      Matcher p = PROCESSOR.matcher(line);
      if (p.matches()) {
        processors.add(
            (Processor) Class.forName(p.group(1)).getDeclaredConstructor().newInstance());
      }
    }
    if (expect == null) {
      fail(caseName(path) + " states no '// expect: ok' or '// expect: error Id' line");
    }
    List<JavaFileObject> files = new ArrayList<>();
    JavaFileObject marked = null;
    int markedLine = -1;
    for (String part : text.split(Pattern.quote(SEPARATOR) + "[^\n]*\n", -1)) {
      JavaFileObject file = JavaFileObjects.forSourceString(typeName(path, part), part);
      files.add(file);
      String[] lines = part.split("\n", -1);
      for (int i = 0; i < lines.length; i++) {
        if (lines[i].stripTrailing().endsWith(MARK)) {
          if (marked != null) {
            fail(caseName(path) + ": two lines are marked " + MARK);
          }
          marked = file;
          markedLine = i + 1;
        }
      }
    }
    processors.add(new PrimitiveSetProcessor());
    Compilation compilation =
        Compiler.javac().withProcessors(processors).withOptions(OPTIONS).compile(files);
    if (expect.equals("ok")) {
      assertCompiledCleanly(path, compilation);
      runCheck(compilation);
    } else {
      assertFailedFirstWith(path, compilation, id, marked, markedLine, files);
    }
  }

  private static void assertCompiledCleanly(Path path, Compilation compilation) {
    if (compilation.status() != Compilation.Status.SUCCESS || !compilation.diagnostics().isEmpty()) {
      fail(caseName(path) + " must compile with no diagnostic, but javac said:\n" + describe(compilation));
    }
  }

  private static void assertFailedFirstWith(
      Path path,
      Compilation compilation,
      String id,
      JavaFileObject marked,
      int line,
      List<JavaFileObject> files) {
    String name = caseName(path);
    if (marked == null) {
      fail(name + " expects an error but marks no line with " + MARK);
    }
    List<Diagnostic<? extends JavaFileObject>> errors = errors(compilation);
    assertFalse(errors.isEmpty(), name + " must fail with [tidu4j:" + id + "], but compiled");
    Diagnostic<? extends JavaFileObject> first = errors.get(0);
    String message = first.getMessage(Locale.ROOT);
    String where = first.getSource() == null ? "no file" : first.getSource().getName();
    if (!message.startsWith("[tidu4j:" + id + "]")
        || first.getSource() == null
        || !first.getSource().toUri().equals(marked.toUri())
        || first.getLineNumber() != line) {
      fail(
          name + " must fail first with [tidu4j:" + id + "] on line " + line + " of "
              + marked.getName() + ", but the first error is on line " + first.getLineNumber()
              + " of " + where + ":\n" + describe(compilation));
    }
    for (Diagnostic<? extends JavaFileObject> error : errors) {
      boolean atTheMistake =
          error.getSource() != null
              && error.getSource().toUri().equals(marked.toUri())
              && error.getLineNumber() == line;
      if (!error.getMessage(Locale.ROOT).startsWith("[tidu4j:") && !atTheMistake) {
        fail(name + " has a follow-on error elsewhere than the mistake:\n" + describe(compilation));
      }
      if (error.getSource() != null
          && files.stream().noneMatch(f -> f.toUri().equals(error.getSource().toUri()))) {
        fail(name + " has an error inside generated code:\n" + describe(compilation));
      }
    }
  }

  /** Runs {@code Check.run()} of the case's package, if the case declares it. */
  private static void runCheck(Compilation compilation) throws Exception {
    CompiledClasses classes = CompiledClasses.of(compilation);
    String check =
        classes.names().stream()
            .filter(n -> n.equals("Check") || n.endsWith(".Check"))
            .findFirst()
            .orElse(null);
    if (check != null) {
      classes.run(check);
    }
  }

  private static List<Diagnostic<? extends JavaFileObject>> errors(Compilation compilation) {
    List<Diagnostic<? extends JavaFileObject>> errors = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : compilation.diagnostics()) {
      if (d.getKind() == Diagnostic.Kind.ERROR) {
        errors.add(d);
      }
    }
    return errors;
  }

  private static String describe(Compilation compilation) {
    StringBuilder sb = new StringBuilder();
    for (Diagnostic<? extends JavaFileObject> d : compilation.diagnostics()) {
      sb.append("  ")
          .append(d.getKind())
          .append(' ')
          .append(d.getSource() == null ? "-" : d.getSource().getName())
          .append(':')
          .append(d.getLineNumber())
          .append(": ")
          .append(d.getMessage(Locale.ROOT).lines().findFirst().orElse(""))
          .append('\n');
    }
    return sb.toString();
  }

  private static String typeName(Path path, String source) {
    Matcher pkg = PACKAGE.matcher(source);
    Matcher type = PUBLIC_TYPE.matcher(source);
    String simple = type.find() ? type.group(1) : caseName(path);
    return pkg.find() ? pkg.group(1) + "." + simple : simple;
  }

  private static String caseName(Path path) {
    String file = path.getFileName().toString();
    return file.substring(0, file.length() - ".java".length());
  }

  private static String read(Path path) {
    try {
      return Files.readString(path, StandardCharsets.UTF_8).replace("\r\n", "\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Path> cases() {
    URL root = CorpusTest.class.getResource("/corpus");
    if (root == null) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(Path.of(root.toURI()))) {
      return files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}

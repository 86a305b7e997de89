package io.github.tidu4j.bench.processor;

import io.github.tidu4j.processor.PrimitiveSetProcessor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import javax.annotation.processing.Processor;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The Processor workload (bench/README.md): javac time for a 50-primitive set, in process through
 * {@link javax.tools.JavaCompiler}, with the tidu4j processor ({@link #withProcessor}: javac
 * reads the declaration, the processor validates it and generates its six classes, javac compiles
 * all of them) and without it ({@link #withoutProcessor}: {@code -proc:none} on the declaration
 * plus the sources the processor generated in setup, so the same code is compiled). The difference
 * is what the processor itself costs. Outputs are kept in memory; setup prints the generated
 * source size.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
@State(Scope.Benchmark)
public class ProcessorOverheadBenchmark {
  private JavaCompiler javac;
  private StandardJavaFileManager standard;
  private List<JavaFileObject> sources;
  private List<JavaFileObject> sourcesWithGenerated;
  private List<String> options;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    javac = ToolProvider.getSystemJavaCompiler();
    standard = javac.getStandardFileManager(null, null, null);
    sources = List.of(new Source(FiftyPrimitiveSet.NAME, FiftyPrimitiveSet.source()));
    options = List.of("-classpath", System.getProperty("java.class.path"), "-Xlint:none");
    Result result = compile(true);
    if (!result.success) {
      throw new IllegalStateException("the 50-primitive set does not compile: " + result.log);
    }
    long generated = 0;
    sourcesWithGenerated = new ArrayList<>(sources);
    for (Map.Entry<String, ByteArrayOutputStream> e : result.files.entrySet()) {
      if (e.getKey().endsWith(".java")) {
        generated += e.getValue().size();
        String simpleName = e.getKey().substring(e.getKey().lastIndexOf('/') + 1).replace(".java", "");
        sourcesWithGenerated.add(new Source(simpleName, e.getValue().toString()));
      }
    }
    if (!compile(false).success) {
      throw new IllegalStateException("the set and its generated sources do not compile alone");
    }
    System.out.printf(
        "%n50-primitive set: declaration %,d bytes, generated sources %,d bytes in %d files%n",
        FiftyPrimitiveSet.source().length(),
        generated,
        result.files.keySet().stream().filter(k -> k.endsWith(".java")).count());
  }

  @Benchmark
  public boolean withProcessor() {
    return compile(true).success;
  }

  @Benchmark
  public boolean withoutProcessor() {
    return compile(false).success;
  }

  private Result compile(boolean process) {
    Result result = new Result();
    List<String> opts = new ArrayList<>(options);
    if (!process) {
      opts.add("-proc:none");
    }
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    JavaCompiler.CompilationTask task =
        javac.getTask(
            new java.io.OutputStreamWriter(log),
            new MemoryFileManager(standard, result.files),
            null,
            opts,
            null,
            process ? sources : sourcesWithGenerated);
    if (process) {
      task.setProcessors(List.<Processor>of(new PrimitiveSetProcessor()));
    }
    result.success = task.call();
    result.log = log.toString();
    return result;
  }

  private static final class Result {
    final Map<String, ByteArrayOutputStream> files = new ConcurrentHashMap<>();
    boolean success;
    String log;
  }

  private static final class Source extends SimpleJavaFileObject {
    private final String code;

    Source(String name, String code) {
      super(
          URI.create("string:///" + FiftyPrimitiveSet.PACKAGE.replace('.', '/') + "/" + name + ".java"),
          Kind.SOURCE);
      this.code = code;
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return code;
    }
  }

  /** Keeps generated sources and class files in memory. */
  private static final class MemoryFileManager extends ForwardingJavaFileManager<JavaFileManager> {
    private final Map<String, ByteArrayOutputStream> files;

    MemoryFileManager(JavaFileManager delegate, Map<String, ByteArrayOutputStream> files) {
      super(delegate);
      this.files = files;
    }

    @Override
    public JavaFileObject getJavaFileForOutput(
        Location location, String className, JavaFileObject.Kind kind, FileObject sibling) {
      String name = className.replace('.', '/') + kind.extension;
      return new SimpleJavaFileObject(URI.create("mem:///" + name), kind) {
        @Override
        public OutputStream openOutputStream() {
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          files.put(name, out);
          return out;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
          // javac reads generated sources back to compile them in the next round
          return files.get(name).toString(java.nio.charset.StandardCharsets.UTF_8);
        }
      };
    }
  }
}

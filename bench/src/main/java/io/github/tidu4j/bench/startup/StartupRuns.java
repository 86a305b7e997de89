package io.github.tidu4j.bench.startup;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs {@link FirstCall} in many fresh JVMs and prints medians: for each JDK, jar, class-data
 * configuration and workload, the time from the JVM's start and from {@code main} to the first
 * gradient, each phase, and the classes loaded before the first gradient.
 *
 * <pre>{@code
 * java -cp bench/target/benchmarks.jar io.github.tidu4j.bench.startup.StartupRuns \
 *     --runs 11 \
 *     --java 17=/usr/lib/jvm/java-17-openjdk-amd64/bin/java \
 *     --java 25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java \
 *     --jar new=bench/target/benchmarks.jar \
 *     --config plain --config appcds --config aot \
 *     --workload randdag --workload tour
 * }</pre>
 *
 * <p>Configurations: {@code plain} (the JDK's defaults, its own CDS archive of JDK classes
 * included), {@code appcds} (an archive of the application's classes too, made by one training
 * run with {@code -XX:ArchiveClassesAtExit} and used with {@code -XX:SharedArchiveFile}; JDK 13
 * and later) and {@code aot} (the ahead-of-time cache of JEP 483/514, made by one training run
 * with {@code -XX:AOTCacheOutput} and used with {@code -XX:AOTCache}; JDK 25 and later, skipped
 * with a note on a JDK that refuses it). Each archive is trained on the workload it is then used
 * with, in the directory given by {@code --dir} (a temporary one unless given).
 *
 * <p>Runs are interleaved: round r runs every combination once before round r + 1 starts, so
 * load on a shared machine falls on all combinations alike and their ratios hold even when the
 * absolute figures drift. Class counts come from one more run of each combination with {@code
 * -Xlog:class+load}, cut at {@link FirstCall#MARKER}; that run is not timed. Workload {@code
 * randdag-bytecode} is {@code randdag} evaluated by the bytecode backend instead of the switch
 * evaluator.
 */
public final class StartupRuns {
  private StartupRuns() {}

  /** One JVM, jar, configuration and workload, with its archive option and its results. */
  private static final class Combination {
    final String jdk;
    final String javaPath;
    final String jarName;
    final String jarPath;
    final String config;
    final String workload;
    final List<String> archiveOptions = new ArrayList<>();
    final List<Map<String, Long>> results = new ArrayList<>();
    String skipped;
    ClassCounts classes;

    Combination(String jdk, String javaPath, String jarName, String jarPath, String config,
        String workload) {
      this.jdk = jdk;
      this.javaPath = javaPath;
      this.jarName = jarName;
      this.jarPath = jarPath;
      this.config = config;
      this.workload = workload;
    }

    String label() {
      return "jdk" + jdk + " " + jarName + " " + config + " " + workload;
    }

    List<String> command(List<String> extra) {
      List<String> options = new ArrayList<>(archiveOptions);
      options.addAll(extra);
      return firstCall(javaPath, options, jarPath, workloadArgs(workload));
    }
  }

  /** Classes loaded before the first gradient: all, from an archive, the library's, hidden. */
  record ClassCounts(int total, int archived, int library, int hidden) {}

  public static void main(String[] args) throws IOException, InterruptedException {
    int runs = 11;
    Map<String, String> javas = new LinkedHashMap<>();
    Map<String, String> jars = new LinkedHashMap<>();
    List<String> configs = new ArrayList<>();
    List<String> workloads = new ArrayList<>();
    Path dir = null;
    for (int i = 0; i < args.length; i++) {
      String value = i + 1 < args.length ? args[i + 1] : null;
      switch (args[i]) {
        case "--runs" -> runs = Integer.parseInt(value);
        case "--java" -> putNamed(javas, value);
        case "--jar" -> putNamed(jars, value);
        case "--config" -> configs.add(value);
        case "--workload" -> workloads.add(value);
        case "--dir" -> dir = Path.of(value);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
      i++;
    }
    if (javas.isEmpty()) {
      javas.put(Runtime.version().feature() + "",
          Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
    if (jars.isEmpty()) {
      jars.put("jar", System.getProperty("java.class.path"));
    }
    if (configs.isEmpty()) {
      configs.add("plain");
    }
    if (workloads.isEmpty()) {
      workloads.add("randdag");
    }
    if (dir == null) {
      dir = Files.createTempDirectory("tidu4j-startup");
    }
    Files.createDirectories(dir);

    List<Combination> combinations = new ArrayList<>();
    for (Map.Entry<String, String> java : javas.entrySet()) {
      for (Map.Entry<String, String> jar : jars.entrySet()) {
        for (String config : configs) {
          for (String workload : workloads) {
            Combination c = new Combination(java.getKey(), java.getValue(), jar.getKey(),
                jar.getValue(), config, workload);
            train(c, dir);
            combinations.add(c);
          }
        }
      }
    }
    for (int r = 0; r < runs; r++) {
      for (Combination c : combinations) {
        if (c.skipped == null) {
          c.results.add(parse(run(c.command(List.of())), c.label()));
        }
      }
      System.err.println("round " + (r + 1) + " of " + runs + " done");
    }
    for (Combination c : combinations) {
      if (c.skipped == null) {
        c.classes = countClasses(run(c.command(List.of("-Xlog:class+load=info:stdout"))));
      }
    }
    report(combinations, runs);
  }

  /** The command that runs {@link FirstCall} with {@code args} in a fresh JVM. */
  static List<String> firstCall(
      String java, List<String> options, String classPath, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(java);
    command.addAll(options);
    command.add("-cp");
    command.add(classPath);
    command.add(FirstCall.class.getName());
    command.addAll(args);
    return command;
  }

  private static void putNamed(Map<String, String> into, String nameEqualsPath) {
    int eq = nameEqualsPath.indexOf('=');
    if (eq < 0) {
      throw new IllegalArgumentException("expected name=path, not " + nameEqualsPath);
    }
    into.put(nameEqualsPath.substring(0, eq), nameEqualsPath.substring(eq + 1));
  }

  private static List<String> workloadArgs(String workload) {
    return switch (workload) {
      case "randdag" -> List.of("randdag", "switch");
      case "randdag-bytecode" -> List.of("randdag", "bytecode");
      case "tour" -> List.of("tour");
      default -> throw new IllegalArgumentException(
          "unknown workload " + workload + ": expected randdag, randdag-bytecode or tour");
    };
  }

  /** Makes the combination's archive with one training run, or marks it skipped. */
  private static void train(Combination c, Path dir) throws IOException, InterruptedException {
    String stem = (c.jdk + "-" + c.jarName + "-" + c.workload).replaceAll("[^A-Za-z0-9.-]", "_");
    switch (c.config) {
      case "plain" -> { }
      case "appcds" -> {
        Path archive = dir.resolve(stem + ".jsa");
        Files.deleteIfExists(archive);
        Output out = run(c.command(List.of("-XX:ArchiveClassesAtExit=" + archive)));
        if (!Files.exists(archive)) {
          c.skipped = "no archive made (exit " + out.exitCode + "): " + firstLines(out.text);
        }
        c.archiveOptions.add("-XX:SharedArchiveFile=" + archive);
      }
      case "aot" -> {
        Path cache = dir.resolve(stem + ".aot");
        Files.deleteIfExists(cache);
        Output out = run(c.command(List.of("-XX:AOTCacheOutput=" + cache)));
        if (!Files.exists(cache)) {
          c.skipped = "no AOT cache made (exit " + out.exitCode + "): " + firstLines(out.text);
        }
        c.archiveOptions.add("-XX:AOTCache=" + cache);
      }
      default -> throw new IllegalArgumentException(
          "unknown config " + c.config + ": expected plain, appcds or aot");
    }
  }

  /** A finished JVM: its exit code and its output, standard error merged in. */
  record Output(int exitCode, List<String> text) {}

  static Output run(List<String> command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    List<String> lines = new ArrayList<>();
    try (BufferedReader reader = new BufferedReader(
        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line; (line = reader.readLine()) != null; ) {
        lines.add(line);
      }
    }
    return new Output(process.waitFor(), lines);
  }

  private static String firstLines(List<String> text) {
    return String.join(" | ", text.subList(0, Math.min(3, text.size())));
  }

  /** The result line's times, in microseconds, by name without the {@code _us} suffix. */
  static Map<String, Long> parse(Output out, String label) {
    for (String line : out.text) {
      if (line.startsWith(FirstCall.RESULT + " ")) {
        Map<String, Long> fields = new LinkedHashMap<>();
        for (String field : line.substring(FirstCall.RESULT.length() + 1).split(" ")) {
          int eq = field.indexOf('=');
          String key = field.substring(0, eq);
          if (key.endsWith("_us")) {
            fields.put(key.substring(0, key.length() - 3), Long.parseLong(field.substring(eq + 1)));
          }
        }
        return fields;
      }
    }
    throw new IllegalStateException(
        label + ": no result line (exit " + out.exitCode + "): " + String.join("\n", out.text));
  }

  /** Counts the class-load log's lines before {@link FirstCall#MARKER}. */
  static ClassCounts countClasses(Output out) {
    int total = 0;
    int archived = 0;
    int library = 0;
    int hidden = 0;
    for (String line : out.text) {
      if (line.equals(FirstCall.MARKER)) {
        return new ClassCounts(total, archived, library, hidden);
      }
      int tag = line.indexOf("[class,load] ");
      if (tag < 0) {
        continue;
      }
      String rest = line.substring(tag + "[class,load] ".length());
      String name = rest.substring(0, rest.indexOf(' '));
      total++;
      if (rest.contains("shared objects file") || rest.contains("AOT cache")) {
        archived++;
      }
      if (name.startsWith("io.github.tidu4j.")) {
        library++;
      }
      if (name.contains("/0x")) {
        hidden++;
      }
    }
    throw new IllegalStateException("no marker line in the class-load log");
  }

  private static void report(List<Combination> combinations, int runs) {
    System.out.printf(Locale.ROOT, "%nFresh-JVM first gradient, %d JVMs each, medians (min-max), ms%n",
        runs);
    for (Combination c : combinations) {
      if (c.skipped != null) {
        System.out.printf(Locale.ROOT, "%n%s: skipped, %s%n", c.label(), c.skipped);
        continue;
      }
      System.out.printf(Locale.ROOT, "%n%s%n", c.label());
      for (String key : c.results.get(0).keySet()) {
        long[] values = c.results.stream().mapToLong(m -> m.get(key)).sorted().toArray();
        System.out.printf(Locale.ROOT, "  %-18s %9.1f  (%.1f-%.1f)%n", key,
            median(values) / 1000.0, values[0] / 1000.0, values[values.length - 1] / 1000.0);
      }
      System.out.printf(Locale.ROOT,
          "  classes loaded before the first gradient: %d (%d from an archive; %d tidu4j, %d hidden)%n",
          c.classes.total, c.classes.archived, c.classes.library, c.classes.hidden);
    }
    System.out.printf(Locale.ROOT, "%n| jdk | jar | config | workload | JVM start → first gradient"
        + " | main → first gradient | CPU of main's thread, JVM start → first gradient"
        + " | classes (archived) |%n");
    System.out.printf(Locale.ROOT, "|---|---|---|---|---|---|---|---|%n");
    for (Combination c : combinations) {
      if (c.skipped != null) {
        continue;
      }
      System.out.printf(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %d (%d) |%n", c.jdk,
          c.jarName, c.config, c.workload, medianMillis(c, "jvm_to_first"),
          medianMillis(c, "main_to_first"), medianMillis(c, "cpu_jvm_to_first"),
          c.classes.total, c.classes.archived);
    }
  }

  private static String medianMillis(Combination c, String key) {
    if (!c.results.get(0).containsKey(key)) {
      return "—";
    }
    long[] values = c.results.stream().mapToLong(m -> m.get(key)).sorted().toArray();
    return String.format(Locale.ROOT, "%.1f", median(values) / 1000.0);
  }

  private static double median(long[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
  }
}

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
 * included), {@code noshare} ({@code -Xshare:off}: no class-data sharing at all), {@code appcds}
 * (an archive of the application's classes too, made by one training run with {@code
 * -XX:ArchiveClassesAtExit} and used with {@code -XX:SharedArchiveFile}; JDK 13 and later) and
 * {@code aot} (the ahead-of-time cache of JEP 483/514, made by one training run with {@code
 * -XX:AOTCacheOutput} and used with {@code -XX:AOTCache}; JDK 25 and later, skipped with a note on
 * a JDK that refuses it). A configuration may add JVM options after a colon, comma-separated:
 * {@code appcds:-XX:TieredStopAtLevel=1,-XX:+UseSerialGC} (training runs get them too). Each
 * archive is trained on the workload it is then used with, in the directory given by {@code
 * --dir} (a temporary one unless given).
 *
 * <p>Workloads: {@code randdag}, {@code randdag-bytecode} ({@code randdag} evaluated by the
 * bytecode backend instead of the switch evaluator), {@code tour}, {@code empty} (the JVM's own
 * start) and {@code classes-W} for a workload W: the classes W loads before its first gradient,
 * loaded, linked and initialised by name with nothing run (the list comes from one run of W with
 * {@code -Xlog:class+load} and the configuration's options). {@code empty}, {@code classes-W} and
 * W, side by side, split W's time into the JVM's start, loading its classes and running its code.
 *
 * <p>Runs are interleaved: round r runs every combination once before round r + 1 starts, even
 * rounds in one order and odd rounds in the reverse one, with the jars of one JDK, configuration
 * and workload next to each other, so that load on a shared machine falls on all combinations
 * alike and their ratios hold even when the absolute figures drift. Class counts come from one
 * more run of each combination with {@code -Xlog:class+load}, cut at {@link FirstCall#MARKER};
 * that run is not timed.
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
    final List<String> configOptions;
    final List<String> workloadArgs;
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
      this.configOptions = configOptions(config);
      this.workloadArgs = new ArrayList<>(workloadArgs(workload));
    }

    /** The configuration's name: what comes before the options. */
    String configName() {
      int colon = config.indexOf(':');
      return colon < 0 ? config : config.substring(0, colon);
    }

    String label() {
      return "jdk" + jdk + " " + jarName + " " + config + " " + workload;
    }

    List<String> command(List<String> extra) {
      List<String> options = new ArrayList<>(configOptions);
      options.addAll(archiveOptions);
      options.addAll(extra);
      return firstCall(javaPath, options, jarPath, workloadArgs);
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
      for (String config : configs) {
        for (String workload : workloads) {
          for (Map.Entry<String, String> jar : jars.entrySet()) {
            Combination c = new Combination(java.getKey(), java.getValue(), jar.getKey(),
                jar.getValue(), config, workload);
            listClasses(c, dir);
            train(c, dir);
            combinations.add(c);
          }
        }
      }
    }
    for (int r = 0; r < runs; r++) {
      for (int i = 0; i < combinations.size(); i++) {
        Combination c = combinations.get(r % 2 == 0 ? i : combinations.size() - 1 - i);
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
    if (workload.startsWith(CLASSES_OF)) {
      workloadArgs(workload.substring(CLASSES_OF.length()));
      return List.of("classes");
    }
    return switch (workload) {
      case "randdag" -> List.of("randdag", "switch");
      case "randdag-bytecode" -> List.of("randdag", "bytecode");
      case "tour" -> List.of("tour");
      case "empty" -> List.of("empty");
      default -> throw new IllegalArgumentException("unknown workload " + workload
          + ": expected randdag, randdag-bytecode, tour, empty or classes-WORKLOAD");
    };
  }

  /** The workload prefix that loads another workload's classes and does nothing else. */
  private static final String CLASSES_OF = "classes-";

  /** The JVM options a configuration adds: {@code -Xshare:off} for noshare, then its own. */
  private static List<String> configOptions(String config) {
    List<String> options = new ArrayList<>();
    int colon = config.indexOf(':');
    String name = colon < 0 ? config : config.substring(0, colon);
    switch (name) {
      case "plain", "appcds", "aot" -> { }
      case "noshare" -> options.add("-Xshare:off");
      default -> throw new IllegalArgumentException("unknown config " + config
          + ": expected plain, noshare, appcds or aot, optionally followed by :OPTION,OPTION…");
    }
    if (colon >= 0) {
      options.addAll(List.of(config.substring(colon + 1).split(",")));
    }
    return options;
  }

  /**
   * For a {@code classes-WORKLOAD} combination, writes the classes WORKLOAD loads before its first
   * gradient (after {@link FirstCall} itself, hidden classes left out, in load order) to a file
   * in {@code dir}, from one run with {@code -Xlog:class+load} and the configuration's options,
   * and passes that file to the workload.
   */
  private static void listClasses(Combination c, Path dir)
      throws IOException, InterruptedException {
    if (!c.workload.startsWith(CLASSES_OF)) {
      return;
    }
    String listed = c.workload.substring(CLASSES_OF.length());
    List<String> command = new ArrayList<>(c.configOptions);
    command.add("-Xlog:class+load=info:stdout");
    Output out = run(firstCall(c.javaPath, command, c.jarPath, workloadArgs(listed)));
    List<String> names = new ArrayList<>();
    boolean afterMain = false;
    for (String line : out.text) {
      if (line.equals(FirstCall.MARKER)) {
        break;
      }
      String name = loadedClass(line);
      if (name == null) {
        continue;
      }
      if (afterMain && !name.contains("/0x")) {
        names.add(name);
      }
      afterMain |= name.equals(FirstCall.class.getName());
    }
    if (!afterMain) {
      throw new IllegalStateException(c.label() + ": no class-load log of " + listed + " (exit "
          + out.exitCode + "): " + firstLines(out.text));
    }
    Path file = dir.resolve(stem(c) + ".classes");
    Files.write(file, names, StandardCharsets.ISO_8859_1);
    c.workloadArgs.add(file.toString());
  }

  /** The class a {@code -Xlog:class+load} line reports loaded, or null for other lines. */
  private static String loadedClass(String line) {
    int tag = line.indexOf(CLASS_LOAD_TAG);
    if (tag < 0) {
      return null;
    }
    String rest = line.substring(tag + CLASS_LOAD_TAG.length());
    int space = rest.indexOf(' ');
    return space < 0 ? rest : rest.substring(0, space);
  }

  private static final String CLASS_LOAD_TAG = "[class,load] ";

  private static String stem(Combination c) {
    return (c.jdk + "-" + c.jarName + "-" + c.config + "-" + c.workload)
        .replaceAll("[^A-Za-z0-9.-]", "_");
  }

  /** Makes the combination's archive with one training run, or marks it skipped. */
  private static void train(Combination c, Path dir) throws IOException, InterruptedException {
    String stem = stem(c);
    switch (c.configName()) {
      case "plain", "noshare" -> { }
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
      default -> throw new IllegalStateException("unknown config " + c.config);
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
      String name = loadedClass(line);
      if (name == null) {
        continue;
      }
      total++;
      if (line.contains("shared objects file") || line.contains("AOT cache")) {
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

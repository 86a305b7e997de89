package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.CommonPool;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.HelperTask;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.function.BiFunction;

/**
 * Defines the classes of one program while the generator writes them, on two threads: a helper
 * task takes each class as soon as it is written, and the generating thread, once it has written
 * the last, defines whatever the helper has not taken and waits for the rest. The JVM defines two
 * large hidden classes on two threads in about the time of one (it parses, verifies and links each
 * apart), and definition costs more than generation, so a large program cut into a few classes is
 * ready in about half the time of generating and defining it, or in the time of generating it and
 * defining its last class if that is longer, where one class waits for generation and then for its
 * whole definition. The classes are what one class would run, cut between steps (see {@link
 * ClassGenerator}); only when they are defined changes.
 *
 * <p>The helper runs on the common {@link ForkJoinPool}, and only if the pool starts workers
 * ({@link CommonPool#helpers()}) and the machine has more than one processor ({@link
 * #classesFor}); a helper that starts late finds nothing left, since the generating thread
 * defines every class no helper took.
 *
 * <pre>{@code
 * ClassDefiner definer = new ClassDefiner(program, lookup, ClassDefiner.helper());
 * ClassGenerator.generate(program, kernels, options, name, poolLimit, classes, definer);
 * List<Object> instances = definer.finish(); // one per class, in program order
 * }</pre>
 */
final class ClassDefiner implements ClassSink {
  /**
   * Instructions per class below which a program is not cut for parallel definition: what the JVM
   * defines in about a tenth of a millisecond, so that handing a class to another thread, tens of
   * microseconds at worst, stays small beside what it saves.
   */
  static final int INSTRUCTIONS_PER_CLASS = 1_024;

  /**
   * At most this many classes for definition in parallel for a program of up to {@link
   * #MAX_INSTRUCTIONS_PER_CLASS} times as many instructions (a program too large for one class's
   * constant pool may have more). The first class can be defined only once the generator has
   * analysed the whole program and written it, and the last only once it is written; smaller
   * classes shorten both waits, and the generating thread and the helper share the rest. Each class
   * adds its own header and kernel references, and a call per evaluation.
   */
  static final int MAX_CLASSES = 8;

  /**
   * Instructions per class above which a larger program is cut into more than {@link
   * #MAX_CLASSES} classes: a class of hundreds of thousands of instructions takes the JVM tens of
   * milliseconds to define, and the last one written, defined after the generator has finished,
   * and the unequal shares of two threads taking such classes in turn are waits the smaller
   * classes avoid.
   */
  static final int MAX_INSTRUCTIONS_PER_CLASS = 65_536;

  /** Defines one class and returns an instance of it: the lookup's, but for tests. */
  private final BiFunction<byte[], List<Object>, Object> definition;
  private final Executor helper; // null: the generating thread defines every class
  /** Per class written, in order: its file and data, and then its instance or failure. */
  private final List<Pending> pending = new ArrayList<>();
  private int next; // the next class to define
  private boolean helping; // a helper task is queued or running
  /**
   * The helper task last queued, released by {@link #finish}: one queued behind busy workers
   * starts late or never, and until then must not hold this definer, its class files and the
   * classes defined.
   */
  private HelperTask task;

  /** A class written, and what defining it gives. */
  private record Pending(byte[] file, List<Object> data, CompletableFuture<Object> instance) {
    Pending(byte[] file, List<Object> data) {
      this(file, data, new CompletableFuture<>());
    }
  }

  ClassDefiner(CompiledProgram<?> program, MethodHandles.Lookup lookup, Executor helper) {
    this(definingIn(lookup, program.instructionCount()), helper);
  }

  /** A definer that defines each class with {@code definition} (for tests). */
  ClassDefiner(BiFunction<byte[], List<Object>, Object> definition, Executor helper) {
    this.definition = definition;
    this.helper = helper;
  }

  /** The executor helpers run on, or null where a helper could not run beside the caller. */
  static Executor helper() {
    return Runtime.getRuntime().availableProcessors() > 1 ? CommonPool.helpers() : null;
  }

  /** How many classes to cut a program of {@code instructions} into, defined with {@code helper}. */
  static int classesFor(int instructions, Executor helper) {
    if (helper == null) {
      return 1;
    }
    int few = Math.max(1, Math.min(MAX_CLASSES, instructions / INSTRUCTIONS_PER_CLASS));
    return Math.max(few, (int) Math.ceil(instructions / (double) MAX_INSTRUCTIONS_PER_CLASS));
  }

  @Override
  public void accept(byte[] classFile, List<Object> classData) {
    synchronized (this) {
      pending.add(new Pending(classFile, classData));
      if (helper == null || helping) {
        return;
      }
      helping = true;
      task = new HelperTask(this::help);
    }
    if (!task.offerTo(helper)) {
      synchronized (this) {
        helping = false; // the next class written offers a helper again
      }
    }
  }

  /** Defines the classes written and not taken yet, until there are none. */
  private void help() {
    Pending p;
    while ((p = take(true)) != null) {
      define(p);
    }
  }

  /**
   * Once every class is written: defines those no helper has taken, waits for the others, and
   * returns an instance of each, in program order.
   *
   * @throws IllegalStateException if a class does not load (the first in program order that does
   *     not, whichever thread defined it)
   */
  List<Object> finish() {
    Pending p;
    while ((p = take(false)) != null) {
      define(p);
    }
    List<Pending> all;
    synchronized (this) {
      all = List.copyOf(pending);
    }
    release(); // every class is taken: a helper that has not started has nothing to do
    List<Object> instances = new ArrayList<>(all.size());
    for (Pending each : all) {
      try {
        instances.add(each.instance().join()); // a helper's: milliseconds at most
      } catch (CompletionException e) {
        if (e.getCause() instanceof RuntimeException r) {
          throw r;
        }
        throw (Error) e.getCause(); // define completes a class with nothing else
      }
    }
    return List.copyOf(instances);
  }

  /**
   * Lets go of the helper task, by {@link #finish} or when generation fails: a helper that has
   * not started does nothing when it does, and holds nothing until then.
   */
  synchronized void release() {
    if (task != null) {
      task.release();
    }
  }

  /** The next class written and not taken, taken; or null (a helper: then no longer helping). */
  private synchronized Pending take(boolean byHelper) {
    if (next == pending.size()) {
      helping = helping && !byHelper;
      return null;
    }
    return pending.get(next++);
  }

  /** Defines {@code p}'s class: its instance, or what it failed with. */
  private void define(Pending p) {
    try {
      p.instance().complete(definition.apply(p.file(), p.data()));
    } catch (RuntimeException | Error e) {
      p.instance().completeExceptionally(e);
    }
  }

  /**
   * Defines a class of a program of {@code instructions} in {@code lookup} and returns an instance
   * of it; a class that does not load is a backend bug, said so.
   */
  private static BiFunction<byte[], List<Object>, Object> definingIn(
      MethodHandles.Lookup lookup, int instructions) {
    return (file, classData) -> defineAndInstantiate(lookup, instructions, file, classData);
  }

  private static Object defineAndInstantiate(
      MethodHandles.Lookup lookup, int instructions, byte[] file, List<Object> classData) {
    try {
      MethodHandles.Lookup done = lookup.defineHiddenClassWithClassData(file, classData, true);
      Class<?> type = done.lookupClass();
      return done.findConstructor(type, MethodType.methodType(void.class)).invoke();
    } catch (RuntimeException | Error e) {
      throw new IllegalStateException(
          "the generated class of a " + instructions + "-instruction program does "
              + "not load (a bytecode backend bug; set -D" + BytecodeOptions.DUMP_PROPERTY
              + "=<dir> to keep it): " + e,
          e);
    } catch (Throwable e) {
      throw new IllegalStateException("the generated class cannot be instantiated: " + e, e);
    }
  }
}

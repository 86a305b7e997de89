package io.github.tidu4j.export;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The steps gathered into one part class of a large export, and that class's constant pool
 * estimate: a part takes steps in program order while the estimate stays within the limit.
 *
 * <p>The estimate counts, at most: {@value #POOL_BASE} entries for the class itself (its name, the
 * frame's type, {@code Code}, the constructor, ...), {@value #POOL_PER_METHOD} per method (a
 * method ref, its name-and-type and name; the step descriptor is shared), {@value
 * #POOL_PER_KERNEL} per distinct kernel called (method ref, name-and-type, class, the class's name,
 * the method's name and descriptor), {@value #POOL_PER_RECEIVER} per attribute instance (its
 * nested class and name, the field ref, name-and-type, name and descriptor, its constructor ref)
 * and {@value #POOL_PER_INT} per {@code int} constant too large for {@code sipush}.
 */
final class ExportPart {
  static final int POOL_BASE = 64;
  static final int POOL_PER_METHOD = 3;
  static final int POOL_PER_KERNEL = 6;
  static final int POOL_PER_RECEIVER = 8;
  static final int POOL_PER_INT = 2;

  private final String name;
  private final List<Step> steps = new ArrayList<>();
  private final Set<String> kernels = new HashSet<>();
  private final SortedSet<Integer> receivers = new TreeSet<>();
  private final Set<Integer> ints = new HashSet<>();

  ExportPart(String name) {
    this.name = name;
  }

  String name() {
    return name;
  }

  List<Step> steps() {
    return steps;
  }

  /** The receivers the steps read, in ascending order. */
  SortedSet<Integer> receivers() {
    return receivers;
  }

  int first() {
    return steps.get(0).first();
  }

  int last() {
    return steps.get(steps.size() - 1).end() - 1;
  }

  /** Whether this part's estimate with {@code s} added stays within {@code poolLimit}. */
  boolean fits(Step s, int poolLimit) {
    int methods = steps.size() + 1;
    // run, the constructor, and driver methods when run would call more than DRIVER_CALLS steps
    int drivers = methods > SourceExport.DRIVER_CALLS ? methods / SourceExport.DRIVER_CALLS + 1 : 0;
    methods += 2 + drivers;
    long estimate =
        POOL_BASE
            + (long) POOL_PER_METHOD * methods
            + (long) POOL_PER_KERNEL * (kernels.size() + added(s.kernels(), kernels))
            + (long) POOL_PER_RECEIVER * (receivers.size() + added(s.receivers(), receivers))
            + (long) POOL_PER_INT * (ints.size() + added(s.largeInts(), ints));
    return estimate <= poolLimit;
  }

  private static <T> int added(Set<T> more, Set<T> held) {
    int count = 0;
    for (T t : more) {
      if (!held.contains(t)) {
        count++;
      }
    }
    return count;
  }

  void add(Step s) {
    steps.add(s);
    kernels.addAll(s.kernels());
    receivers.addAll(s.receivers());
    ints.addAll(s.largeInts());
  }
}

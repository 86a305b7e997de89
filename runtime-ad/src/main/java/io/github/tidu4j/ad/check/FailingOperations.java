package io.github.tidu4j.ad.check;

import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphPrinter;
import io.github.tidu4j.graph.OperationKey;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Where a check of a function fails, which of its operations fails that check alone: each
 * operation the function's outputs depend on, applied to fresh inputs bound to the values its
 * operands have at the point, is checked to first order in the failing transform (each input also
 * alone, as the checker does). A failure at order {@code k} is one of the function of order
 * {@code k − 1}, whose operations are those the rules emitted, so the operation named is the one
 * whose rule is wrong at its own first order ({@code Polygamma[n=2]} in the derivative of {@code
 * Polygamma[n=1]}). The failure's message then names it and quotes its own failure; where every
 * operation passes alone, the message says so: the function's differences, not a rule, are then
 * the suspect (a function too curved for the steps, or cancellation).
 *
 * <p>Runs only on failure, so its cost is the failure's: at most {@link #MAX_CHECKS} applications
 * are checked, taken in turns, one of each primitive, then of each distinct operation (a primitive
 * with other attributes), then the further applications of each, so that every primitive is
 * checked before any is checked twice; an operation alone sees the values its operands have at
 * the point, not its operands' derivatives, so the order does not change what fails. Where the
 * bound leaves applications unchecked, the message says how many, and clears no rule.
 */
final class FailingOperations<P extends Primitive<P, C>, C, V> {
  /**
   * The seed of an operation's checks alone and of the directions {@link #passesNearby} moves
   * operands in: fixed, so that the verdict on an operation is the same in every process.
   */
  private static final long SEED = 0x6b696e6bL;

  /** How many applications are checked in all. */
  static final int MAX_CHECKS = 256;
  /** How many values of the function the walk for its applications visits at most. */
  static final int MAX_WALKED = 100_000;

  private final GradientChecker<P, C, V> checker;
  private final CheckedFunction<P> function;
  private final Map<Object, V> point;
  private final C ctx;
  /** Whether the walk of {@link #applications} stopped at {@link #MAX_WALKED} values. */
  private boolean walkCut;
  /** How many applications the last {@link #candidates} found, checked or not. */
  private int found;

  FailingOperations(
      GradientChecker<P, C, V> checker, CheckedFunction<P> function, Map<Object, V> point, C ctx) {
    this.checker = checker.withoutIsolation();
    this.function = function;
    this.point = point;
    this.ctx = ctx;
  }

  /**
   * {@code failure}, its message saying which operation fails {@code mode}'s check alone, or that
   * none does; {@code failure} as it is where it checked neither transform ({@code mode} null) or
   * the function is a single operation on its inputs.
   */
  GradientCheckFailure located(GradientCheckFailure failure, Mode mode) {
    if (mode == null) {
      return failure;
    }
    List<Candidate<V>> candidates = candidates();
    if (candidates == null) {
      return failure;
    }
    for (Candidate<V> candidate : candidates) {
      OperationKey application = candidate.application();
      List<V> operandValues = candidate.operands();
      String text = candidate.text();
      try {
        check(application, operandValues, mode);
      } catch (GradientCheckFailure alone) {
        // a failure with a cause is a program that threw: no convention of a kink
        if (alone.getCause() == null
            && finite(alone.actual())
            && passesNearby(application, operandValues, mode)) {
          return failure.explained(
              "\n  " + text + " fails this check alone at its operands' values here but passes"
                  + " at values near them: this is a point where it is not differentiable (a kink"
                  + " or a jump, such as equal operands of a comparison), where its rule gives a"
                  + " conventional value that finite differences cannot confirm. Where the"
                  + " function itself is not differentiable, check it at another point; where it"
                  + " is, its derivative here rests on that convention: write it so that no"
                  + " operation sits at its kink. Alone here: " + alone.getMessage(),
              text);
        }
        return failure.explained(
            "\n  " + text + " fails this check alone, applied to inputs of its operands' values"
                + " here: " + alone.getMessage(),
            text);
      } catch (RuntimeException notCheckable) {
        // an operation that cannot be checked alone (its rules refuse fresh inputs) is skipped
      }
    }
    int unchecked = found - candidates.size();
    return failure.explained(
        unchecked == 0
            ? "\n  each of the " + candidates.size() + " operation application(s) passes this"
                + " check alone at its operands' values here, so no single rule is to blame:"
                + " compare the differences at each step above (converging towards the AD value"
                + " means a function too curved for the step)"
            : "\n  each of the " + candidates.size() + " operation application(s) checked"
                + " passes this check alone at its operands' values here, every primitive and"
                + " every distinct operation among them; " + unchecked + (walkCut ? " or more" : "")
                + " further application(s) were not checked (the search checks at most "
                + MAX_CHECKS + "), so a rule may still fail at one of those",
        null);
  }

  /**
   * {@code failure} of a Taylor check to {@code order}, its message saying which operation fails
   * the same check alone (a hand-written Taylor rule, or a JVP rule the series derive from), or
   * that none does; {@code failure} as it is where the function is a single operation on its
   * inputs.
   */
  GradientCheckFailure locatedTaylor(GradientCheckFailure failure, int order) {
    List<Candidate<V>> candidates = candidates();
    if (candidates == null) {
      return failure;
    }
    for (Candidate<V> candidate : candidates) {
      Alone<P, V> alone = alone(candidate.application(), candidate.operands());
      try {
        checker.checkTaylor(alone.function(), alone.point(), order, ctx, new Random(SEED));
      } catch (GradientCheckFailure failsAlone) {
        return failure.explained(
            "\n  " + candidate.text() + " fails this check alone, applied to inputs of its"
                + " operands' values here: " + failsAlone.getMessage(),
            candidate.text());
      } catch (RuntimeException notCheckable) {
        // an operation that cannot be checked alone (its rules refuse fresh inputs) is skipped
      }
    }
    return failure.explained(
        "\n  each of the " + candidates.size() + " operation application(s) checked passes this"
            + " check alone at its operands' values here"
            + (found > candidates.size()
                ? " (" + (found - candidates.size()) + (walkCut ? " or more" : "") + " further"
                    + " application(s) were not checked)"
                : "")
            + ", so no single rule is to blame",
        null);
  }

  /** An application to check alone, the values of its operands at the point, and its text. */
  private record Candidate<V>(OperationKey application, List<V> operands, String text) {}

  /**
   * The applications to check alone, in turns ({@link #inTurns}), each with its operands' values
   * at the point; {@code null} where the function is a single operation on its inputs (its
   * failure names nothing more) or its operands cannot be evaluated. Sets {@link #found}.
   */
  private List<Candidate<V>> candidates() {
    List<OperationKey> all = applications();
    found = all.size();
    if (all.size() <= 1 && onInputs(all)) {
      return null;
    }
    List<OperationKey> applications = inTurns(all);
    List<ValueKey> operands = new ArrayList<>();
    for (OperationKey application : applications) {
      operands.addAll(application.inputs());
    }
    List<V> values;
    try {
      values =
          checker
              .prepare(new CheckedFunction<>(function.roots(), function.inputs(), operands, operands))
              .apply(point);
    } catch (RuntimeException cannotEvaluate) {
      return null;
    }
    List<Candidate<V>> candidates = new ArrayList<>(applications.size());
    int next = 0;
    for (OperationKey application : applications) {
      int arity = application.inputCount();
      candidates.add(
          new Candidate<>(
              application,
              values.subList(next, next + arity),
              GraphPrinter.describe(application.operation())));
      next += arity;
    }
    return candidates;
  }

  /** Whether every operand of the one application is an input of the function. */
  private boolean onInputs(List<OperationKey> applications) {
    for (OperationKey application : applications) {
      for (ValueKey operand : application.inputs()) {
        if (!(operand instanceof ValueKey.Input)) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The applications the present outputs depend on that take operands, in the order the function
   * computes them (operands first, an iterative depth-first walk: a graph's depth is the user's),
   * at most {@link #MAX_WALKED}.
   */
  private List<OperationKey> applications() {
    List<OperationKey> order = new ArrayList<>();
    Set<OperationKey> seen = new HashSet<>();
    ArrayDeque<Object[]> stack = new ArrayDeque<>(); // {OperationKey, next operand}
    for (ValueKey output : function.presentOutputs()) {
      if (output instanceof ValueKey.Derived derived && seen.add(derived.operationKey())) {
        stack.push(new Object[] {derived.operationKey(), 0});
      }
      while (!stack.isEmpty()) {
        if (seen.size() > MAX_WALKED) {
          walkCut = true;
          return order;
        }
        Object[] frame = stack.peek();
        OperationKey application = (OperationKey) frame[0];
        int operand = (Integer) frame[1];
        if (operand < application.inputCount()) {
          frame[1] = operand + 1;
          if (application.input(operand) instanceof ValueKey.Derived derived
              && seen.add(derived.operationKey())) {
            stack.push(new Object[] {derived.operationKey(), 0});
          }
          continue;
        }
        stack.pop();
        if (application.inputCount() > 0) {
          order.add(application);
        }
      }
    }
    return order;
  }

  /**
   * At most {@link #MAX_CHECKS} of {@code all}, in turns: the first application of each primitive
   * (by name), then the first of each other distinct operation, then the rest, each turn in the
   * order the function computes them.
   */
  static List<OperationKey> inTurns(List<OperationKey> all) {
    Set<String> primitives = new HashSet<>();
    Set<Object> operations = new HashSet<>();
    List<OperationKey> firstOfPrimitive = new ArrayList<>();
    List<OperationKey> firstOfOperation = new ArrayList<>();
    List<OperationKey> rest = new ArrayList<>();
    for (OperationKey application : all) {
      if (primitives.add(application.operation().name())) {
        operations.add(application.operation());
        firstOfPrimitive.add(application);
      } else if (operations.add(application.operation())) {
        firstOfOperation.add(application);
      } else {
        rest.add(application);
      }
    }
    List<OperationKey> turns = new ArrayList<>(firstOfPrimitive);
    turns.addAll(firstOfOperation);
    turns.addAll(rest);
    return turns.subList(0, Math.min(turns.size(), MAX_CHECKS));
  }

  /**
   * Whether what a transform gave is finite: a NaN or infinite derivative is no convention of a
   * kink, so its rule stays the suspect.
   */
  @SuppressWarnings("unchecked") // a JVP check's value is the operand type's, V
  private boolean finite(Object actual) {
    if (actual instanceof Double d) {
      return Double.isFinite(d);
    }
    try {
      return Double.isFinite(checker.space().norm((V) actual));
    } catch (RuntimeException notAValue) {
      return true; // a symbolic zero
    }
  }

  /**
   * Whether {@code application}'s operation, failing alone at {@code operands}, passes the same
   * check at two points near them (each operand moved in a random direction by between a half and
   * one and a half thousandths of its size, or of 1, each its own amount, so that equal operands
   * part): so it fails only where it is not differentiable, which a wrong rule does not. A point
   * nearby that cannot be checked (outside the operation's domain) says nothing, and the rule
   * stays the suspect. The directions are drawn from a fixed seed ({@link #SEED}).
   */
  private boolean passesNearby(OperationKey application, List<V> operands, Mode mode) {
    VectorSpace<V> space = checker.space();
    Random random = new Random(SEED);
    for (int attempt = 0; attempt < 2; attempt++) {
      List<V> nearby = new ArrayList<>(operands.size());
      for (V operand : operands) {
        V direction = space.randomLike(operand, random);
        double size = space.norm(direction);
        double amount = 1e-3 * (0.5 + random.nextDouble()) * Math.max(1, space.norm(operand));
        nearby.add(space.add(operand, space.scale(amount / (size > 0 ? size : 1), direction)));
      }
      try {
        check(application, nearby, mode);
      } catch (GradientCheckFailure | RuntimeException failsThereToo) {
        return false;
      }
    }
    return true;
  }

  /** Checks {@code application}'s operation alone at {@code operands} to first order in {@code mode}. */
  private void check(OperationKey application, List<V> operands, Mode mode) {
    Alone<P, V> alone = alone(application, operands);
    checker.check(alone.function(), alone.point(), 1, Set.of(mode), ctx, new Random(SEED));
  }

  /** An operation applied alone to fresh inputs, and the point binding them. */
  private record Alone<P extends Primitive<P, ?>, V>(
      CheckedFunction<P> function, Map<Object, V> point) {}

  /** {@code application}'s operation applied to inputs {@code "operand j"} bound to {@code operands}. */
  @SuppressWarnings("unchecked") // the function's operations are its set's, P
  private Alone<P, V> alone(OperationKey application, List<V> operands) {
    GraphBuilder<P> b = Graph.builder();
    Map<Object, V> at = new LinkedHashMap<>();
    ValueRef[] inputs = new ValueRef[operands.size()];
    for (int j = 0; j < inputs.length; j++) {
      String name = "operand " + j;
      inputs[j] = b.input(name);
      at.put(name, operands.get(j));
    }
    P op = (P) application.operation();
    if (application.outputCount() == 1) {
      b.output(b.apply(op, inputs));
    } else {
      b.outputs(b.applyMulti(op, inputs));
    }
    return new Alone<>(CheckedFunction.of(b.build()), at);
  }
}

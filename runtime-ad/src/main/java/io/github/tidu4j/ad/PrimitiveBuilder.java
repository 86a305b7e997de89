package io.github.tidu4j.ad;

import io.github.tidu4j.graph.ActiveMask;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.KeyScope;
import io.github.tidu4j.graph.OperationRole;
import io.github.tidu4j.graph.ValueDescription;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.ValueType;
import java.util.Arrays;
import java.util.List;

/**
 * What differentiation rules emit through: a builder for the graph a transform is producing that
 * infers each node's role. A value is <em>linear</em> if it carries tangent (or cotangent) flow: a
 * tangent input, or the output of an operation with a linear operand. An operation with linear
 * operands is emitted in the {@link OperationRole.Linearized} role with exactly those operands
 * active; one with none is a primal computation ({@link OperationRole.Primary}), such as the
 * {@code cos(x)} a JVP rule of {@code sin} multiplies by.
 *
 * <pre>{@code
 * // inside a JVP rule of Sin: dy = cos(x)·dx
 * ValueRef cosX = b.apply(RealOp.COS, primalIn.get(0)); // primary: x is fixed
 * ValueRef dy = b.apply(RealOp.MUL, cosX, tangentIn.get(0)); // linearized[fixed, active]
 * }</pre>
 *
 * @param <P> the primitive set
 */
public final class PrimitiveBuilder<P extends Primitive<P, ?>> {
  private static final ActiveMask BOTH_ACTIVE = ActiveMask.ofBits(2, 0b11);
  // the linearized roles of one and two operands by active bits, read once per emitted node
  private static final OperationRole[][] SMALL_ROLES = {
    {},
    {null, OperationRole.linearized(ActiveMask.ofBits(1, 0b1))},
    {
      null,
      OperationRole.linearized(ActiveMask.ofBits(2, 0b01)),
      OperationRole.linearized(ActiveMask.ofBits(2, 0b10)),
      OperationRole.linearized(BOTH_ACTIVE)
    }
  };

  private final KeyScope scope;
  private final GraphBuilder<P> graph;
  // bit v set: local value v is linear. A plain word array read and written in place: a pass asks
  // it two or three times per emitted node, and in a fresh JVM, where a pass runs in the
  // interpreter, each BitSet call is three calls (its checks included)
  private long[] linear;
  // the nodes this builder emits, recorded while Taylor mode builds its templates; null otherwise
  private EmittedNodes<P> log;
  // whether a typed emitter's tangent operands must be linear values of this builder: not where
  // Taylor rules emit series coefficients, fixed values of the Taylor graph
  private boolean tangentsAreLinear = true;

  /** A builder for a pass expected to emit about {@code expectedNodes} operations. */
  PrimitiveBuilder(int expectedNodes) {
    // a pass's inputs are new (relies on I8), so the keys it creates are interned in a scope of
    // its own, confined to this thread (no lock per key) until the pass builds its graph
    this.scope = KeyScope.openConfined();
    this.graph = Graph.builder(scope, expectedNodes);
    this.linear = new long[(Math.max(expectedNodes, 64) >> 6) + 1];
  }

  /**
   * The id of the pass this builder emits: its key scope's number, so the pass ids and the scopes
   * of differentiation passes are numbered by one counter.
   */
  long pass() {
    return scope.id();
  }

  /**
   * Records every node emitted from now on in {@code nodes} ({@code null}: stops recording), for
   * Taylor mode, which reads back what a JVP rule emitted.
   */
  void record(EmittedNodes<P> nodes) {
    this.log = nodes;
  }

  /** Marks this builder as the one Taylor rules emit series coefficients into. */
  void emitsSeries() {
    tangentsAreLinear = false;
  }

  /** Declares an untyped linear input of the graph (a tangent or a cotangent seed). */
  ValueRef.Local linearInput(Object inputKey) {
    return linearInput(inputKey, null);
  }

  /**
   * Declares a linear input of the graph (a tangent or a cotangent seed), of type {@code type}
   * ({@code null}: untyped).
   */
  ValueRef.Local linearInput(Object inputKey, ValueType type) {
    ValueRef.Local input = type == null ? graph.input(inputKey) : graph.input(inputKey, type);
    markLinear(input.id(), 1);
    return input;
  }

  /**
   * Emits single-output {@code operation} on {@code operands}, with its role inferred.
   *
   * @throws IllegalArgumentException if an operand is absent ({@code null}): a rule must fold
   *     symbolic zeros itself
   * @throws GraphException on an arity mismatch or an unknown local value, naming the operation
   */
  public ValueRef apply(P operation, ValueRef... operands) {
    return applyOnTangents(operation, 0, operands);
  }

  /**
   * As {@link #apply(Primitive, ValueRef...)} for a unary operation, with no array: rules
   * emit two or three operations per primal one, so a varargs array per call would be a large
   * share of what a transform allocates.
   */
  public ValueRef apply(P operation, ValueRef operand) {
    return applyOnTangents(operation, 0, operand);
  }

  /** As {@link #apply(Primitive, ValueRef...)} for a binary operation, with no array. */
  public ValueRef apply(P operation, ValueRef left, ValueRef right) {
    return applyOnTangents(operation, 0, left, right);
  }

  /**
   * As {@link #apply(Primitive, ValueRef...)}, where the operands whose bits are set in {@code
   * tangents} (bit {@code j}: operand {@code j}, of the first 64) are a rule's tangents: each must be
   * a linear value of this pass, a tangent the rule was given or one computed from those. A fixed
   * value wrapped as a tangent would make the node affine, not linear, and every derivative through
   * it silently wrong. What the typed emitters call; the check costs nothing beyond the test of
   * each operand's linearity that inferring the role makes anyway.
   *
   * @throws IllegalArgumentException if such an operand is not a linear value, naming the operation
   *     and the operand
   */
  public ValueRef applyOnTangents(P operation, long tangents, ValueRef[] operands) {
    return graph.local(emit(operation, tangents, operands, null, null, operands.length, true));
  }

  /** As {@link #applyOnTangents(Primitive, long, ValueRef[])} for a unary operation, with no array. */
  public ValueRef applyOnTangents(P operation, long tangents, ValueRef operand) {
    return graph.local(emit(operation, tangents, null, operand, null, 1, true));
  }

  /** As {@link #applyOnTangents(Primitive, long, ValueRef[])} for a binary operation, with no array. */
  public ValueRef applyOnTangents(P operation, long tangents, ValueRef left, ValueRef right) {
    return graph.local(emit(operation, tangents, null, left, right, 2, true));
  }

  /** As {@link #applyOnTangents(Primitive, long, ValueRef[])}, giving every output. */
  public List<ValueRef> applyMultiOnTangents(P operation, long tangents, ValueRef[] operands) {
    int arity = operation.outputArity();
    int first = emit(operation, tangents, operands, null, null, operands.length, false);
    ValueRef[] outputs = new ValueRef[arity];
    for (int slot = 0; slot < outputs.length; slot++) {
      outputs[slot] = graph.local(first + slot);
    }
    return List.of(outputs);
  }

  /**
   * Emits the accumulation {@code add(a, b)} of two local linear values and returns its local id:
   * the transpose's fan-out sum, with no {@link ValueRef} made for either operand or the
   * result.
   *
   * @throws GraphException if either value does not exist or carries no tangent flow
   */
  int sumLinear(P add, int a, int b) {
    checkLinear(add, a);
    checkLinear(add, b);
    graph.stageLocal(a).stageLocal(b);
    int sum = graph.addStaged(add, SMALL_ROLES[2][0b11]);
    markLinear(sum, 1);
    return sum;
  }

  private void checkLinear(P add, int id) {
    if (id < 0 || id >= graph.valueCount() || !linearBit(id)) {
      String what =
          id >= 0 && id < graph.valueCount()
              ? "%" + id + ", " + ValueDescription.of(graph.valueKey(id)) + ", carries no tangent flow"
              : "%" + id + " does not exist";
      throw new GraphException(
          add.name() + " sums cotangents, but " + what + "; it sums linear values of this pass only");
    }
  }

  /** Emits {@code operation} on {@code operands}; returns its outputs in slot order. */
  public List<ValueRef> applyMulti(P operation, ValueRef... operands) {
    return applyMultiOnTangents(operation, 0, operands);
  }

  /**
   * Adds the node on its {@code count} operands with its inferred role; returns the local id of
   * its first output. The operands are the first {@code count} of {@code operands}, or, where that
   * is null, {@code a} and {@code b}: a rule's one- and two-operand operations, most of what a
   * pass emits, pass their operands as arguments, so that no array is filled per call and the
   * small {@code apply} methods that call this one, with the typed emitters' helpers over them,
   * stay small enough for the JIT to inline into a rule's generated dispatch, whose {@code Primal}
   * and {@code Tangent} wrappers then need no allocation. {@code single}: the caller takes one
   * output. Each operand is read once: a pass emits two or three nodes per primal operation, and
   * in a fresh JVM it runs in the interpreter, where every call counts.
   */
  private int emit(
      P operation,
      long tangents,
      ValueRef[] operands,
      ValueRef a,
      ValueRef b,
      int count,
      boolean single) {
    int arity = operation.outputArity();
    if (single && arity != 1) {
      throw new GraphException(operation.name() + " has " + arity + " outputs; use applyMulti");
    }
    // check every operand before staging any, so a rejected node leaves nothing staged
    long activeBits = 0;
    boolean[] wide = count > 64 ? new boolean[count] : null;
    int values = graph.valueCount();
    for (int j = 0; j < count; j++) {
      ValueRef operand = operands != null ? operands[j] : j == 0 ? a : b;
      if (operand instanceof ValueRef.Local local) {
        int id = local.id();
        if (!local.isOf(graph)) {
          throw localOfAnotherBuilder(operation, j, local);
        }
        if (id < 0 || id >= values) {
          throw missingLocal(id);
        }
        if (linearBit(id)) {
          activeBits |= 1L << j; // j mod 64: only tells "some operand is active" past 64
          if (wide != null) {
            wide[j] = true;
          }
        }
      } else if (operand == null) {
        throw new IllegalArgumentException(
            operation.name()
                + " operand "
                + j
                + " is absent (a symbolic zero); fold zeros before emitting an operation");
      }
    }
    long notLinear = tangents & ~activeBits;
    if (notLinear != 0 && tangentsAreLinear && count <= 64) {
      throw notATangent(
          operation, Long.numberOfTrailingZeros(notLinear), listed(operands, a, b, count));
    }
    for (int j = 0; j < count; j++) {
      ValueRef operand = operands != null ? operands[j] : j == 0 ? a : b;
      if (operand instanceof ValueRef.Local local) {
        graph.stageLocal(local.id());
      } else {
        graph.stageExternal(((ValueRef.External) operand).key());
      }
    }
    OperationRole role;
    if (activeBits == 0) {
      role = OperationRole.primary();
    } else if (count < SMALL_ROLES.length) {
      role = SMALL_ROLES[count][(int) activeBits];
    } else {
      role =
          OperationRole.linearized(
              wide != null ? ActiveMask.of(wide) : ActiveMask.ofBits(count, activeBits));
    }
    int first = graph.addStaged(operation, role);
    if (activeBits != 0) {
      markLinear(first, arity);
    }
    if (log != null && first == values) { // a new node, not a repeat the builder found
      log.add(operation, listed(operands, a, b, count), count, first, activeBits != 0);
    }
    return first;
  }

  /** The operands of {@link #emit} as an array, for the paths that keep or report them. */
  private static ValueRef[] listed(ValueRef[] operands, ValueRef a, ValueRef b, int count) {
    return operands != null ? operands : count == 1 ? new ValueRef[] {a} : new ValueRef[] {a, b};
  }

  /**
   * Whether {@code value} carries tangent or cotangent flow. External values never do: they are
   * values of other graphs, fixed from this graph's point of view.
   */
  public boolean isLinear(ValueRef value) {
    if (value instanceof ValueRef.Local local) {
      int id = local.id();
      if (id < 0 || id >= graph.valueCount()) {
        throw missingLocal(id);
      }
      return linearBit(id);
    }
    return false;
  }

  // operand j of operation, passed as a tangent, is no linear value of this pass
  private static IllegalArgumentException notATangent(
      Primitive<?, ?> operation, int j, ValueRef[] operands) {
    return new IllegalArgumentException(
        operation.name()
            + " operand "
            + j
            + " is a Tangent wrapping "
            + operands[j]
            + ", which is not a linear value of the graph being emitted; a rule builds its"
            + " tangents from the ones it is given (Tangent.of is for generated dispatch), and"
            + " passes a fixed value as a Primal");
  }

  private static GraphException localOfAnotherBuilder(
      Primitive<?, ?> operation, int j, ValueRef.Local local) {
    return new GraphException(
        operation.name()
            + " operand "
            + j
            + " is "
            + local
            + " of another graph builder (another pass's, or one of a graph being built), not a"
            + " value of the pass being emitted: a rule emits on the values it is given and those"
            + " it emits");
  }

  private static GraphException missingLocal(int id) {
    return new GraphException("local value %" + id + " does not exist in the graph being emitted");
  }

  /** Whether existing local value {@code id} is linear. */
  private boolean linearBit(int id) {
    int word = id >>> 6;
    return word < linear.length && (linear[word] & (1L << id)) != 0;
  }

  /** Marks local values {@code first} to {@code first + count - 1} linear. */
  private void markLinear(int first, int count) {
    int last = first + count - 1;
    if ((last >>> 6) >= linear.length) {
      linear = Arrays.copyOf(linear, Math.max(2 * linear.length, (last >>> 6) + 1));
    }
    for (int id = first; id <= last; id++) {
      linear[id >>> 6] |= 1L << id;
    }
  }

  /**
   * A reference to local value {@code id} of this pass, which other passes' builders refuse: what
   * the transforms hand rules as tangents and cotangents, as {@code apply} returns what a rule
   * emits, so that a rule keeping one for a later pass, typed or not, is refused there.
   */
  ValueRef.Local local(int id) {
    return graph.local(id);
  }

  /** Whether {@code local} may name a value of this pass: made by it, or by id alone. */
  boolean owns(ValueRef.Local local) {
    return local.isOf(graph);
  }

  GraphBuilder<P> graphBuilder() {
    return graph;
  }

  int valueCount() {
    return graph.valueCount();
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("PrimitiveBuilder[").append(graph.valueCount());
    text.append(" values, linear {");
    String separator = "";
    for (int id = 0; id < graph.valueCount(); id++) {
      if (linearBit(id)) {
        text.append(separator).append(id);
        separator = ", ";
      }
    }
    return text.append("}]").toString();
  }
}

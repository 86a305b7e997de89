package io.github.tidu4j.ad;

import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.ValueKey;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * The zero outputs of a pass as values: for each linear output that is a symbolic zero, the local
 * value of a node applying the set's zero primitive to the primal value of the same type, or -1
 * if the set declares none ({@code missing} then says why, for the error reading it gives;
 * {@code setKnown}: the graphs hold an operation, so the set is known and declaring a zero
 * primitive in it would give the zeros).
 * {@code locals} is {@code null} when no output is zero: nothing is emitted then.
 */
record ZeroOutputs(int[] locals, String missing, boolean setKnown) {
  private static final ZeroOutputs NONE = new ZeroOutputs(null, null, true);

  /**
   * Emits, into {@code b}, the zeros like {@code primals.get(i)} for each output {@code i} whose
   * entry in {@code outputLocals} is -1 (a zero). The zero primitive is asked of any operation of
   * {@code graphs} or the graphs they refer to.
   */
  static <P extends Primitive<P, ?>> ZeroOutputs emit(
      PrimitiveBuilder<P> b,
      int[] outputLocals,
      List<? extends ValueKey> primals,
      Collection<Graph<P>> graphs) {
    int first = firstZero(outputLocals);
    if (first < 0) {
      return NONE;
    }
    P any = AD.anyOperation(graphs);
    P zero = any == null ? null : any.zerosLike();
    int[] locals = new int[outputLocals.length];
    Arrays.fill(locals, -1);
    if (zero == null) {
      String missing =
          any == null
              ? "the graphs hold no operation to find the primitive set's zero primitive from"
              : "the primitive set of " + setName(any) + " declares no zero primitive";
      return new ZeroOutputs(locals, missing, any != null);
    }
    if (zero.inputArity() != 1 || zero.outputArity() != 1) {
      throw new GraphException(
          "the zero primitive "
              + zero.name()
              + " of "
              + setName(zero)
              + " must take 1 input and give 1 output, but takes "
              + zero.inputArity()
              + " and gives "
              + zero.outputArity());
    }
    for (int i = first; i < outputLocals.length; i++) {
      if (outputLocals[i] < 0) {
        ValueRef like = new ValueRef.External(primals.get(i));
        locals[i] = ((ValueRef.Local) b.apply(zero, like)).id();
      }
    }
    return new ZeroOutputs(locals, null, true);
  }

  /** The local value giving output {@code i}: its own, or its zero's (-1 if it has none). */
  int valueOf(int[] outputLocals, int i) {
    return outputLocals[i] >= 0 || locals == null ? outputLocals[i] : locals[i];
  }

  private static int firstZero(int[] outputLocals) {
    for (int i = 0; i < outputLocals.length; i++) {
      if (outputLocals[i] < 0) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The name of {@code op}'s set for messages: the outermost class implementing {@link Primitive}
   * that encloses its class (the generated {@code XOp} of a nested operation class, the enum of
   * a constant with a body).
   */
  static String setName(Primitive<?, ?> op) {
    Class<?> type = op.getClass();
    while (type.getEnclosingClass() != null
        && Primitive.class.isAssignableFrom(type.getEnclosingClass())) {
      type = type.getEnclosingClass();
    }
    return type.getSimpleName();
  }
}

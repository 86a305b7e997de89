package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.graph.CompiledProgram;
import java.util.List;

/**
 * What the functional API needs to know about the values of one primitive set: their abstract
 * types (the key under which a staged function is compiled once), the zero and unit values of a
 * type, which outputs {@code grad} may seed, and how to run a compiled program.
 *
 * <pre>{@code
 * Domain<TensorOp, TensorType, Tensor> tensors = TensorDomain.INSTANCE;
 * Tensor seed = tensors.one(TensorType.of(DType.F64));          // 1.0, rank 0
 * }</pre>
 *
 * @param <P> the primitive set
 * @param <T> the abstract type of a value; must implement {@code equals}/{@code hashCode}
 * @param <V> the concrete value type
 */
public interface Domain<P extends Primitive<P, ?>, T, V> {

  /** The abstract type of {@code value}. */
  T typeOf(V value);

  /** The zero of {@code type}: the value of a symbolic-zero output. */
  V zero(T type);

  /** The unit of {@code type}: the cotangent seed of a {@code grad}. */
  V one(T type);

  /**
   * Why {@code grad} cannot seed an output of {@code type} (for example, it is not a real
   * scalar), or {@code null} if it can.
   */
  String gradOutputProblem(T type);

  /** A runner for {@code program}, taking its inputs in {@code program.inputKeys()} order. */
  ProgramRunner<V> runner(CompiledProgram<P> program);

  /**
   * Runs one compiled program.
   *
   * @param <V> the concrete value type
   */
  @FunctionalInterface
  interface ProgramRunner<V> {
    /** The program's outputs for {@code inputs}, both in program order. */
    List<V> run(List<V> inputs);
  }
}

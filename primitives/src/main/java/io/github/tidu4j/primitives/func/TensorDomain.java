package io.github.tidu4j.primitives.func;

import io.github.tidu4j.ad.func.Domain;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;

/**
 * The tensor set's values for the functional API: types are {@link TensorType} (dtype and shape),
 * programs run on the generated {@link TensorEvaluator}, and {@code grad} seeds only real scalars
 * ({@code f64[]}), as {@code jax.grad} does.
 *
 * <pre>{@code
 * Tensor one = TensorDomain.INSTANCE.one(TensorType.of(DType.F64));    // 1.0
 * }</pre>
 */
public enum TensorDomain implements Domain<TensorOp, TensorType, Tensor> {
  /** The one instance. */
  INSTANCE;

  @Override
  public TensorType typeOf(Tensor value) {
    return TensorType.of(value);
  }

  @Override
  public Tensor zero(TensorType type) {
    return Tensor.zeros(type.dtype(), type.shape());
  }

  @Override
  public Tensor one(TensorType type) {
    return Tensor.ones(type.dtype(), type.shape());
  }

  @Override
  public String gradOutputProblem(TensorType type) {
    if (type.dtype() == DType.F64 && type.rank() == 0) {
      return null;
    }
    return "grad needs a real scalar output (f64[]), but the output is " + type
        + "; reduce it (sum), take its real part, or use vjp with an explicit cotangent";
  }

  @Override
  public ProgramRunner<Tensor> runner(CompiledProgram<TensorOp> program) {
    TensorEvaluator evaluator = new TensorEvaluator(program);
    return inputs -> List.of(evaluator.evaluate(inputs.toArray(new Tensor[0])));
  }
}

package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.Interpreter;
import java.util.ArrayList;
import java.util.List;

/**
 * The values of a primitive set over {@code double}: one type, zero 0, unit 1, any output may seed
 * {@code grad}; programs run by the given evaluators (a generated evaluator, or the interpreter).
 *
 * @param <P> the primitive set
 */
record ScalarDomain<P extends Primitive<P, ?>>(ScalarAutodiff.Evaluators<P> evaluators)
    implements Domain<P, ScalarType, Double> {

  /** Programs run by the reference {@link Interpreter}. */
  static <P extends Primitive<P, ?> & EvaluableGraphOperation<Double>>
      ScalarAutodiff.Evaluators<P> interpreted() {
    return program -> inputs -> {
      List<Double> out = Interpreter.evalPositional(program, box(inputs));
      return out.stream().mapToDouble(Double::doubleValue).toArray();
    };
  }

  @Override
  public ScalarType typeOf(Double value) {
    return ScalarType.F64;
  }

  @Override
  public Double zero(ScalarType type) {
    return 0.0;
  }

  @Override
  public Double one(ScalarType type) {
    return 1.0;
  }

  @Override
  public String gradOutputProblem(ScalarType type) {
    return null;
  }

  @Override
  public ProgramRunner<Double> runner(CompiledProgram<P> program) {
    ScalarAutodiff.Runner runner = evaluators.prepare(program);
    return inputs -> {
      double[] in = new double[inputs.size()];
      for (int i = 0; i < in.length; i++) {
        in[i] = inputs.get(i);
      }
      return box(runner.run(in));
    };
  }

  static List<Double> box(double[] values) {
    List<Double> boxed = new ArrayList<>(values.length);
    for (double v : values) {
      boxed.add(v);
    }
    return boxed;
  }
}

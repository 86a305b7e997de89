package io.github.tidu4j.export;

import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.KernelDescriptor;
import io.github.tidu4j.graph.bytecode.KernelSet;
import java.util.List;

/**
 * One-primitive sets whose attributes no exported literal can write, or only some: each
 * primitive's kernel reads its attribute, and its operation is a record as generated ones are.
 */
public interface Odd {

  /** {@code x + sizes.size()}: a list attribute. */
  interface Listed {
    List<Integer> sizes();

    default double eval(double x) {
      return x + sizes().size();
    }
  }

  /** {@code x · hidden.factor}: a record attribute exported code cannot see. */
  interface Hiding {
    Hidden hidden();

    default double eval(double x) {
      return x * hidden().factor();
    }
  }

  /** {@code x · nested[0][1].factor}: records in nested arrays, declared as {@code Object}. */
  interface Nesting {
    Object nested();

    default double eval(double x) {
      return x * ((Factor[][]) nested())[0][1].factor();
    }
  }

  /** A public record. */
  record Factor(double factor) {}

  /** Operations of one of the interfaces above. */
  interface Op extends EvaluableGraphOperation<Double> {
    @Override
    default int inputArity() {
      return 1;
    }

    @Override
    default int outputArity() {
      return 1;
    }
  }

  /** A {@link Listed} operation. */
  record ListedOp(List<Integer> sizes) implements Op, Listed {
    @Override
    public List<Double> eval(List<Double> in) {
      return List.of(eval(in.get(0).doubleValue()));
    }
  }

  /** A {@link Hiding} operation. */
  record HidingOp(Hidden hidden) implements Op, Hiding {
    @Override
    public List<Double> eval(List<Double> in) {
      return List.of(eval(in.get(0).doubleValue()));
    }
  }

  /** A {@link Nesting} operation. */
  record NestingOp(Object nested) implements Op, Nesting {
    @Override
    public List<Double> eval(List<Double> in) {
      return List.of(eval(in.get(0).doubleValue()));
    }
  }

  /** The kernel set of {@code owner}'s one primitive, named {@code name}. */
  static KernelSet<Op> kernels(Class<?> owner, String name) {
    String internal = owner.getName().replace('.', '/');
    return KernelSet.of(
        double.class,
        List.of(new KernelDescriptor(0, name, internal, "eval", "(D)D", false, true, 1, 1)),
        op -> 0);
  }
}

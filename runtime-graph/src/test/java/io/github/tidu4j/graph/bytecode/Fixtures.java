package io.github.tidu4j.graph.bytecode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.testing.AffineOp;
import io.github.tidu4j.graph.testing.Complex;
import io.github.tidu4j.graph.testing.ComplexOp;
import io.github.tidu4j.graph.testing.Pipeline;
import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarKernels;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.List;

/** Kernel sets of the test operation sets, and comparisons. */
final class Fixtures {
  private Fixtures() {}

  static final KernelSet<ScalarOp> SCALAR =
      KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::ordinal);
  static final KernelSet<AffineOp> AFFINE =
      KernelSet.of(double.class, AffineOp.TABLE, AffineOp::opcode);
  static final KernelSet<ComplexOp> COMPLEX =
      KernelSet.of(Complex.class, ComplexOp.TABLE, ComplexOp::opcode);

  static final BytecodeOptions DEFAULTS = BytecodeOptions.defaults().withDumpDirectory(null);

  /** The smallest methods allowed: many methods, many values crossing between them. */
  static final BytecodeOptions TINY_METHODS = DEFAULTS.withMethodBytes(256);

  static CompiledProgram<ScalarOp> randDag(int n, long seed) {
    return Graphs.compile(Pipeline.materialize(RandDag.generate(n, seed).build()));
  }

  /** The inputs a RandDAG program takes (perhaps fewer than four), by their Integer keys. */
  static double[] randDagInputs(CompiledProgram<?> p, double[] values) {
    double[] in = new double[p.inputCount()];
    for (int i = 0; i < in.length; i++) {
      in[i] = values[(Integer) p.inputKeys().get(i)];
    }
    return in;
  }

  /**
   * Equal values, doubles compared bit for bit, except that every NaN equals every NaN: the JVM
   * does not fix NaN payloads (the JIT may commute {@code a + b} where both are NaNs of different
   * payloads), so no two evaluators of the same program can promise them.
   */
  static void assertBitIdentical(List<?> expected, Object[] actual, String what) {
    assertEquals(expected.size(), actual.length, what + ": output count");
    for (int o = 0; o < actual.length; o++) {
      Object e = expected.get(o);
      Object a = actual[o];
      if (e instanceof Double d) {
        assertEquals(
            Double.doubleToLongBits(d),
            Double.doubleToLongBits((Double) a),
            what + ", output " + o + ": expected " + e + " but was " + a);
      } else {
        assertEquals(e, a, what + ", output " + o);
      }
    }
  }

  static void assertBitIdentical(List<?> expected, double[] actual, String what) {
    Object[] boxed = new Object[actual.length];
    for (int i = 0; i < actual.length; i++) {
      boxed[i] = actual[i];
    }
    assertBitIdentical(expected, boxed, what);
  }
}

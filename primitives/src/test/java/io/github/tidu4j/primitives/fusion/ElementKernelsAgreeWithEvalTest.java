package io.github.tidu4j.primitives.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.github.tidu4j.graph.ElementKernel;
import io.github.tidu4j.graph.ElementKernelDescriptor;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorKernels;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Every per-element kernel of the shipped tensor set computes, element by element, the bits its
 * primitive's {@code eval} computes: the real kernel on f64 tensors, the complex pair on c128
 * ones, over ordinary and special values (signed zeros, infinities, NaN, negatives for log and
 * sqrt). This is what lets a fused loop give the unfused program's values.
 */
class ElementKernelsAgreeWithEvalTest {
  private static final double[] VALUES = {
    0.0, -0.0, 1.0, -1.0, 0.5, -2.25, 3.0, 22.5, -40.0, 1e-300, 1e300,
    Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN
  };

  /** How each elementwise primitive is applied in a graph: its fluent method. */
  private static final Map<String, BiFunction<TensorValue, TensorValue, TensorValue>> APPLY =
      Map.ofEntries(
          Map.entry("Add", TensorValue::add),
          Map.entry("Mul", TensorValue::mul),
          Map.entry("Div", TensorValue::div),
          Map.entry("Neg", (x, y) -> x.neg()),
          Map.entry("Conj", (x, y) -> x.conj()),
          Map.entry("Real", (x, y) -> x.real()),
          Map.entry("ToComplex", (x, y) -> x.toComplex()),
          Map.entry("Imag", (x, y) -> x.imag()),
          Map.entry("ToImaginary", (x, y) -> x.toImaginary()),
          Map.entry("Recip", (x, y) -> x.recip()),
          Map.entry("Exp", (x, y) -> x.exp()),
          Map.entry("Log", (x, y) -> x.log()),
          Map.entry("Sin", (x, y) -> x.sin()),
          Map.entry("Cos", (x, y) -> x.cos()),
          Map.entry("Tanh", (x, y) -> x.tanh()),
          Map.entry("Sech", (x, y) -> x.sech()),
          Map.entry("Sqrt", (x, y) -> x.sqrt()),
          Map.entry("Scale", (x, y) -> x.scale(-0.75)),
          Map.entry("ZerosLike", (x, y) -> x.zerosLike()),
          Map.entry("Abs", (x, y) -> x.abs()),
          Map.entry("Sign", (x, y) -> x.sign()),
          Map.entry("Step", TensorValue::step),
          Map.entry("Max", TensorValue::max),
          Map.entry("Min", TensorValue::min),
          Map.entry("Log1p", (x, y) -> x.log1p()),
          Map.entry("Recip1p", (x, y) -> x.recip1p()),
          Map.entry("Expm1", (x, y) -> x.expm1()),
          Map.entry("Pow", (x, y) -> x.pow(2.5)),
          Map.entry("StopGradient", (x, y) -> x.stopGradient()),
          Map.entry("Greater", TensorValue::greater),
          Map.entry("Mask", (x, y) -> x.mask(true)));

  /** The primitives of three operands, applied to inputs x, y and z. */
  private static final Map<String, Function<List<TensorValue>, TensorValue>> TERNARY =
      Map.of("Select", in -> in.get(0).select(in.get(1), in.get(2)));

  @Test
  void theShippedSetDeclaresItsElementwisePrimitives() {
    Set<String> declared = new TreeSet<>();
    for (ElementKernelDescriptor k : TensorKernels.ELEMENTWISE) {
      declared.add(k.primitiveName());
    }
    Set<String> applied = new TreeSet<>(APPLY.keySet());
    applied.addAll(TERNARY.keySet());
    assertEquals(applied, declared);
  }

  @Test
  void realKernelsEqualEvalBitForBit() throws Throwable {
    for (ElementKernelDescriptor k : TensorKernels.ELEMENTWISE) {
      if (k.real() == null) {
        continue;
      }
      int n = VALUES.length;
      // every combination of VALUES, operand j varying with period n^j
      int size = (int) Math.pow(n, k.inputArity());
      double[][] in = new double[k.inputArity()][size];
      for (int i = 0; i < size; i++) {
        for (int j = 0, period = 1; j < k.inputArity(); j++, period *= n) {
          in[j][i] = VALUES[i / period % n];
        }
      }
      Tensor[] tensors = new Tensor[k.inputArity()];
      for (int j = 0; j < tensors.length; j++) {
        tensors[j] = Tensor.of(in[j], size);
      }
      Program p = program(k, DType.F64, size);
      double[] want = Interpreter.<Tensor>evalPositional(p.program(), List.of(tensors)).get(0)
          .toDoubleArray();
      MethodHandle kernel = handle(k, k.real(), p.op());
      for (int i = 0; i < size; i++) {
        double got =
            switch (k.inputArity()) {
              case 1 -> (double) kernel.invokeExact(in[0][i]);
              case 2 -> (double) kernel.invokeExact(in[0][i], in[1][i]);
              default -> (double) kernel.invokeExact(in[0][i], in[1][i], in[2][i]);
            };
        assertEquals(Double.valueOf(want[i]), Double.valueOf(got),
            k.primitiveName() + ".element at " + i);
      }
    }
  }

  @Test
  void complexKernelPairsEqualEvalBitForBit() throws Throwable {
    for (ElementKernelDescriptor k : TensorKernels.ELEMENTWISE) {
      if (k.complexRe() == null) {
        continue; // a primitive of real operands only (Sign, Max, …)
      }
      boolean fromReal = Set.of("ToComplex", "ToImaginary").contains(k.primitiveName());
      boolean toReal = Set.of("Real", "Imag", "Abs").contains(k.primitiveName());
      int n = VALUES.length;
      // complex operands (re, im) from pairs of VALUES; for binary kernels, a few second operands
      int pairs = n * n;
      int seconds = k.inputArity() == 1 ? 1 : 5;
      int size = fromReal ? n : pairs * seconds;
      int width = fromReal ? 1 : 2;
      double[][] in = new double[k.inputArity()][width * size];
      for (int i = 0; i < size; i++) {
        if (fromReal) {
          in[0][i] = VALUES[i];
          continue;
        }
        int pair = i % pairs;
        in[0][2 * i] = VALUES[pair % n];
        in[0][2 * i + 1] = VALUES[pair / n];
        if (k.inputArity() == 2) {
          int second = (i / pairs) * 7 % pairs;
          in[1][2 * i] = VALUES[second % n];
          in[1][2 * i + 1] = VALUES[second / n];
        }
      }
      Tensor[] tensors = new Tensor[k.inputArity()];
      for (int j = 0; j < tensors.length; j++) {
        tensors[j] = fromReal ? Tensor.of(in[j], size) : Tensor.complex(in[j], size);
      }
      Program p = program(k, fromReal ? DType.F64 : DType.C128, size);
      double[] want = Interpreter.<Tensor>evalPositional(p.program(), List.of(tensors)).get(0)
          .toDoubleArray();
      MethodHandle re = handle(k, k.complexRe(), p.op());
      MethodHandle im = handle(k, k.complexIm(), p.op());
      for (int i = 0; i < size; i++) {
        double[] args = new double[2 * k.inputArity()];
        for (int j = 0; j < k.inputArity(); j++) {
          args[2 * j] = fromReal ? in[j][i] : in[j][2 * i];
          args[2 * j + 1] = fromReal ? 0.0 : in[j][2 * i + 1];
        }
        double gotRe = (double) re.invokeWithArguments(boxed(args));
        double gotIm = (double) im.invokeWithArguments(boxed(args));
        String at = k.primitiveName() + " at " + i;
        if (toReal) {
          assertEquals(Double.valueOf(want[i]), Double.valueOf(gotRe), at);
        } else {
          assertEquals(Double.valueOf(want[2 * i]), Double.valueOf(gotRe), at + " re");
          assertEquals(Double.valueOf(want[2 * i + 1]), Double.valueOf(gotIm), at + " im");
        }
      }
    }
  }

  private record Program(io.github.tidu4j.graph.CompiledProgram<TensorOp> program, TensorOp op) {}

  private static Program program(ElementKernelDescriptor k, DType dtype, int size) {
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", dtype, size);
    TensorValue y = k.inputArity() >= 2 ? b.input("y", dtype, size) : null;
    TensorValue applied;
    if (k.inputArity() == 3) {
      Function<List<TensorValue>, TensorValue> apply = TERNARY.get(k.primitiveName());
      assertNotNull(apply, k.primitiveName());
      applied = apply.apply(List.of(x, y, b.input("z", dtype, size)));
    } else {
      BiFunction<TensorValue, TensorValue, TensorValue> apply = APPLY.get(k.primitiveName());
      assertNotNull(apply, k.primitiveName());
      applied = apply.apply(x, y);
    }
    var program = Graphs.compile(Graphs.materialize(b.build(applied)));
    // one node, or none where the operation is the identity (Conj of an f64 value)
    assertEquals(true, program.instructionCount() <= 1, k.primitiveName() + " adds one node");
    return new Program(program, program.instructionCount() == 1 ? program.operation(0) : null);
  }

  private static MethodHandle handle(ElementKernelDescriptor k, ElementKernel kernel, TensorOp op)
      throws ReflectiveOperationException {
    Class<?> owner = Class.forName(k.ownerInternalName().replace('/', '.'));
    MethodType type =
        MethodType.fromMethodDescriptorString(kernel.methodDescriptor(), owner.getClassLoader());
    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
    return kernel.isStatic()
        ? lookup.findStatic(owner, kernel.methodName(), type)
        : lookup.findVirtual(owner, kernel.methodName(), type).bindTo(op);
  }

  private static List<Object> boxed(double[] args) {
    List<Object> list = new ArrayList<>();
    for (double a : args) {
      list.add(a);
    }
    return list;
  }
}

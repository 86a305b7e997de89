package com.example;

import io.github.tidu4j.graph.KernelDescriptor;
import io.github.tidu4j.graph.bytecode.KernelSet;
import java.lang.invoke.MethodHandles;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * The kernels of the {@link Real} primitives, indexed by opcode: what a bytecode backend needs to
 * call each one directly (see {@link KernelDescriptor}).
 *
 * <pre>{@code
 * BytecodeProgram<RealOp> p = new BytecodeCompiler<>(RealKernels.kernelSet()).compile(program);
 * List<Object> y = p.eval(inputsByKey);
 * }</pre>
 */
@Generated("io.github.tidu4j.processor.PrimitiveSetProcessor")
public final class RealKernels {
  /**
   * One descriptor per primitive: {@code TABLE.get(op.opcode())} describes the kernel of {@code op}.
   */
  public static final List<KernelDescriptor> TABLE = List.of(
      new KernelDescriptor(0, "Add", "com/example/Real$Add", "eval", "(DD)D", true, true, 2, 1),
      new KernelDescriptor(1, "Mul", "com/example/Real$Mul", "eval", "(DD)D", true, true, 2, 1),
      new KernelDescriptor(2, "Exp", "com/example/Real$Exp", "eval", "(D)D", true, true, 1, 1),
      new KernelDescriptor(3, "Scale", "com/example/Real$Scale", "eval", "(D)D", false, true, 1, 1),
      new KernelDescriptor(4, "SinCos", "com/example/Real$SinCos", "eval", "(D)[D", true, true, 1, 2),
      new KernelDescriptor(5, "ZerosLike", "com/example/Real$ZerosLike", "eval", "(D)D", true, true, 1, 1));

  /**
   * Not instantiable: the tables and {@link #kernelSet()} are static.
   */
  private RealKernels() {
  }

  /**
   * The kernels as the bytecode backend takes them ({@code new BytecodeCompiler<>(RealKernels.kernelSet())}),
   * with this package's lookup, so generated classes may call kernels that are not public.
   * Validates the table; make one per compiler.
   *
   * @return the kernel set
   */
  public static KernelSet<RealOp> kernelSet() {
    return KernelSet.<RealOp>of(double.class, TABLE, RealOp::opcode, MethodHandles.lookup());
  }
}

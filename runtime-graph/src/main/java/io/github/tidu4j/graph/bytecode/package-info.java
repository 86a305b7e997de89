/**
 * The bytecode evaluation tier: each {@link io.github.tidu4j.graph.CompiledProgram} becomes one
 * hidden class of straight-line code that calls every instruction's kernel directly ({@code
 * invokestatic}, or {@code invokeinterface} on the operation for kernels that read attributes) or,
 * for a kernel that is one arithmetic expression of its operands and attributes such as a sum or
 * a scale, computes it in place with the kernel's own instructions ({@code dadd}; an attribute
 * becomes a constant of the class), keeps values in JVM locals, unboxed for
 * a primitive operand type, and is cut into methods small enough for the JIT: at most {@link
 * io.github.tidu4j.graph.bytecode.BytecodeOptions#methodBytes} bytes, within which C2 still
 * inlines the small kernels, and at most 32 kernel calls, since every value live across a call
 * C2 does not inline is spilled around it and C2's time for a method grows with those calls; each
 * method runs once per evaluation, so it reaches C2 only after thousands. A program whose
 * methods one class's constant pool cannot name (a few million instructions), or large enough to
 * gain from defining its classes on two threads while they are generated (2,048 or more), is cut
 * into several classes, {@link io.github.tidu4j.graph.bytecode.ProgramPart}s, run in order.
 * Classes are cached by program structure, so a topology compiles once.
 *
 * <p>A {@link io.github.tidu4j.graph.bytecode.KernelSet} says how to call a primitive set's
 * kernels; a {@link io.github.tidu4j.graph.bytecode.BytecodeCompiler} generates and caches; a
 * {@link io.github.tidu4j.graph.bytecode.BytecodeProgram} evaluates, bit for bit as the {@link
 * io.github.tidu4j.graph.Interpreter} does.
 *
 * <pre>{@code
 * KernelSet<ScalarOp> kernels = KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::opcode);
 * BytecodeCompiler<ScalarOp> compiler = new BytecodeCompiler<>(kernels);
 * BytecodeProgram<ScalarOp> p = compiler.compile(Graphs.compile(Graphs.materialize(g)));
 * double[] y = p.evaluate(0.5, 2.0);
 * }</pre>
 *
 * <p>Set {@code -Dtidu4j.bytecode.dump=<dir>} to write every generated class file there ({@code
 * javap -c -p <file>} reads it), or call {@link
 * io.github.tidu4j.graph.bytecode.BytecodeProgram#textify()}.
 */
package io.github.tidu4j.graph.bytecode;

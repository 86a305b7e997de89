package com.example.modular;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Differentiates {@code f(x, y) = sin(x)·y + cos(x)} forward and reverse and runs the programs
 * through the bytecode backend, from this named module. Run as a module ({@code java
 * --module-path … --module com.example.modular/com.example.modular.Main}), it checks the values
 * against closed forms and that the code really ran in named modules, and exits with a stack
 * trace (status 1) if anything is off.
 */
public final class Main {
  private static final ValueKey X = ValueKey.input("x");
  private static final ValueKey Y = ValueKey.input("y");

  private Main() {}

  /** {@code f(x, y)}, then its derivative along {@code x}, then its gradient. */
  public record Result(double value, double dfdx, double gradX, double gradY, Class<?> program) {}

  /** {@code f(x, y) = sin(x)·y + cos(x)}. */
  public static Graph<TrigOp> function() {
    TrigBuilder b = TrigBuilder.create();
    TrigValue x = b.input("x");
    TrigValue y = b.input("y");
    return b.build(x.sin().mul(y).add(x.cos()));
  }

  /** {@code f}, {@code ∂f/∂x} by forward mode and {@code ∇f} by reverse mode, all compiled to JVM bytecode. */
  public static Result run(double x, double y) {
    Graph<TrigOp> f = function();
    // forward: the tangent of f along x
    LinearizedGraph<TrigOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(X));
    // reverse: linearize in x and y, transpose; one cotangent seed, one cotangent per input
    LinearizedGraph<TrigOp> vjp =
        AD.linearTranspose(AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(X, Y)));

    List<ValueKey> outputs =
        List.of(f.outputKey(0), jvp.linearOutput(0), vjp.linearOutput(0), vjp.linearOutput(1));
    CompiledProgram<TrigOp> program =
        Graphs.compile(Graphs.resolve(List.of(jvp.graph(), vjp.graph())), outputs);

    // TrigKernels.kernelSet() carries a lookup of this package: the program class is defined here
    BytecodeProgram<TrigOp> compiled =
        new BytecodeCompiler<>(TrigKernels.kernelSet()).compile(program);
    Map<Object, Double> in = new HashMap<>();
    in.put("x", x);
    in.put("y", y);
    in.put(jvp.linearInput(0), 1.0);
    in.put(vjp.linearInput(0), 1.0);
    List<Double> out = compiled.eval(in);
    return new Result(out.get(0), out.get(1), out.get(2), out.get(3), compiled.generatedClass());
  }

  public static void main(String[] args) {
    double x = 0.7;
    double y = -1.3;
    Result r = run(x, y);
    check("f", Math.sin(x) * y + Math.cos(x), r.value());
    check("∂f/∂x (forward)", Math.cos(x) * y - Math.sin(x), r.dfdx());
    check("∂f/∂x (reverse)", Math.cos(x) * y - Math.sin(x), r.gradX());
    check("∂f/∂y (reverse)", Math.sin(x), r.gradY());

    Module self = Main.class.getModule();
    Module graph = BytecodeProgram.class.getModule();
    require(self.isNamed(), "Main runs in a named module, not on the class path");
    require(
        graph.isNamed()
            && "io.github.tidu4j.graph".equals(graph.getName())
            && !graph.getDescriptor().isAutomatic(),
        "the runtime is the explicit module io.github.tidu4j.graph, not " + graph);
    require(
        r.program().getModule() == self,
        "the program class is defined in " + self.getName() + ", not " + r.program().getModule());
    System.out.printf(
        "f(%s, %s) = %s, ∂f/∂x = %s, ∇f = (%s, %s)%nbytecode program %s in module %s%n",
        x, y, r.value(), r.dfdx(), r.gradX(), r.gradY(), r.program().getName(), self.getName());
  }

  private static void check(String what, double expected, double actual) {
    require(
        Math.abs(expected - actual) <= 1e-15 * Math.max(1, Math.abs(expected)),
        what + ": expected " + expected + ", got " + actual);
  }

  private static void require(boolean condition, String message) {
    if (!condition) {
      throw new AssertionError(message);
    }
  }
}

package io.github.tidu4j.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.BytecodeOptions;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.graph.bytecode.KernelSet;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * A graph built with {@link TensorBuilder} keeps its inputs' types, and every tier refuses a value
 * of another shape or dtype bound to one, naming the input: an elementwise program would otherwise
 * compute on it and return a result of the wrong shape without a word.
 */
class TensorInputTypesTest {
  private static final InputKey Y = InputKey.user("y");
  private static final String DECLARED_F64_3 =
      ", but its graph declares it f64[3]; bind a value of that type, or build and compile the"
          + " graph for this one";

  /** {@code y·exp(y)} for {@code y: f64[3]}: elementwise only, so no kernel knows the shape. */
  private static Graph<TensorOp> elementwise() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue y = b.input("y", DType.F64, 3);
    return b.build(y.exp().mul(y));
  }

  private static CompiledProgram<TensorOp> compile(Graph<TensorOp> g) {
    return Graphs.compile(Graphs.materializeMerge(Graphs.resolve(g), g.outputKeys()));
  }

  /** Every way to run {@code p} on {@code value} bound to its one input, by key and by position. */
  private static List<Executable> everyTier(CompiledProgram<TensorOp> p, Tensor value) {
    TensorEvaluator generated = new TensorEvaluator(p);
    BytecodeProgram<TensorOp> bytecode =
        BytecodeCompiler.compileUncached(
            p,
            KernelSet.of(Tensor.class, TensorKernels.TABLE, TensorOp::opcode),
            BytecodeOptions.defaults());
    List<Executable> runs = new ArrayList<>();
    runs.add(() -> Interpreter.eval(p, Map.of(Y, value)));
    runs.add(() -> Interpreter.evalPositional(p, List.of(value)));
    runs.add(() -> generated.evaluate(Map.of(Y, value)));
    runs.add(() -> generated.evaluate(value));
    runs.add(() -> bytecode.eval(Map.of(Y, value)));
    runs.add(() -> bytecode.evaluateObjects(value));
    runs.add(() -> TensorFusion.fuse(p).evalPositional(List.of(value)));
    runs.add(() -> TensorFusion.fuseExact(p).evalPositional(List.of(value)));
    return runs;
  }

  @Test
  void aValueOfTheDeclaredShapeRunsOnEveryTier() throws Throwable {
    CompiledProgram<TensorOp> p = compile(elementwise());
    Tensor y = Tensor.vector(0.5, -1, 2);
    Tensor expected =
        Tensor.vector(0.5 * Math.exp(0.5), -1 * Math.exp(-1), 2 * Math.exp(2));
    assertEquals(expected, Interpreter.eval(p, Map.of(Y, y)).get(0));
    for (Executable run : everyTier(p, y)) {
      run.execute();
    }
  }

  @Test
  void aValueOfAnotherShapeIsRefusedOnEveryTierNamingTheInput() {
    CompiledProgram<TensorOp> p = compile(elementwise());
    for (Executable run : everyTier(p, Tensor.vector(1, 2, 3, 4, 5))) {
      GraphException e = assertThrows(GraphException.class, run);
      assertEquals("input y is bound to f64[5]" + DECLARED_F64_3, e.getMessage());
    }
  }

  @Test
  void aValueOfAnotherDtypeIsRefused() {
    CompiledProgram<TensorOp> p = compile(elementwise());
    Tensor complex = Tensor.complex(new double[] {1, 0, 2, 0, 3, 0}, 3);
    for (Executable run : everyTier(p, complex)) {
      GraphException e = assertThrows(GraphException.class, run);
      assertEquals("input y is bound to c128[3]" + DECLARED_F64_3, e.getMessage());
    }
  }

  @Test
  void aValueThatIsNoTensorIsRefusedByTheTiersThatTakeObjects() {
    CompiledProgram<TensorOp> p = compile(elementwise());
    GraphException e =
        assertThrows(GraphException.class, () -> Interpreter.eval(p, Map.of(Y, 3.0)));
    assertEquals(
        "input y is bound to a java.lang.Double, not a "
            + Tensor.class.getName()
            + DECLARED_F64_3,
        e.getMessage());
  }

  @Test
  void aTangentTakesItsInputsTypeAndACotangentSeedItsOutputs() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", DType.F64, 3);
    Graph<TensorOp> f = b.build(x.sin().sum());
    ValueKey wrt = ValueKey.input(x.inputKey());
    LinearizedGraph<TensorOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(wrt));
    assertEquals("f64[3]", jvp.graph().inputType(0).orElseThrow().toString());
    assertEquals("f64[]", jvp.graph().outputType(0).orElseThrow().toString());
    LinearizedGraph<TensorOp> vjp = AD.linearTranspose(jvp);
    assertEquals("f64[]", vjp.graph().inputType(0).orElseThrow().toString());
    assertEquals("f64[3]", vjp.graph().outputType(0).orElseThrow().toString());

    CompiledProgram<TensorOp> jvpProgram =
        Graphs.compile(Graphs.resolve(jvp.graph()), jvp.linearOutputs());
    Tensor at = Tensor.vector(0.1, 0.2, 0.3);
    Function<Tensor, List<Tensor>> along =
        dx -> Interpreter.eval(jvpProgram, Map.of(x.inputKey(), at, jvp.linearInput(0), dx));
    // d/dt Σ sin(x + t·dx) = Σ cos(x)·dx
    double expected = Math.cos(0.1) + 2 * Math.cos(0.2) - Math.cos(0.3);
    assertEquals(expected, along.apply(Tensor.vector(1, 2, -1)).get(0).get(), 1e-15);
    GraphException e =
        assertThrows(GraphException.class, () -> along.apply(Tensor.vector(1, 2)));
    assertEquals(
        "input " + jvp.linearInput(0) + " is bound to f64[2]" + DECLARED_F64_3, e.getMessage());

    // the gradient takes x and the seed, each typed: the seed as the output it is the cotangent of
    CompiledProgram<TensorOp> gradient =
        Graphs.compile(Graphs.resolve(vjp.graph()), vjp.linearOutputs());
    assertEquals(List.of(x.inputKey(), vjp.linearInput(0)), gradient.inputKeys());
    assertEquals("f64[3]", gradient.inputType(0).orElseThrow().toString());
    assertEquals("f64[]", gradient.inputType(1).orElseThrow().toString());
    Tensor g =
        Interpreter.<Tensor>eval(
                gradient, Map.of(x.inputKey(), at, vjp.linearInput(0), Tensor.scalar(1)))
            .get(0);
    assertEquals(Tensor.vector(Math.cos(0.1), Math.cos(0.2), Math.cos(0.3)), g);
    assertThrows(
        GraphException.class,
        () ->
            Interpreter.eval(
                gradient,
                Map.of(x.inputKey(), Tensor.vector(1), vjp.linearInput(0), Tensor.scalar(1))));
    GraphException seed =
        assertThrows(
            GraphException.class,
            () ->
                Interpreter.eval(
                    gradient,
                    Map.of(x.inputKey(), at, vjp.linearInput(0), Tensor.vector(1, 1, 1))));
    assertEquals(
        "input " + vjp.linearInput(0) + " is bound to f64[3], but its graph declares it f64[];"
            + " bind a value of that type, or build and compile the graph for this one",
        seed.getMessage());
  }

  /**
   * A linear chain (a scaling) never mixes its seed with a primal value, so only the seed's type
   * stops a cotangent of the wrong shape from giving a gradient of that shape.
   */
  @Test
  void aSeedOfAnotherShapeIsRefusedWhereNoKernelWouldNotice() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", DType.F64, 3);
    Graph<TensorOp> f = b.build(x.scale(2.0));
    LinearizedGraph<TensorOp> vjp =
        AD.linearTranspose(
            AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input(x.inputKey()))));
    CompiledProgram<TensorOp> gradient =
        Graphs.compile(Graphs.resolve(vjp.graph()), vjp.linearOutputs());
    assertEquals(List.of(vjp.linearInput(0)), gradient.inputKeys());
    assertEquals(
        Tensor.vector(2, 4, 6),
        Interpreter.<Tensor>eval(gradient, Map.of(vjp.linearInput(0), Tensor.vector(1, 2, 3)))
            .get(0));
    assertThrows(
        GraphException.class,
        () -> Interpreter.eval(gradient, Map.of(vjp.linearInput(0), Tensor.vector(1, 2, 3, 4))));
  }

  @Test
  void secondOrderPassesKeepTheTypes() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", DType.F64, 2);
    Graph<TensorOp> f = b.build(x.mul(x).exp().sum());
    ValueKey wrt = ValueKey.input(x.inputKey());
    LinearizedGraph<TensorOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(wrt));
    LinearizedGraph<TensorOp> jvp2 =
        AD.linearize(Graphs.resolve(jvp.graph()), jvp.linearOutputs(), List.of(wrt));
    LinearizedGraph<TensorOp> vjp2 = AD.linearTranspose(jvp2);
    assertEquals("f64[2]", jvp2.graph().inputType(0).orElseThrow().toString());
    assertEquals("f64[]", jvp2.graph().outputType(0).orElseThrow().toString());
    assertEquals("f64[]", vjp2.graph().inputType(0).orElseThrow().toString());
    assertEquals("f64[2]", vjp2.graph().outputType(0).orElseThrow().toString());
  }

  @Test
  void aSeedOfAnOutputAddedUntypedIsUntyped() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", DType.F64, 3);
    b.graph().output(x.sin().ref()); // on the runtime's builder: no type recorded
    Graph<TensorOp> f = b.graph().build();
    LinearizedGraph<TensorOp> vjp =
        AD.linearTranspose(
            AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input(x.inputKey()))));
    assertEquals(Optional.empty(), vjp.graph().inputType(0));
    assertEquals("f64[3]", vjp.graph().outputType(0).orElseThrow().toString());
  }

  @Test
  void anInputDeclaredUntypedOnTheRuntimesBuilderTakesAnyShape() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue y = b.value(b.graph().input(Y), TensorType.of(DType.F64, 3));
    CompiledProgram<TensorOp> p = compile(b.build(y.exp().mul(y)));
    // untyped, the elementwise program computes on what it is given: the reason for types
    Tensor got = Interpreter.<Tensor>eval(p, Map.of(Y, Tensor.vector(1, 2, 3, 4, 5))).get(0);
    assertEquals(5, got.size());
  }

  /**
   * A value of another graph taken at a type other than the one that graph declares for it would
   * make every type rule after it compute on the wrong type, and the graph declare a wrong output
   * type: refused where it is taken, if the parent is recorded, and else when resolved.
   */
  @Test
  void aValueOfAnotherGraphTakenAtAnotherTypeIsRefused() {
    TensorBuilder b1 = TensorBuilder.create();
    TensorValue x = b1.input("x", DType.F64, 3);
    Graph<TensorOp> g1 = b1.build(x.sin());
    ValueRef sine = ValueRef.external(g1.outputKey(0));

    TensorBuilder withParent = TensorBuilder.on(Graph.<TensorOp>builder().parent(g1));
    GraphException e =
        assertThrows(
            GraphException.class, () -> withParent.value(sine, TensorType.of(DType.F64, 5)));
    assertEquals(
        "Sin(x) is declared f64[3] by parent 0 of the graph being built (its output 0) and f64[5]"
            + " by the graph being built (which reads it from another graph at that type); a value"
            + " has one type, and a program takes each input at one: declare it alike in every"
            + " graph, as the graph that defines it does",
        e.getMessage());
    Graph<TensorOp> g2 = withParent.build(withParent.value(sine, TensorType.of(DType.F64, 3)).exp());
    assertEquals("f64[3]", g2.outputType(0).orElseThrow().toString());
    Tensor got =
        Interpreter.<Tensor>eval(compile(g2), Map.of(x.inputKey(), Tensor.vector(0.1, 0.2, 0.3)))
            .get(0);
    assertEquals(Tensor.vector(Math.exp(Math.sin(0.1)), Math.exp(Math.sin(0.2)), Math.exp(Math.sin(0.3))), got);

    TensorBuilder noParent = TensorBuilder.create();
    Graph<TensorOp> lying =
        noParent.build(noParent.value(sine, TensorType.of(DType.F64)).mul(2.0));
    assertThrows(GraphException.class, () -> Graphs.resolve(List.of(lying, g1)));
  }

  /** The cotangent seed of an output that does not depend on {@code wrt} is unread, not unchecked. */
  @Test
  void aSeedOfAZeroOutputIsCheckedThoughItIsNotRead() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", DType.F64, 3);
    TensorValue c = b.input("c", DType.F64, 2);
    Graph<TensorOp> f = b.build(x.sin(), c.exp());
    LinearizedGraph<TensorOp> vjp =
        AD.linearTranspose(
            AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input(x.inputKey()))));
    CompiledProgram<TensorOp> gradient =
        Graphs.compile(Graphs.resolve(vjp.graph()), vjp.linearOutputs());
    Object seedOfSine = vjp.linearInput(0);
    Object seedOfExp = vjp.linearInput(1);
    assertEquals(seedOfExp, gradient.unusedInputKeys().get(0)); // then the linear graph's, c
    Map<Object, Tensor> inputs = new HashMap<>();
    inputs.put(x.inputKey(), Tensor.vector(0, 0, 0));
    inputs.put(seedOfSine, Tensor.vector(1, 2, 3));
    inputs.put(seedOfExp, Tensor.vector(1, 1));
    assertEquals(Tensor.vector(1, 2, 3), Interpreter.<Tensor>eval(gradient, inputs).get(0));
    inputs.put(seedOfExp, Tensor.vector(1, 1, 1));
    GraphException e =
        assertThrows(GraphException.class, () -> Interpreter.eval(gradient, inputs));
    assertEquals(
        "input " + seedOfExp + " is bound to f64[3], but its graph declares it f64[2]; bind a value"
            + " of that type, or build and compile the graph for this one",
        e.getMessage());
  }
}

package com.example;

import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.ValueRef;
import java.util.List;
import java.util.Objects;
import javax.annotation.processing.Generated;

/**
 * Builds graphs of {@link Real} fluently: inputs and the nullary primitives here, every
 * other primitive a method of {@link RealValue}. The result is an ordinary {@code Graph<RealOp>};
 * {@link #graph()} is the graph builder underneath, for what the fluent methods do not
 * cover.
 *
 * <pre>{@code
 * RealBuilder b = RealBuilder.create();
 * RealValue x = b.input("x");
 * Graph<RealOp> g = b.build(x.add(x));
 * }</pre>
 *
 * <p>Builds one graph, on the thread that made it (another thread is refused).
 */
@Generated("io.github.tidu4j.processor.PrimitiveSetProcessor")
public final class RealBuilder {
  /**
   * The graph builder underneath; builders on one graph builder share their values.
   */
  private final GraphBuilder<RealOp> graph;

  /**
   * A builder adding to {@code graph}; {@link #create()} and {@link #on} make them.
   *
   * @param graph the graph builder to add to
   */
  private RealBuilder(GraphBuilder<RealOp> graph) {
    this.graph = graph;
  }

  /**
   * A builder of a new graph, which names its set by the accumulator, so that a graph of no
   * operation (a function returning its input twice) can still be transposed.
   *
   * @return the builder
   */
  public static RealBuilder create() {
    return new RealBuilder(Graph.<RealOp>builder().declareSet(RealOp.ADD));
  }

  /**
   * A builder adding to {@code graph}, such as the one a traced function receives; builders on
   * one graph share their values.
   *
   * @param graph the graph builder to add to
   * @return the builder
   */
  public static RealBuilder on(GraphBuilder<RealOp> graph) {
    return new RealBuilder(Objects.requireNonNull(graph, "graph"));
  }

  /**
   * The graph builder underneath.
   *
   * @return the graph builder
   */
  public GraphBuilder<RealOp> graph() {
    return graph;
  }

  /**
   * Declares the input keyed {@code key}: a name such as {@code "x"}, or any key with value
   * equality; inputs are bound by that key when the graph runs.
   *
   * @param key the input's key
   * @return the input
   * @throws GraphException if the graph already declares {@code key}
   */
  public RealValue input(Object key) {
    return new RealValue(this, graph.input(key));
  }

  /**
   * The fluent value of {@code ref}, a value of the graph this builder adds to (e.g. one
   * {@link #graph()} returned).
   *
   * @param ref the value in the graph
   * @return the fluent value
   */
  public RealValue value(ValueRef ref) {
    return new RealValue(this, Objects.requireNonNull(ref, "ref"));
  }

  /**
   * Builds the graph with {@code outputs}, in order; the builder cannot be used afterwards.
   *
   * @param outputs the graph's outputs
   * @return the graph
   */
  public Graph<RealOp> build(RealValue... outputs) {
    return build(List.of(outputs));
  }

  /**
   * Builds the graph with {@code outputs}, in order; the builder cannot be used afterwards.
   *
   * @param outputs the graph's outputs
   * @return the graph
   * @throws IllegalArgumentException if an output belongs to another graph
   */
  public Graph<RealOp> build(List<RealValue> outputs) {
    for (RealValue output : outputs) {
      graph.output(own(output, "output", -1));
    }
    return graph.build();
  }

  /**
   * Applies the single-output {@code operation} to {@code operands}.
   *
   * @param operation the operation
   * @param operands its operands
   * @return its output
   */
  RealValue apply(RealOp operation, RealValue... operands) {
    return new RealValue(this, graph.apply(operation, refs(operation, operands)));
  }

  /**
   * Applies {@code operation} to {@code operands}.
   *
   * @param operation the operation
   * @param operands its operands
   * @return its outputs, in slot order
   */
  List<RealValue> applyMulti(RealOp operation, RealValue... operands) {
    List<ValueRef.Local> outputs = graph.applyMulti(operation, refs(operation, operands));
    RealValue[] values = new RealValue[outputs.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = new RealValue(this, outputs.get(i));
    }
    return List.of(values);
  }

  /**
   * The references of {@code operands}, each checked to be a value of this builder's graph.
   *
   * @param operation the operation they are operands of, named in errors
   * @param operands the operands
   * @return their references, in order
   */
  private ValueRef[] refs(RealOp operation, RealValue[] operands) {
    ValueRef[] refs = new ValueRef[operands.length];
    for (int i = 0; i < operands.length; i++) {
      refs[i] = own(operands[i], operation.name(), i);
    }
    return refs;
  }

  /**
   * The reference of {@code value}, checked to be a value of this builder's graph.
   *
   * @param value an operand, or an output of the graph
   * @param name what takes it, named in errors: an operation, or {@code "output"}
   * @param operand its operand index, or -1 for an output
   * @return its reference
   * @throws NullPointerException if {@code value} is null
   * @throws IllegalArgumentException if {@code value} belongs to another graph
   */
  private ValueRef own(RealValue value, String name, int operand) {
    // messages are built only when thrown: this runs once per operand
    if (value == null) {
      throw new NullPointerException(what(name, operand) + " is null");
    }
    RealBuilder owner = value.builder();
    if (owner.graph != graph) {
      throw new IllegalArgumentException(
          what(name, operand) + " (" + value + ") belongs to another graph than the one of " + this
          + "; values of two builders do not mix (a value kept from an earlier trace"
          + " of a function is one of another builder: each trace builds a graph of its"
          + " own): build each graph's values from one builder");
    }
    return value.ref();
  }

  /**
   * How errors name operand {@code operand} of {@code name}: {@code "Mul operand 1"}, or
   * {@code name} alone for -1.
   *
   * @param name what takes the value: an operation, or {@code "output"}
   * @param operand the operand index, or -1
   * @return the name in errors
   */
  private static String what(String name, int operand) {
    return operand < 0 ? name : name + " operand " + operand;
  }

  @Override
  public String toString() {
    return "RealBuilder@" + Integer.toHexString(System.identityHashCode(graph));
  }
}

package io.github.tidu4j.graph;

import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.List;

/**
 * The graphs of exp(a·x) differentiated in x, built by hand the way linearize and
 * linearTranspose build them (runtime-graph knows no AD): the primal, its linear graph (reads
 * {@code a} and {@code exp(a·x)} by key, records the primal as parent) and that transposed
 * (records the linear graph as parent).
 */
final class ExpAxGraphs {
  static final ActiveMask FIXED_ACTIVE = ActiveMask.of(false, true);

  final Graph<ScalarOp> primal;
  final Graph<ScalarOp> linear;
  final Graph<ScalarOp> transposed;

  ExpAxGraphs() {
    GraphBuilder<ScalarOp> p = Graph.builder();
    ValueRef.Local a = p.input("a");
    ValueRef.Local x = p.input("x");
    primal = p.output(p.apply(ScalarOp.EXP, p.apply(ScalarOp.MUL, a, x))).build();
    ValueRef aKey = ValueRef.external(primal.valueKey(0));
    ValueRef expKey = ValueRef.external(primal.outputKey(0));

    OperationRole lin = OperationRole.linearized(FIXED_ACTIVE);
    GraphBuilder<ScalarOp> l = Graph.builder();
    ValueRef.Local dx = l.input("dx");
    ValueRef.Local adx = l.apply(ScalarOp.MUL, lin, aKey, dx);
    linear = l.parent(primal).output(l.apply(ScalarOp.MUL, lin, expKey, adx)).build();

    GraphBuilder<ScalarOp> t = Graph.builder();
    ValueRef.Local ct = t.input("ct");
    ValueRef.Local ect = t.apply(ScalarOp.MUL, lin, expKey, ct);
    transposed = t.parent(linear).output(t.apply(ScalarOp.MUL, lin, aKey, ect)).build();
  }

  List<Graph<ScalarOp>> all() {
    return List.of(primal, linear, transposed);
  }

  static final List<String> LABELS = List.of("primal", "linear (JVP)", "transposed (VJP)");
}

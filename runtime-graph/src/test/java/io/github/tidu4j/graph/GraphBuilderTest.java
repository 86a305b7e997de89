package io.github.tidu4j.graph;

import static io.github.tidu4j.graph.testing.Pipeline.eval;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GraphBuilderTest {

  @Test
  void inputsAreValuesInDeclarationOrder() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    Graph<ScalarOp> g = b.output(x).build();

    assertEquals(new ValueRef.Local(0), x);
    assertEquals(new ValueRef.Local(1), y);
    assertEquals(2, g.valueCount());
    assertEquals(2, g.inputCount());
    assertEquals(0, g.nodeCount());
    assertEquals(List.of("x", "y"), g.inputKeys());
    assertEquals(0, g.inputValue(0));
    assertEquals(1, g.inputValue(1));
    assertSame(ValueKey.input("x"), g.valueKey(0));
    assertSame(ValueKey.input("y"), g.valueKey(1));
    assertEquals(-1, g.producer(0));
    assertEquals(0, g.outputSlot(1));
  }

  /**
   * Another thread adding to a builder is refused at its first call, naming both threads, before
   * it changes anything: the graph the owning thread goes on to build is whole. Two threads growing
   * one builder's arrays at once made wrong graphs as well as crashes.
   */
  @Test
  void anotherThreadIsRefusedBeforeItChangesTheBuilder() throws InterruptedException {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local sin = b.apply(ScalarOp.SIN, x);
    GraphException[] refused = new GraphException[4];
    Thread other =
        new Thread(
            () -> {
              refused[0] = assertThrows(GraphException.class, () -> b.apply(ScalarOp.COS, x));
              refused[1] = assertThrows(GraphException.class, () -> b.input("y"));
              refused[2] =
                  assertThrows(
                      GraphException.class, () -> b.stageLocal(0).addStaged(ScalarOp.NEG, OperationRole.primary()));
              refused[3] = assertThrows(GraphException.class, () -> b.output(sin));
            },
            "helper");
    other.start();
    other.join();
    for (GraphException e : refused) {
      assertTrue(
          e.getMessage().startsWith(
              "this graph builder was made on thread '" + Thread.currentThread().getName()
                  + "', and thread 'helper' is using it"),
          e.getMessage());
    }
    // a thread without a name (as virtual threads are) is told apart by its id, not as ''
    GraphException[] unnamed = new GraphException[1];
    Thread anonymous =
        new Thread(() -> unnamed[0] = assertThrows(GraphException.class, () -> b.input("z")), "");
    anonymous.start();
    anonymous.join();
    assertTrue(
        unnamed[0].getMessage().contains(
            "and thread #" + anonymous.getId() + " (unnamed) is using it"),
        unnamed[0].getMessage());
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.MUL, sin, x)).build();
    assertEquals(2, g.nodeCount(), "nothing the other thread tried was added");
    assertEquals(List.of(Math.sin(0.5) * 0.5), eval(g, Map.of("x", 0.5)));
  }

  @Test
  void aReferenceKeptFromAnotherBuilderIsRefusedWhereItIsUsed() {
    GraphBuilder<ScalarOp> first = Graph.builder();
    first.input("p");
    ValueRef.Local kept = first.input("q");
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    b.input("y");
    assertEquals(kept, new ValueRef.Local(1), "equal ids are equal references");
    assertFalse(kept.isOf(b));
    GraphException e =
        assertThrows(GraphException.class, () -> b.apply(ScalarOp.MUL, x, kept));
    assertEquals(
        "MUL operand 1 is %1 of another builder: a local value is a number in the graph of the"
            + " builder that made it, so one kept from another builder (another function's"
            + " trace, say) would name another value here; build each graph's values from its"
            + " own builder",
        e.getMessage());
    GraphException output = assertThrows(GraphException.class, () -> b.output(kept));
    assertTrue(output.getMessage().startsWith("output 0 is %1 of another builder"));
    // a reference made by id alone is the caller's to mean, in any builder that has the value
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.MUL, x, new ValueRef.Local(1))).build();
    assertEquals(List.of(6.0), eval(g, Map.of("x", 2.0, "y", 3.0)));
  }

  @Test
  void aReferenceByIdFromItsBuilderIsRefusedByAnother() {
    GraphBuilder<ScalarOp> first = Graph.builder();
    first.input("p");
    first.input("q");
    ValueRef.Local kept = first.local(1);
    assertTrue(kept.isOf(first));
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    b.input("y");
    assertFalse(kept.isOf(b));
    GraphException e = assertThrows(GraphException.class, () -> b.apply(ScalarOp.MUL, x, kept));
    assertTrue(e.getMessage().startsWith("MUL operand 1 is %1 of another builder"), e.getMessage());
    assertEquals(
        "%2 is no value of this graph (it has 2)",
        assertThrows(GraphException.class, () -> b.local(2)).getMessage());
    assertThrows(GraphException.class, () -> b.local(-1));
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.MUL, x, b.local(1))).build();
    assertEquals(List.of(6.0), eval(g, Map.of("x", 2.0, "y", 3.0)));
  }

  @Test
  void aKeptReferenceDoesNotKeepItsBuilderAlive() throws InterruptedException {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    java.lang.ref.WeakReference<GraphBuilder<ScalarOp>> builder =
        new java.lang.ref.WeakReference<>(b);
    b = null;
    for (int attempt = 0; attempt < 100 && builder.get() != null; attempt++) {
      System.gc();
      Thread.sleep(10);
    }
    assertEquals(null, builder.get(), "held only by " + x);
  }

  @Test
  void operationsBecomeNodesWithOperandsAndKeys() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    ValueRef.Local prod = b.apply(ScalarOp.MUL, x, y);
    ValueRef.Local sin = b.apply(ScalarOp.SIN, prod);
    Graph<ScalarOp> g = b.output(sin).build();

    assertEquals(new ValueRef.Local(2), prod);
    assertEquals(new ValueRef.Local(3), sin);
    assertEquals(2, g.nodeCount());
    assertEquals(4, g.valueCount());
    assertEquals(ScalarOp.MUL, g.operation(0));
    assertEquals(ScalarOp.SIN, g.operation(1));
    assertEquals(2, g.operandCount(0));
    assertEquals(1, g.operandCount(1));
    assertEquals(x, g.operand(0, 0));
    assertEquals(y, g.operand(0, 1));
    assertEquals(prod, g.operand(1, 0));
    assertEquals(0, g.operandLocal(0, 0));
    assertEquals(2, g.operandLocal(1, 0));
    assertEquals(0, g.producer(2));
    assertEquals(1, g.producer(3));
    assertEquals(2, g.nodeOutput(0, 0));
    assertEquals(3, g.nodeOutput(1, 0));
    assertSame(OperationRole.primary(), g.role(0));

    OperationKey mulKey =
        OperationKey.of(ScalarOp.MUL, List.of(ValueKey.input("x"), ValueKey.input("y")),
            OperationRole.primary());
    assertSame(mulKey, g.operationKey(0));
    assertSame(mulKey.output(0), g.valueKey(2));
    assertSame(mulKey.output(0), g.operandKey(1, 0));
    assertSame(ValueKey.input("y"), g.operandKey(0, 1));
    assertSame(g.valueKey(3), g.outputKey(0));
    assertEquals(0, g.localValue(ValueKey.input("x")));
    assertEquals(2, g.localValue(mulKey.output(0)));
    assertEquals(-1, g.localValue(ValueKey.input("not-here")));
  }

  @Test
  void addReturnsTheFirstOutputAndRecordsTheRole() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local dx = b.input("dx");
    OperationRole linear = OperationRole.linearized(ActiveMask.of(false, true));
    int first = b.add(ScalarOp.MUL, linear, x, dx);
    assertEquals(3, b.valueCount());
    int sc = b.add(ScalarOp.SIN_COS, OperationRole.primary(), x);
    assertEquals(5, b.valueCount());
    assertSame(b.valueKey(4), OperationKey.of(ScalarOp.SIN_COS, List.of(ValueKey.input("x")),
        OperationRole.primary()).output(1));
    Graph<ScalarOp> g = b.output(new ValueRef.Local(first)).build();

    assertEquals(2, first);
    assertEquals(3, sc);
    assertEquals(linear, g.role(0));
    assertEquals(OperationRole.primary(), g.role(1));
    assertEquals(5, g.valueCount());
    assertEquals(1, g.linearizedNodeCount(), "the Mul; SinCos is primary");
  }

  @Test
  void theLinearizedNodesAreCountedWhateverTheirMask() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local dx = b.input("dx");
    int mul = b.add(ScalarOp.MUL, OperationRole.linearized(ActiveMask.of(false, true)), x, dx);
    int both = b.add(ScalarOp.ADD, OperationRole.linearized(ActiveMask.of(true, true)), dx, dx);
    b.apply(ScalarOp.SIN, x);
    // a repeated key is a node of its own, counted again
    b.add(ScalarOp.MUL, OperationRole.linearized(ActiveMask.of(false, true)), x, dx);
    Graph<ScalarOp> g =
        b.output(new ValueRef.Local(mul)).output(new ValueRef.Local(both)).build();
    assertEquals(4, g.nodeCount());
    assertEquals(3, g.linearizedNodeCount());
    assertEquals(0, Graph.<ScalarOp>builder().build().linearizedNodeCount());
  }

  @Test
  void outputsKeepTheirOrderIncludingDuplicatesAndInputs() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local s = b.apply(ScalarOp.SIN, x);
    ValueRef.Local c = b.apply(ScalarOp.COS, x);
    Graph<ScalarOp> g = b.outputs(List.of(c, s, c, x)).build();

    assertEquals(4, g.outputCount());
    assertEquals(c, g.output(0));
    assertEquals(s, g.output(1));
    assertEquals(c, g.output(2));
    assertEquals(x, g.output(3));
    assertEquals(
        List.of(g.valueKey(c.id()), g.valueKey(s.id()), g.valueKey(c.id()), ValueKey.input("x")),
        g.outputKeys());
    assertThrows(UnsupportedOperationException.class, () -> g.outputKeys().clear());
  }

  @Test
  void parentsAreRecordedOnceInOrder() {
    Graph<ScalarOp> a = single("a");
    Graph<ScalarOp> c = single("c");
    GraphBuilder<ScalarOp> b = Graph.builder();
    b.input("z");
    Graph<ScalarOp> g = b.parent(a).parent(c).parent(a).output(new ValueRef.Local(0)).build();

    assertEquals(2, g.parents().size());
    assertSame(a, g.parents().get(0));
    assertSame(c, g.parents().get(1));
    assertThrows(UnsupportedOperationException.class, () -> g.parents().add(a));
  }

  @Test
  void externalReferencesAreKeptAsKeysAndCountedOnce() {
    Graph<ScalarOp> a = single("a");
    ValueKey aOut = a.outputKey(0);
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local y = b.input("y");
    ValueRef.External ext = ValueRef.external(aOut);
    ValueRef.Local prod = b.apply(ScalarOp.MUL, ext, y);
    ValueRef.Local sum = b.apply(ScalarOp.ADD, prod, ext);
    Graph<ScalarOp> g = b.parent(a).output(sum).output(ext).build();

    assertEquals(new ValueRef.External(aOut), g.operand(0, 0));
    assertInstanceOf(ValueRef.External.class, g.operand(1, 1));
    assertEquals(-1, g.operandLocal(0, 0));
    assertSame(aOut, g.operandKey(0, 0));
    assertSame(aOut, g.operandKey(1, 1));
    assertEquals(1, g.externalCount(), "one distinct external key, however often it is used");
    assertSame(aOut, g.external(0));
    assertEquals(ext, g.output(1));
    assertSame(aOut, g.outputKey(1));
    // the key of a node over an external operand is the same as if the operand were local
    OperationKey expected =
        OperationKey.of(ScalarOp.MUL, List.of(aOut, ValueKey.input("y")), OperationRole.primary());
    assertSame(expected, g.operationKey(0));
    // an external value is not defined by this graph
    assertEquals(-1, g.localValue(aOut));
  }

  @Test
  void valueRefsAreValues() {
    assertEquals(new ValueRef.Local(3), ValueRef.local(3));
    assertEquals("%3", ValueRef.local(3).toString());
    ValueKey x = ValueKey.input("x");
    assertEquals(new ValueRef.External(x), ValueRef.external(x));
    assertEquals("ext(Input(x))", ValueRef.external(x).toString());
    GraphException e = assertThrows(GraphException.class, () -> ValueRef.external(null));
    assertTrue(e.getMessage().contains("key"), e.getMessage());
  }

  @Test
  void multiOutputOperationsGiveContiguousValues() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    List<ValueRef.Local> sc = b.applyMulti(ScalarOp.SIN_COS, x);
    ValueRef.Local sum = b.apply(ScalarOp.ADD, sc.get(0), sc.get(1));
    Graph<ScalarOp> g = b.output(sum).output(sc.get(1)).build();

    assertEquals(List.of(new ValueRef.Local(1), new ValueRef.Local(2)), sc);
    assertEquals(4, g.valueCount());
    assertEquals(2, g.nodeCount());
    assertEquals(0, g.producer(1));
    assertEquals(0, g.producer(2));
    assertEquals(0, g.outputSlot(1));
    assertEquals(1, g.outputSlot(2));
    assertEquals(1, g.nodeOutput(0, 0));
    assertEquals(2, g.nodeOutput(0, 1));
    assertEquals(3, g.nodeOutput(1, 0));
    OperationKey key = g.operationKey(0);
    assertEquals(2, key.outputCount());
    assertSame(key.output(0), g.valueKey(1));
    assertSame(key.output(1), g.valueKey(2));
    assertSame(key.output(1), g.outputKey(1));

    List<Double> out = eval(g, Map.of("x", 0.7));
    assertEquals(Math.sin(0.7) + Math.cos(0.7), out.get(0), 0.0);
    assertEquals(Math.cos(0.7), out.get(1), 0.0);
  }

  @Test
  void applyRejectsMultiOutputOperationsNamingThem() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    GraphException e = assertThrows(GraphException.class, () -> b.apply(ScalarOp.SIN_COS, x));
    assertTrue(e.getMessage().contains("SIN_COS"), e.getMessage());
    assertTrue(e.getMessage().contains("applyMulti"), e.getMessage());
  }

  @Test
  void arityIsCheckedOnInsertionNamingTheOperation() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");

    GraphException tooFew = assertThrows(GraphException.class, () -> b.apply(ScalarOp.ADD, x));
    assertTrue(tooFew.getMessage().contains("ADD"), tooFew.getMessage());
    assertTrue(
        tooFew.getMessage().contains("takes 2 input(s) but was given 1"), tooFew.getMessage());

    GraphException tooMany =
        assertThrows(GraphException.class, () -> b.apply(ScalarOp.SIN, x, x));
    assertTrue(tooMany.getMessage().contains("SIN"), tooMany.getMessage());
    assertTrue(
        tooMany.getMessage().contains("takes 1 input(s) but was given 2"), tooMany.getMessage());

    GraphException multi =
        assertThrows(GraphException.class, () -> b.applyMulti(ScalarOp.SIN_COS, x, x));
    assertTrue(multi.getMessage().contains("SIN_COS"), multi.getMessage());

    GraphException mask =
        assertThrows(
            GraphException.class,
            () -> b.apply(ScalarOp.MUL, OperationRole.linearized(ActiveMask.of(true)), x, x));
    assertTrue(mask.getMessage().contains("MUL"), mask.getMessage());
    assertTrue(mask.getMessage().contains("active mask"), mask.getMessage());
  }

  @Test
  void operandNamingAMissingValueIsRejected() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    GraphException e =
        assertThrows(GraphException.class, () -> b.apply(ScalarOp.MUL, x, ValueRef.local(7)));
    assertTrue(e.getMessage().contains("MUL"), e.getMessage());
    assertTrue(e.getMessage().contains("%7"), e.getMessage());
    GraphException out = assertThrows(GraphException.class, () -> b.output(ValueRef.local(7)));
    assertTrue(out.getMessage().contains("%7"), out.getMessage());
  }

  @Test
  void aRejectedNodeLeavesTheBuilderUnchanged() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    ValueKey dangling = ValueKey.input("never-defined");
    // operand 0 is fine, operand 1 is not: nothing of the node may stay behind
    assertThrows(
        GraphException.class,
        () -> b.apply(ScalarOp.MUL, ValueRef.external(dangling), ValueRef.local(42)));
    assertThrows(GraphException.class, () -> b.apply(ScalarOp.ADD, x, ValueRef.local(-1)));
    assertEquals(2, b.valueCount());

    ValueRef.Local prod = b.apply(ScalarOp.MUL, x, y);
    ValueRef.Local sin = b.apply(ScalarOp.SIN, prod);
    Graph<ScalarOp> g = b.output(sin).build();

    assertEquals(2, g.nodeCount());
    assertEquals(0, g.externalCount(), "the rejected node's external must not be recorded");
    assertEquals(2, g.operandCount(0));
    assertEquals(x, g.operand(0, 0));
    assertEquals(y, g.operand(0, 1));
    assertEquals(1, g.operandCount(1));
    assertEquals(prod, g.operand(1, 0));
    assertEquals(Math.sin(0.5 * 3.0), eval(g, Map.of("x", 0.5, "y", 3.0)).get(0), 0.0);
  }

  @Test
  void stagedOperandsBuildTheSameNodesAsValueRefs() {
    GraphBuilder<ScalarOp> pb = Graph.builder();
    Graph<ScalarOp> parent = pb.output(pb.apply(ScalarOp.NEG, pb.input("o"))).build();
    ValueKey outside = parent.outputKey(0); // -o
    GraphBuilder<ScalarOp> byRefs = Graph.builder();
    ValueRef.Local x = byRefs.input("x");
    ValueRef.Local p = byRefs.apply(ScalarOp.MUL, x, ValueRef.external(outside));
    Graph<ScalarOp> expected = byRefs.output(byRefs.apply(ScalarOp.SIN, p)).build();

    GraphBuilder<ScalarOp> staged = Graph.builder(KeyScope.open(), 4);
    GraphBuilder<ScalarOp> global = Graph.builder();
    for (GraphBuilder<ScalarOp> b : List.of(staged, global)) {
      int in = b.input("x").id();
      int mul = b.stageLocal(in).stageExternal(outside).addStaged(ScalarOp.MUL, OperationRole.primary());
      int sin = b.stageLocal(mul).addStaged(ScalarOp.SIN, OperationRole.primary());
      Graph<ScalarOp> g = b.output(ValueRef.local(sin)).parent(parent).build();
      assertEquals(2, g.nodeCount());
      assertEquals(1, g.externalCount());
      assertEquals(ValueRef.external(outside), g.operand(0, 1));
      assertEquals(Math.sin(0.5 * 3.0), eval(g, Map.of("x", 0.5, "o", -3.0)).get(0), 0.0);
    }
    // the unscoped builder makes exactly the keys of the ValueRef form
    assertSame(expected.outputKey(0), global.valueKey(2));
  }

  @Test
  void aRejectedStagedNodeLeavesNothingStagedOrBuilt() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    int x = b.input("x").id();
    b.stageLocal(x);
    GraphException missing = assertThrows(GraphException.class, () -> b.stageLocal(9));
    assertTrue(missing.getMessage().contains("%9"), missing.getMessage());
    // the operand staged before the failure is gone: SIN gets exactly one
    int sin = b.stageLocal(x).addStaged(ScalarOp.SIN, OperationRole.primary());

    b.stageLocal(x).stageLocal(sin).stageLocal(x);
    GraphException arity =
        assertThrows(GraphException.class, () -> b.addStaged(ScalarOp.MUL, OperationRole.primary()));
    assertTrue(arity.getMessage().contains("MUL"), arity.getMessage());
    assertTrue(arity.getMessage().contains("3"), arity.getMessage());
    assertThrows(NullPointerException.class, () -> b.stageExternal(null));

    int mul = b.stageLocal(sin).stageLocal(x).addStaged(ScalarOp.MUL, OperationRole.primary());
    Graph<ScalarOp> g = b.output(ValueRef.local(mul)).build();
    assertEquals(2, g.nodeCount());
    assertEquals(0, g.externalCount());
    assertEquals(Math.sin(0.5) * 0.5, eval(g, Map.of("x", 0.5)).get(0), 0.0);
  }

  @Test
  void aNodeKnowsWhetherItsKeyIsNewSoItsFirstDefinitionNeedsNoLookup() {
    Object x = new Object();
    OperationKey madeBefore =
        OperationKey.of(ScalarOp.EXP, List.of(ValueKey.input(x)), OperationRole.primary());
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local in = b.input(x);
    ValueRef.Local sin = b.apply(ScalarOp.SIN, in); // a new key
    ValueRef.Local exp = b.apply(ScalarOp.EXP, in); // its key was made above
    ValueRef.Local sinAgain = b.apply(ScalarOp.SIN, in); // repeats node 0
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.ADD, sinAgain, exp)).build();
    assertFalse(g.keyExisted(0));
    // made before, but the first in this graph: the node claimed its key (I11)
    assertFalse(g.keyExisted(1));
    assertTrue(g.keyExisted(2));
    assertFalse(g.keyExisted(3));
    assertEquals(in.id(), g.firstDefinition(in.id()));
    assertEquals(sin.id(), g.firstDefinition(sin.id()));
    assertEquals(exp.id(), g.firstDefinition(exp.id()));
    assertEquals(sin.id(), g.firstDefinition(sinAgain.id()));
    assertSame(madeBefore, g.operationKey(1));
    assertThrows(GraphException.class, () -> g.firstDefinition(g.valueCount()));
  }

  @Test
  void aGraphBuiltAgainKnowsItsFirstDefinitionsWithoutIndexingItsKeys() {
    Object x = new Object();
    Graph<ScalarOp> before = sinExpSin(x);
    Graph<ScalarOp> g = sinExpSin(x); // every key exists: the nodes claim theirs (I11)
    assertSame(before.operationKey(0), g.operationKey(0));
    assertFalse(g.keyExisted(0));
    assertFalse(g.keyExisted(1));
    assertTrue(g.keyExisted(2), "the repeat finds the first node's claim");
    assertEquals(1, g.firstDefinition(1));
    assertEquals(2, g.firstDefinition(2));
    assertEquals(1, g.firstDefinition(3));
  }

  @Test
  void aClaimOverwrittenWhileTheGraphIsBuiltSendsFirstDefinitionsToTheIndex() {
    Object x = new Object();
    OperationKey sinKey =
        OperationKey.of(ScalarOp.SIN, List.of(ValueKey.input(x)), OperationRole.primary());
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local in = b.input(x);
    ValueRef.Local sin = b.apply(ScalarOp.SIN, in); // claims the existing key
    // another builder refers to the key meanwhile, and so writes its hint
    GraphBuilder<ScalarOp> other = Graph.builder();
    other.apply(ScalarOp.COS, new ValueRef.External(sinKey));
    ValueRef.Local again = b.apply(ScalarOp.SIN, in); // finds no claim: claims it a second time
    Graph<ScalarOp> g = b.output(again).build();
    assertTrue(g.keyExisted(0), "the overwritten claim is found when the graph is built");
    assertTrue(g.keyExisted(1));
    assertEquals(sin.id(), g.firstDefinition(again.id()));
    assertEquals(sin.id(), g.firstDefinition(sin.id()));
  }

  // x, sin(x), exp(x), sin(x) again
  private static Graph<ScalarOp> sinExpSin(Object x) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local in = b.input(x);
    b.apply(ScalarOp.SIN, in);
    b.apply(ScalarOp.EXP, in);
    return b.output(b.apply(ScalarOp.SIN, in)).build();
  }

  @Test
  void duplicateInputKeyIsRejected() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    b.input("x");
    GraphException e = assertThrows(GraphException.class, () -> b.input(new String("x")));
    assertTrue(e.getMessage().contains("x"), e.getMessage());
    assertTrue(e.getMessage().contains("twice"), e.getMessage());
    // other keys are still fine
    assertEquals(new ValueRef.Local(1), b.input("y"));
  }

  @Test
  void builderIsUnusableAfterBuild() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<ScalarOp> parent = single("p");
    b.output(x).build();

    assertThrows(IllegalStateException.class, () -> b.input("y"));
    assertThrows(IllegalStateException.class, () -> b.apply(ScalarOp.SIN, x));
    assertThrows(IllegalStateException.class, () -> b.applyMulti(ScalarOp.SIN_COS, x));
    assertThrows(
        IllegalStateException.class, () -> b.add(ScalarOp.NEG, OperationRole.primary(), x));
    assertThrows(IllegalStateException.class, () -> b.output(x));
    assertThrows(IllegalStateException.class, () -> b.parent(parent));
    assertThrows(IllegalStateException.class, b::build);
  }

  @Test
  void graphsAreIndependentOfTheirBuildersLaterState() {
    GraphBuilder<ScalarOp> b1 = Graph.builder();
    ValueRef.Local x = b1.input("x");
    Graph<ScalarOp> g1 = b1.output(b1.apply(ScalarOp.EXP, x)).build();
    GraphBuilder<ScalarOp> b2 = Graph.builder();
    ValueRef.Local x2 = b2.input("x");
    Graph<ScalarOp> g2 = b2.output(b2.apply(ScalarOp.EXP, x2)).build();
    assertEquals(GraphPrinter.print(g1), GraphPrinter.print(g2));
    assertEquals(1, g1.nodeCount());
  }

  private static Graph<ScalarOp> single(String input) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input(input);
    return b.output(b.apply(ScalarOp.SIN, x)).build();
  }

  @Test
  void aGraphOverItsBuildersPresizedArraysEndsAtItsCounts() {
    // 16 nodes of room, 14 used: the builder hands its arrays over, longer than the graph
    GraphBuilder<ScalarOp> b = Graph.builder(KeyScope.open(), 16);
    ValueRef.Local x = b.input("x");
    ValueRef.Local v = x;
    for (int i = 0; i < 14; i++) {
      v = b.apply(ScalarOp.SIN, v);
    }
    ValueKey outside = ValueKey.input("outside");
    b.apply(ScalarOp.MUL, v, ValueRef.external(outside));
    Graph<ScalarOp> g = b.output(v).build();
    assertEquals(15, g.nodeCount());
    assertEquals(16, g.valueCount());
    assertEquals(1, g.externalCount());
    assertSame(outside, g.external(0));
    for (int node = 0; node < 14; node++) {
      assertEquals(ScalarOp.SIN, g.operation(node));
    }
    // past the counts is an error naming what does not exist, never a null from the slack
    GraphException node = assertThrows(GraphException.class, () -> g.operation(15));
    assertTrue(node.getMessage().contains("node 15 does not exist; the graph has 15 nodes"), node.getMessage());
    assertThrows(GraphException.class, () -> g.operationKey(15));
    assertThrows(GraphException.class, () -> g.role(15));
    assertThrows(GraphException.class, () -> g.operandCount(15));
    assertThrows(GraphException.class, () -> g.operand(15, 0));
    assertThrows(GraphException.class, () -> g.nodeOutput(15, 0));
    GraphException value = assertThrows(GraphException.class, () -> g.valueKey(16));
    assertTrue(value.getMessage().contains("value %16 does not exist"), value.getMessage());
    GraphException external = assertThrows(GraphException.class, () -> g.external(1));
    assertTrue(external.getMessage().contains("external 1 does not exist"), external.getMessage());
    assertEquals(-1, g.localValue(ValueKey.input("y")));
    assertEquals(15, g.firstDefinition(15));
  }

  /** The input keys {@code prefix0 .. prefix(count-1)}. */
  private static List<ValueKey> inputKeys(String prefix, int count) {
    List<ValueKey> keys = new java.util.ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      keys.add(ValueKey.input(prefix + i));
    }
    return keys;
  }

  @Test
  void aKeyUsedOftenIsListedOnceAmongManyExternals() {
    List<ValueKey> outside = inputKeys("outside", 1000);
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local acc = b.input("x");
    for (int round = 0; round < 3; round++) {
      for (ValueKey key : outside) {
        acc = b.apply(ScalarOp.MUL, acc, ValueRef.external(key));
      }
    }
    Graph<ScalarOp> g = b.output(acc).build();
    assertEquals(1000, g.externalCount(), "each key once, however far apart its uses");
    for (int node = 0; node < g.nodeCount(); node++) {
      assertSame(outside.get(node % 1000), g.operandKey(node, 1));
    }
  }

  @Test
  void interleavedBuildersReferToTheSameKeysCorrectly() {
    // two graphs built at once, each reading the same keys in another order: a key may take two
    // slots of a graph's list, but every operand must name its own key
    List<ValueKey> shared = inputKeys("shared", 50);
    GraphBuilder<ScalarOp> first = Graph.builder();
    GraphBuilder<ScalarOp> second = Graph.builder();
    ValueRef.Local a = first.input("a");
    ValueRef.Local c = second.input("c");
    for (int round = 0; round < 4; round++) {
      for (int i = 0; i < shared.size(); i++) {
        a = first.apply(ScalarOp.ADD, a, ValueRef.external(shared.get(i)));
        c = second.apply(ScalarOp.ADD, c, ValueRef.external(shared.get(shared.size() - 1 - i)));
      }
    }
    Graph<ScalarOp> g1 = first.output(a).build();
    Graph<ScalarOp> g2 = second.output(c).build();
    for (int node = 0; node < g1.nodeCount(); node++) {
      int i = node % shared.size();
      assertSame(shared.get(i), g1.operandKey(node, 1));
      assertSame(shared.get(shared.size() - 1 - i), g2.operandKey(node, 1));
    }
    for (Graph<ScalarOp> g : List.of(g1, g2)) {
      java.util.Set<ValueKey> listed = new java.util.HashSet<>();
      for (int e = 0; e < g.externalCount(); e++) {
        listed.add(g.external(e));
      }
      assertEquals(new java.util.HashSet<>(shared), listed, "every key listed, and only those");
    }
  }

  @Test
  void buildersOnSeveralThreadsReferToSharedKeysCorrectly() throws Exception {
    List<ValueKey> shared = inputKeys("threaded", 64);
    List<Boolean> ok =
        io.github.tidu4j.graph.testing.Concurrently.run(
            4,
            thread -> {
              java.util.Random random = new java.util.Random(thread);
              for (int graph = 0; graph < 50; graph++) {
                GraphBuilder<ScalarOp> b = Graph.builder();
                ValueRef.Local acc = b.input("t");
                int[] used = new int[500];
                for (int n = 0; n < used.length; n++) {
                  used[n] = random.nextInt(shared.size());
                  acc = b.apply(ScalarOp.MUL, acc, ValueRef.external(shared.get(used[n])));
                }
                Graph<ScalarOp> g = b.output(acc).build();
                for (int n = 0; n < used.length; n++) {
                  if (g.operandKey(n, 1) != shared.get(used[n])) {
                    return false;
                  }
                }
              }
              return true;
            });
    assertEquals(List.of(true, true, true, true), ok);
  }
}

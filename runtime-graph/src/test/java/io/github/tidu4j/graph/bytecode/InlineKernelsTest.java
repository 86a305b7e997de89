package io.github.tidu4j.graph.bytecode;

import static io.github.tidu4j.graph.bytecode.Fixtures.DEFAULTS;
import static io.github.tidu4j.graph.bytecode.Fixtures.SCALAR;
import static io.github.tidu4j.graph.bytecode.Fixtures.assertBitIdentical;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.KernelDescriptor;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * A static kernel that loads its parameters in order, applies arithmetic that neither branches nor
 * throws and returns is computed in place; every other kernel is called; and the values are the
 * interpreter's, bit for bit, on the edge cases of floating point.
 */
class InlineKernelsTest {

  /** Kernels of every shape the reading must tell apart. */
  static final class Kernels {
    static double add(double a, double b) {
      return a + b;
    }

    static double negatedProduct(double a, double b) {
      return -(a * b);
    }

    static double same(double a) {
      return a;
    }

    static double reversed(double a, double b) {
      return b - a;
    }

    static double twice(double a) {
      return a + a;
    }

    static double zero(double a) {
      return 0.0;
    }

    static double sine(double a) {
      return Math.sin(a);
    }

    static double magnitude(double a) {
      return a < 0 ? -a : a;
    }

    static int quotient(int a, int b) {
      return a / b;
    }

    static long sum(long a, long b) {
      return a + b;
    }

    static double roundedToFloat(double a) {
      return (float) a;
    }

    static double productPlus(double a, double b, double c) {
      return a * b + c;
    }

    static double[] pair(double a) {
      return new double[] {a, a};
    }

    double instance(double a) {
      return a;
    }
  }

  private static final String KERNELS = Kernels.class.getName().replace('.', '/');

  private static final int OPERAND = InlineBody.OPERAND;

  private static int[] body(String method, String descriptor, int inputs, int outputs) {
    KernelDescriptor k =
        new KernelDescriptor(0, method, KERNELS, method, descriptor, true, false, inputs, outputs);
    return body(k, Kernels.class);
  }

  private static int[] body(KernelDescriptor k, Class<?> owner) {
    InlineBody body = inlineBody(k, owner);
    return body == null ? null : body.code();
  }

  static InlineBody inlineBody(KernelDescriptor k, Class<?> owner) {
    // any primitive operand type: the bodies are read
    return InlineKernels.bodiesOf(
        List.of(k), new Class<?>[] {owner}, MethodHandles.lookup(), double.class)[0];
  }

  @Test
  void parametersLoadedInOrderThenArithmeticIsComputedInPlace() {
    assertArrayEquals(new int[] {OPERAND, OPERAND, Opcodes.DADD}, body("add", "(DD)D", 2, 1));
    assertArrayEquals(
        new int[] {OPERAND, OPERAND, Opcodes.DMUL, Opcodes.DNEG},
        body("negatedProduct", "(DD)D", 2, 1));
    assertArrayEquals(new int[] {OPERAND, OPERAND, Opcodes.LADD}, body("sum", "(JJ)J", 2, 1));
    assertArrayEquals(new int[] {OPERAND}, body("same", "(D)D", 1, 1), "the operand is the result");
    assertArrayEquals(
        new int[] {OPERAND, OPERAND, Opcodes.DMUL, OPERAND, Opcodes.DADD},
        body("productPlus", "(DDD)D", 3, 1),
        "arithmetic between the loads");
  }

  @Test
  void everyOtherBodyIsCalled() {
    assertNull(body("reversed", "(DD)D", 2, 1), "parameters out of order");
    assertNull(body("twice", "(D)D", 1, 1), "a parameter read twice");
    assertNull(body("zero", "(D)D", 1, 1), "a constant");
    assertNull(body("sine", "(D)D", 1, 1), "a call");
    assertNull(body("magnitude", "(D)D", 1, 1), "a branch");
    assertNull(body("quotient", "(II)I", 2, 1), "an integer division may throw");
    assertNull(body("roundedToFloat", "(D)D", 1, 1), "a conversion");
    assertNull(body("pair", "(D)[D", 1, 2), "several results");
    assertNull(body("missing", "(D)D", 1, 1), "no such method");
  }

  @Test
  void aSetOfAReferenceOperandTypeReadsNoBody() {
    KernelDescriptor add =
        new KernelDescriptor(0, "add", KERNELS, "add", "(DD)D", true, false, 2, 1);
    assertNull(
        InlineKernels.bodiesOf(
            List.of(add), new Class<?>[] {Kernels.class}, MethodHandles.lookup(), Object.class)[0]);
  }

  @Test
  void kernelsOfOneClassAreReadEachFromItsOwnMethod() {
    List<KernelDescriptor> table =
        List.of(
            new KernelDescriptor(0, "add", KERNELS, "add", "(DD)D", true, false, 2, 1),
            new KernelDescriptor(1, "sine", KERNELS, "sine", "(D)D", true, false, 1, 1),
            new KernelDescriptor(
                2, "negatedProduct", KERNELS, "negatedProduct", "(DD)D", true, false, 2, 1));
    InlineBody[] bodies =
        InlineKernels.bodiesOf(
            table,
            new Class<?>[] {Kernels.class, Kernels.class, Kernels.class},
            MethodHandles.lookup(),
            double.class);
    assertArrayEquals(new int[] {OPERAND, OPERAND, Opcodes.DADD}, bodies[0].code());
    assertNull(bodies[1]);
    assertArrayEquals(new int[] {OPERAND, OPERAND, Opcodes.DMUL, Opcodes.DNEG}, bodies[2].code());
  }

  @Test
  void aKernelWhoseClassFileCannotBeReadIsCalled() throws Exception {
    // a hidden class has no class file to read back
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    String name = InlineKernelsTest.class.getPackageName().replace('.', '/') + "/HiddenKernels";
    cw.visit(Opcodes.V17, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
    MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, "add", "(DD)D", null, null);
    mv.visitCode();
    mv.visitVarInsn(Opcodes.DLOAD, 0);
    mv.visitVarInsn(Opcodes.DLOAD, 2);
    mv.visitInsn(Opcodes.DADD);
    mv.visitInsn(Opcodes.DRETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    cw.visitEnd();
    Class<?> hidden = MethodHandles.lookup().defineHiddenClass(cw.toByteArray(), false).lookupClass();
    KernelDescriptor k =
        new KernelDescriptor(
            0, "add", hidden.getName().replace('.', '/'), "add", "(DD)D", true, false, 2, 1);
    assertNull(body(k, hidden));
  }

  @Test
  void inPlaceArithmeticGivesTheInterpretersValuesOnEveryEdgeCase() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input(0);
    ValueRef.Local y = b.input(1);
    ValueRef.Local sum = b.apply(ScalarOp.ADD, x, y);
    ValueRef.Local product = b.apply(ScalarOp.MUL, x, y);
    ValueRef.Local negated = b.apply(ScalarOp.NEG, product);
    Graph<ScalarOp> g = b.output(sum).output(product).output(negated).build();
    CompiledProgram<ScalarOp> program = Graphs.compile(Graphs.materialize(g));
    BytecodeProgram<ScalarOp> code = BytecodeCompiler.compileUncached(program, SCALAR, DEFAULTS);
    assertFalse(code.textify().contains("ScalarKernels.add"), code.textify());
    assertFalse(code.textify().contains("ScalarKernels.mul"), code.textify());
    double[] edges = {
      0.0, -0.0, 1.0, -1.0, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL,
      Double.MAX_VALUE, -Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
      Double.NaN, 0.1, 1e308, 1e-308
    };
    for (double a : edges) {
      for (double c : edges) {
        List<Object> in = new ArrayList<>(List.of(a, c));
        List<Object> expected = Interpreter.evalPositional(program, in);
        assertBitIdentical(expected, code.evaluate(new double[] {a, c}), a + ", " + c);
      }
    }
  }
}

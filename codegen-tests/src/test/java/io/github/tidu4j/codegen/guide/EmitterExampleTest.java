package io.github.tidu4j.codegen.guide;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.ad.rules.Emitter;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.fixtures.RealOp;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

/**
 * {@code Emitter}'s Javadoc example, the emitter the processor generates for three primitives of
 * the {@code Real} set, written by hand: it compiles against {@code Emitter}'s protected API, and
 * the generated {@code io.github.tidu4j.fixtures.RealEmit} has each of its methods.
 */
class EmitterExampleTest {

  public final class RealEmit extends Emitter<RealOp> {
    public RealEmit(PrimitiveBuilder<RealOp> builder) { super(builder); }

    public Primal sin(Primal x) { return fixed(RealOp.SIN, x); }
    public Tangent add(Tangent a, Tangent b) { return sum(RealOp.ADD, a, b); }
    public Tangent mul(Tangent a, Primal b) { return multilinear(RealOp.MUL, a, b); }
  }

  @Test
  void theGeneratedEmitterHasEveryMethodOfTheExample() throws NoSuchMethodException {
    int methods = 0;
    for (Method example : RealEmit.class.getDeclaredMethods()) {
      if (!Modifier.isPublic(example.getModifiers())) {
        continue;
      }
      Method generated =
          io.github.tidu4j.fixtures.RealEmit.class.getMethod(
              example.getName(), example.getParameterTypes());
      assertEquals(example.getReturnType(), generated.getReturnType(), generated.toString());
      methods++;
    }
    assertEquals(3, methods);
  }
}

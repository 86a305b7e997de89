// expect: ok
// A set declaring a tier policy constant (graph.bytecode.TierPolicy) beside its domain: the eager
// class's newRuntime() runs its programs with the runners the policy makes from the set's switch
// evaluator and its tiered runners towards bytecode.
package com.example;

import io.github.tidu4j.ad.func.Domain;
import io.github.tidu4j.ad.func.ScalarDomain;
import io.github.tidu4j.ad.func.ScalarType;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;
import io.github.tidu4j.graph.bytecode.TierPolicy;
import io.github.tidu4j.graph.bytecode.TieredRunners;
import java.util.concurrent.atomic.AtomicInteger;

@PrimitiveSet(operand = Double.class)
public interface Px {
  Domain<ScalarType, Double> DOMAIN = ScalarDomain.INSTANCE;

  /** Programs the policy's runners prepared, and runners it made. */
  AtomicInteger PREPARED = new AtomicInteger();
  AtomicInteger MADE = new AtomicInteger();

  /** Counts what it makes and prepares, and runs programs tiered towards bytecode. */
  TierPolicy<PxOp, Double> TIERS =
      (first, tiered) -> {
        MADE.incrementAndGet();
        if (!(tiered instanceof TieredRunners) || first == null) {
          throw new AssertionError("tiered runners towards bytecode, and a first tier");
        }
        return program -> {
          PREPARED.incrementAndGet();
          return tiered.prepare(program);
        };
      };

  @Primitive(accumulator = true)
  interface Add {
    static Double eval(Double a, Double b) { return a + b; }
    static Tangent jvp(PxEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(PxEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true)
  interface Mul {
    static Double eval(Double a, Double b) { return a * b; }
    static Tangent jvp(PxEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(PxEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }
}

//--- next file
package com.example;

import io.github.tidu4j.ad.eager.EagerRuntime;

final class Check {
  static void run() {
    EagerRuntime<Double, EagerPx> rt = EagerPx.newRuntime();
    if (Px.MADE.get() != 1) {
      throw new AssertionError("newRuntime() asks the policy once, asked " + Px.MADE);
    }
    EagerPx x = rt.variable(3.0);
    x.mul(x).add(x).backward();
    if (x.grad() != 7.0) {
      throw new AssertionError("d(x² + x) at 3 = " + x.grad());
    }
    if (Px.PREPARED.get() == 0) {
      throw new AssertionError("the policy's runners ran no program");
    }
  }
}

// expect: error CompositeSignature
// A composite traceable(VecsValue x, UnaryOperator<VecsValue> f) in a typed set with a domain:
// VecsValue already has the static traceable(UnaryOperator<VecsValue>) that makes a Traceable.
// The value class, its type and its domain are the fixtures' (codegen-tests' io.github.tidu4j.fixtures).
package com.example;

import io.github.tidu4j.ad.func.Domain;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;
import io.github.tidu4j.fixtures.Len;
import io.github.tidu4j.fixtures.Vec;
import io.github.tidu4j.fixtures.VecDomain;
import java.util.function.UnaryOperator;

@PrimitiveSet(operand = Vec.class, type = Len.class)
public interface Vecs {
  Domain<Len, Vec> DOMAIN = VecDomain.INSTANCE;

  @Primitive(accumulator = true)
  interface Add {
    static Vec eval(Vec a, Vec b) { return Vec.zip(a, b, Double::sum); }
    static Len type(Len a, Len b) { return Len.same(a, b); }
    static Tangent jvp(VecsEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(VecsEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }

  static VecsValue traceable(VecsValue x, UnaryOperator<VecsValue> f) { // <-
    return f.apply(x);
  }
}

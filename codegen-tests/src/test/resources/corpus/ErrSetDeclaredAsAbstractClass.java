// expect: error SetNotInterface
// A set written as an abstract class, the way a Java user might start.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public abstract class Shapes { // <-
}

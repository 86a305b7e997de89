// expect: error OperandType
// An operand type that is a generic class.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = java.util.Optional.class) // <-
public interface Maybe {
}

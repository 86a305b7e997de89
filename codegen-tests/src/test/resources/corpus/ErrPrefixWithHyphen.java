// expect: error InvalidName
// A prefix spelt like a file name.
package com.example;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class, prefix = "my-set") // <-
public interface Hyphen {
}

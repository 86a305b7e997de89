package io.github.tidu4j.processor.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NamesTest {

  @ParameterizedTest
  @CsvSource({
    "Add, add",
    "SinCos, sinCos",
    "FFT, fft",
    "FFTShift, fftShift",
    "X, x",
    "ReduceSum, reduceSum",
    "Log1p, log1p",
    "lower, lower"
  })
  void emitterMethodNamesAreLowerCamelCase(String name, String method) {
    assertEquals(method, Names.lowerCamel(name));
  }

  @ParameterizedTest
  @CsvSource({
    "Add, ADD",
    "SinCos, SIN_COS",
    "FFTShift, FFT_SHIFT",
    "Log1p, LOG1P",
    "DotGeneral, DOT_GENERAL",
    "Sin_Cos, SIN_COS",
    "X, X"
  })
  void constantNamesAreUpperSnakeCase(String name, String constant) {
    assertEquals(constant, Names.constantCase(name));
  }

  @Test
  void keywordsAreNotIdentifiers() {
    assertTrue(Names.isIdentifier("scale"));
    assertFalse(Names.isIdentifier("const"));
    assertFalse(Names.isIdentifier("1x"));
    assertFalse(Names.isIdentifier("not valid"));
  }
}

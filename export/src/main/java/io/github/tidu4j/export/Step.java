package io.github.tidu4j.export;

import com.palantir.javapoet.MethodSpec;
import java.util.Set;

/**
 * One generated step method, computing instructions {@code first} to {@code end - 1}, with what it
 * adds to its class's constant pool: the kernels it calls (owner and method), the attribute
 * instances it reads (receiver indices) and the {@code int} constants too large for {@code sipush}.
 */
record Step(
    int first,
    int end,
    MethodSpec method,
    Set<String> kernels,
    Set<Integer> receivers,
    Set<Integer> largeInts) {}

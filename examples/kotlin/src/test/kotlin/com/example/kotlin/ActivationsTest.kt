package com.example.kotlin

import io.github.tidu4j.ad.check.CheckedFunction
import io.github.tidu4j.ad.check.Evaluator
import io.github.tidu4j.ad.check.GradientChecker
import io.github.tidu4j.ad.check.Mode
import io.github.tidu4j.ad.func.ScalarAutodiff
import io.github.tidu4j.ad.func.ScalarDomain
import io.github.tidu4j.graph.Graph
import io.github.tidu4j.graph.bytecode.BytecodeCompiler
import java.util.Random
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

/**
 * The set declared in Kotlin, end to end from Kotlin: f(x) = softplus(x)·x and its first two
 * derivatives give what the Java example's set gives, bit for bit; every rule passes the gradient
 * checker to second order; the bytecode tier agrees; a function kept in a `val` compiles once.
 */
class ActivationsTest {

    @Test
    fun theTourGivesTheJavaExamplesValues() {
        // the Java example's (examples/softplus) f, f' and f'' at 2, its kernels and rules the same
        assertEquals(listOf(4.253856022085945, 3.8885221669987375, 1.9715813267627778), derivatives(2.0))
        assertEquals(derivatives(2.0), ad.derivatives(f, 2).applyAll(2.0).toList())
    }

    @Test
    fun everyRulePassesTheGradientCheckerToSecondOrder() {
        val functions = mutableListOf<Graph<ActivationsOp>>()
        for (op in listOf(ActivationsOp.NEG, ActivationsOp.SIGMOID, ActivationsOp.SOFTPLUS)) {
            val b = Graph.builder<ActivationsOp>()
            functions.add(b.output(b.apply(op, b.input("x"))).build())
        }
        for (op in listOf(ActivationsOp.ADD, ActivationsOp.MUL)) {
            val b = Graph.builder<ActivationsOp>()
            functions.add(b.output(b.apply(op, b.input("x"), b.input("y"))).build())
        }
        val checker = GradientChecker.of<ActivationsOp, Void, Double>(ScalarDomain.INSTANCE)
            .withEvaluator(Evaluator.of(::ActivationsEvaluator))
        for (x in listOf(-6.0, -0.8, 0.0, 0.7, 5.0)) {
            for (g in functions) {
                checker.check(CheckedFunction.of(g), mapOf("x" to x, "y" to 1.3), 2, Mode.BOTH, null, Random(11))
            }
        }
    }

    @Test
    fun theBytecodeTierGivesTheSameBits() {
        val compiled = ScalarAutodiff.of(ActivationsOp::class.java, BytecodeCompiler(ActivationsKernels.kernelSet()).runners<Double>())
        val g = compiled.function(ActivationsValue.unary { x -> x.softplus().mul(x) })
        for (x in listOf(-40.0, -0.5, 0.0, 2.0, 700.0)) {
            assertEquals(ad.grad(ad.grad(f)).apply(x), compiled.grad(compiled.grad(g)).apply(x))
        }
    }

    @Test
    fun aFunctionKeptInAValCompilesOnce() {
        val own = ScalarAutodiff.of(ActivationsOp::class.java, ::ActivationsEvaluator)
        val h = own.function(ActivationsValue.unary { x -> x.sigmoid().mul(x) })
        for (i in 0 until 10) {
            own.grad(h).apply(0.1 * i)
        }
        assertEquals(1, own.cacheStats().compilations())
        assertEquals(9, own.cacheStats().hits())
    }
}

package com.example.kotlin

import io.github.tidu4j.ad.func.ScalarAutodiff
import io.github.tidu4j.ad.func.ScalarFunction

// One ScalarAutodiff for the process (its cache holds the compiled functions), and
// f(x) = softplus(x)·x made once and kept, so that every call of ad.grad(f) finds it compiled.
val ad: ScalarAutodiff<ActivationsOp> = ScalarAutodiff.of(ActivationsOp::class.java, ::ActivationsEvaluator)
val f: ScalarFunction<ActivationsOp> = ad.function(ActivationsValue.unary { x -> x.softplus().mul(x) })
fun derivatives(at: Double): List<Double> =
    listOf(f.apply(at), ad.grad(f).apply(at), ad.grad(ad.grad(f)).apply(at))

/** Prints f, f′ and f″ at the point given (2 if none), then f and three derivatives by Taylor mode. */
fun main(args: Array<String>) {
    val at = args.firstOrNull()?.toDouble() ?: 2.0
    val (y, dy, d2y) = derivatives(at)
    println("f($at) = $y\nf'($at) = $dy\nf''($at) = $d2y")
    println("f and its first three derivatives in one Taylor program: " +
        ad.derivatives(f, 3).applyAll(at).toList())
}

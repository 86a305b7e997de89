#!/usr/bin/env python3
"""Turns the JMH JSON of the graph benchmarks (io.github.tidu4j.bench.graph) into the tables of
bench/RESULTS.md: ns per primal operation = (median over the measurement iterations of the
average ns per invocation) / n. JMH's @OperationsPerInvocation cannot take a @Param, so the
division by n happens here.

Usage: python3 bench/graph_results.py /tmp/graph-bench.json
"""
import json
import statistics
import sys

ANCHOR = {  # tidu-rs 0.1.0 + computegraph-rs 0.1.0, bench/README.md, ns per primal operation
    "materialize": {1000: 14482, 10000: 22886},
    "compile": {1000: 651, 10000: 1508},
    "eval primal": {1000: 74, 10000: 90},
}

ROWS = [
    ("build", "RandDagPipelineBenchmark.build"),
    ("build, all keys new (diag.)", "RandDagFreshGraphBenchmark.buildFreshKeys"),
    ("build, all keys live (diag.)", "RandDagFreshGraphBenchmark.buildKeysLive"),
    ("resolve", "RandDagPipelineBenchmark.resolve"),
    ("materializeMerge, key index built (repeat call)", "RandDagPipelineBenchmark.materializeMerge"),
    ("materializeMerge, fresh graph (first call)", "RandDagFreshGraphBenchmark.materializeMergeFreshGraph"),
    ("compile", "RandDagPipelineBenchmark.compile"),
    ("end to end: build+resolve+materialize+compile", "RandDagFreshGraphBenchmark.endToEnd"),
    ("eval, Interpreter (boxed Doubles)", "RandDagPipelineBenchmark.evalInterpreter"),
    ("eval, hand-written primal (limit)", "RandDagPipelineBenchmark.evalHandwritten"),
]


def load(path):
    data = {}
    for b in json.load(open(path)):
        name = ".".join(b["benchmark"].split(".")[-2:])
        n = int(b["params"]["n"])
        raw = [x for fork in b["primaryMetric"]["rawData"] for x in fork]
        data[(name, n)] = {
            "median": statistics.median(raw),
            "min": min(raw),
            "max": max(raw),
            "score": b["primaryMetric"]["score"],
            "error": float(b["primaryMetric"]["scoreError"]),
        }
    return data


def fmt(x):
    if x is None:
        return "—"
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 1:
        return f"{x:.1f}"
    if x >= 0.01:
        return f"{x:.2f}"
    return f"{x:.1g}"


def main(path):
    data = load(path)
    ns = sorted({n for (_, n) in data})

    def per_op(bench, n):
        d = data.get((bench, n))
        return None if d is None else d["median"] / n

    head = "| phase (ns per primal op, median) | " + " | ".join(f"n = {n:,}" for n in ns)
    head += " | tidu-rs 10^3 | tidu-rs 10^4 |"
    print(head)
    print("|" + "---|" * (len(ns) + 3))
    for label, bench in ROWS:
        anchor = {}
        if "materialize" in label and "end" not in label:
            anchor = ANCHOR["materialize"]
        elif label == "compile":
            anchor = ANCHOR["compile"]
        elif "hand-written" in label:
            anchor = {}
        elif "Interpreter" in label:
            anchor = ANCHOR["eval primal"]
        cells = [fmt(per_op(bench, n)) for n in ns]
        print(f"| {label} | " + " | ".join(cells)
              + f" | {fmt(anchor.get(1000))} | {fmt(anchor.get(10000))} |")
    for label, mat in [
        ("**materialize + compile**, key index built", "RandDagPipelineBenchmark.materializeMerge"),
        ("**materialize + compile**, fresh graph", "RandDagFreshGraphBenchmark.materializeMergeFreshGraph"),
    ]:
        cells = []
        for n in ns:
            a, b = per_op(mat, n), per_op("RandDagPipelineBenchmark.compile", n)
            cells.append("—" if a is None or b is None else "**" + fmt(a + b) + "**")
        print(f"| {label} | " + " | ".join(cells) + f" | {fmt(14482 + 651)} | {fmt(22886 + 1508)} |")
    cells = []
    for n in ns:
        a = per_op("RandDagPipelineBenchmark.evalInterpreter", n)
        b = per_op("RandDagPipelineBenchmark.evalHandwritten", n)
        cells.append("—" if a is None or b is None else f"{a / b:.2f}×")
    print("| eval ratio Interpreter / hand-written | " + " | ".join(cells) + " | | |")

    print()
    print("| benchmark | n | median ms/invocation | min–max ms | JMH mean ± 99.9% CI, ms |")
    print("|---|---|---|---|---|")
    for _, bench in ROWS:
        for n in ns:
            d = data.get((bench, n))
            if d is None:
                continue
            print(f"| {bench} | {n:,} | {d['median'] / 1e6:.4f} | "
                  f"{d['min'] / 1e6:.4f}–{d['max'] / 1e6:.4f} | "
                  f"{d['score'] / 1e6:.4f} ± {d['error'] / 1e6:.4f} |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/graph-bench.json")

#!/usr/bin/env python3
"""Turns the JMH JSON of the evaluator benchmarks into the tables of bench/RESULTS.md
(the sections RandDagEvaluatorBenchmark, HigherOrderBenchmark, ElementwiseBenchmark and
MatmulBenchmark). Every figure is the median over the measured iterations of JMH's average
time per invocation, then divided as each table says.

Usage: python3 bench/eval_results.py DIR
  where DIR holds randdag.json, randdag-long-warmup.json, higher.json, matmul.json and the
  Elementwise results, in one or more files elementwise*.json (merged; the run of RESULTS.md
  has elementwise-small.json and elementwise-large.json). A missing file is skipped.
"""
import glob
import json
import os
import statistics
import sys

# tidu-rs anchor (bench/README.md), ns per primal op
ANCHOR_RS = {"gradient": {1000: 229, 10000: 228}, "primal": {1000: 74, 10000: 90}}
# Hipparchus anchor (bench/README.md), ns per evaluation
ANCHOR_HIPPARCHUS = {
    "ExpAx": {1: 92, 2: 110, 3: 113, 4: 161},
    "Chain100": {1: 5109, 2: 6238, 3: 7993, 4: 10053},
}
# Bytes the kernels of each Elementwise program read + write per element (8 B per f64 operand and
# result element of every instruction), as printed by the benchmark's setup ("[program]" lines).
KERNEL_BYTES = {
    ("sumExp", "forward"): 48, ("sumExp", "gradient"): 104,
    ("chain8", "forward"): 160, ("chain8", "gradient"): 440,
    ("cheap8", "forward"): 184, ("cheap8", "gradient"): 296,
}


def load(*paths):
    data = {}
    for path in paths:
        if os.path.exists(path):
            load_into(data, path)
    return data


def load_into(data, path):
    for b in json.load(open(path)):
        name = b["benchmark"].split(".")[-1]
        params = tuple(sorted((b.get("params") or {}).items()))
        raw = [x for fork in b["primaryMetric"]["rawData"] for x in fork]
        data[(name, params)] = {
            "median": statistics.median(raw),
            "min": min(raw),
            "max": max(raw),
            "unit": b["primaryMetric"]["scoreUnit"],
        }


def get(data, name, **params):
    key = (name, tuple(sorted((k, str(v)) for k, v in params.items())))
    d = data.get(key)
    return None if d is None else d["median"]


def fmt(x, digits=None):
    if x is None:
        return "—"
    if digits is not None:
        return f"{x:,.{digits}f}"
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 10:
        return f"{x:.1f}"
    return f"{x:.2f}"


def ratio(a, b):
    return None if a is None or b is None else a / b


def randdag(data, title):
    if not data:
        return
    print(f"### {title}: ns per primal operation (median), ratio to hand-written\n")
    ns = sorted({int(dict(p)["n"]) for (_, p) in data})
    for program in ("primal", "gradient"):
        print(f"**{program}**\n")
        print("| evaluator | " + " | ".join(f"n = {n:,}" for n in ns) + " | ratio to hand-written |")
        print("|---|" + "---|" * len(ns) + "---|")
        hand = {n: get(data, "handwritten", n=n, program=program) for n in ns}
        for label, bench in (("Interpreter (boxed)", "interpreter"),
                             ("ScalarEvaluator (switch)", "switchEvaluator"),
                             ("bytecode", "bytecode"),
                             ("hand-written (limit)", "handwritten")):
            vals = {n: get(data, bench, n=n, program=program) for n in ns}
            if all(v is None for v in vals.values()):
                continue
            row = [fmt(None if vals[n] is None else vals[n] / n) for n in ns]
            ratios = [fmt(ratio(vals[n], hand[n])) + "×" if vals[n] else "—" for n in ns]
            print(f"| {label} | " + " | ".join(row) + " | " + " / ".join(ratios) + " |")
        rs = ANCHOR_RS[program]
        if any(n in rs for n in ns):
            print("| tidu-rs anchor | " + " | ".join(fmt(rs.get(n)) for n in ns) + " | |")
        print()


def higher(data):
    if not data:
        return
    print("### ExpAx / Chain100: ns per evaluation (median)\n")
    print("| workload | order | Hipparchus | bytecode F | bytecode R | switch F | switch R "
          "| Hipparchus / bytecode F | Hipparchus / bytecode R | Hipparchus / switch F "
          "| Hipparchus / switch R | Hipparchus anchor |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for w in ("ExpAx", "Chain100"):
        for order in (1, 2, 3, 4):
            h = get(data, "hipparchus", workload=w, order=order)
            bf = get(data, "bytecode", workload=w, order=order, mode="F")
            br = get(data, "bytecode", workload=w, order=order, mode="R")
            sf = get(data, "switchEvaluator", workload=w, order=order, mode="F")
            sr = get(data, "switchEvaluator", workload=w, order=order, mode="R")
            cells = [fmt(h), fmt(bf), fmt(br), fmt(sf), fmt(sr)]
            cells += [fmt(ratio(h, x)) + "×" for x in (bf, br, sf, sr)]
            print(f"| {w} | {order} | " + " | ".join(cells)
                  + f" | {fmt(ANCHOR_HIPPARCHUS[w][order])} |")
    print()


def elementwise(data):
    if not data:
        return
    ns = sorted({int(dict(p)["n"]) for (_, p) in data})
    print("### Elementwise: memory references (GB/s, median; 1 GB = 10^9 B)\n")
    print("| reference | bytes per element | " + " | ".join(f"n = {n:,}" for n in ns) + " |")
    print("|---|---|" + "---|" * len(ns))
    refs = (("copy (System.arraycopy, preallocated)", "copy", 16),
            ("triad a[i] = b[i] + s·c[i] (preallocated)", "triad", 24),
            ("one allocating kernel, Elementwise.neg", "kernelNeg", 16))
    for label, bench, per in refs:
        vals = [get(data, bench, n=n) for n in ns]
        print(f"| {label} | {per} | "
              + " | ".join(fmt(None if v is None else per * n / v, 1) for n, v in zip(ns, vals))
              + " |")
    print()
    print("### Elementwise: ns per element (median) and ratios\n")
    print("| function | figure | " + " | ".join(f"n = {n:,}" for n in ns) + " |")
    print("|---|---|" + "---|" * len(ns))
    for fn in ("sumExp", "chain8", "cheap8"):
        fw = {n: get(data, "forward", n=n, function=fn) for n in ns}
        gr = {n: get(data, "gradient", n=n, function=fn) for n in ns}
        cp = {n: get(data, "copy", n=n) for n in ns}

        def row(label, f):
            print(f"| {fn} | {label} | " + " | ".join(f(n) for n in ns) + " |")

        row("forward, ns/elem", lambda n: fmt(None if fw[n] is None else fw[n] / n))
        row("gradient, ns/elem", lambda n: fmt(None if gr[n] is None else gr[n] / n))
        row("**gradient / forward**", lambda n: fmt(ratio(gr[n], fw[n])) + "×")
        fb = KERNEL_BYTES[(fn, "forward")]
        gb = KERNEL_BYTES[(fn, "gradient")]
        row(f"forward kernel GB/s ({fb} B/elem)",
            lambda n: fmt(None if fw[n] is None else fb * n / fw[n], 1))
        row(f"gradient kernel GB/s ({gb} B/elem)",
            lambda n: fmt(None if gr[n] is None else gb * n / gr[n], 1))
        row("**forward kernel GB/s / copy GB/s**",
            lambda n: fmt(None if fw[n] is None or cp[n] is None
                          else 100 * (fb * n / fw[n]) / (16 * n / cp[n]), 0) + "%")
        if fn == "sumExp":
            row("hand-written fused loop, ns/elem",
                lambda n: fmt(None if get(data, "fusedSumExp", n=n) is None
                              else get(data, "fusedSumExp", n=n) / n))
    print()


def matmul(data):
    if not data:
        return
    print("### DotGeneral matmul, f64 (median)\n")
    print("| n | TensorEvaluator ms | GFLOP/s | direct Contraction.dotGeneral ms | GFLOP/s "
          "| evaluator / direct |")
    print("|---|---|---|---|---|---|")
    for n in (256, 1024):
        e = get(data, "evaluator", n=n)
        d = get(data, "direct", n=n)
        if e is None or d is None:
            continue
        flops = 2.0 * n ** 3
        # scores are in us/op
        print(f"| {n} | {e / 1e3:.2f} | {flops / (e * 1e3):.2f} | {d / 1e3:.2f} "
              f"| {flops / (d * 1e3):.2f} | {e / d:.3f}× |")
    print()


def details(paths):
    print("<details><summary>Every benchmark: median, min–max of the measured iterations"
          "</summary>\n")
    print("| file | benchmark | params | median | min–max | unit |")
    print("|---|---|---|---|---|---|")
    for path in paths:
        for (name, params), d in sorted(load(path).items()):
            p = ", ".join(f"{k}={v}" for k, v in params)
            print(f"| {os.path.basename(path)} | {name} | {p} | {d['median']:,.1f} "
                  f"| {d['min']:,.1f}–{d['max']:,.1f} | {d['unit']} |")
    print("\n</details>")


def main(directory):
    def path(f):
        return os.path.join(directory, f)

    element_paths = sorted(glob.glob(path("elementwise*.json")))
    randdag(load(path("randdag.json")), "RandDAG evaluators")
    randdag(load(path("randdag-long-warmup.json")), "RandDAG n = 10^5, long warm-up (diagnostic)")
    higher(load(path("higher.json")))
    elementwise(load(*element_paths))
    matmul(load(path("matmul.json")))
    details([p for p in [path("randdag.json"), path("randdag-long-warmup.json"),
                         path("higher.json")] + element_paths + [path("matmul.json")]
             if os.path.exists(p)])


if __name__ == "__main__":
    main(sys.argv[1])

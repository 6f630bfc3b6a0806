#!/usr/bin/env python3
"""Per-call latency of a `search` tool call through a long-lived `qmd4j mcp` (embedded
engine, vault watched) against one `qmd search` process per call, on the same vault, in
one run, interleaved so that machine noise hits both alike.

Usage: bench/mcp-vs-qmd.py VAULT QMD_INDEX_DIR [rounds=5]
  VAULT          a generated vault (bench/compare-cli.sh leaves one in its BENCH_DIR)
  QMD_INDEX_DIR  a folder holding qmd's index.sqlite and cfg/ for that vault (collection
                 "bench"), e.g. $BENCH_DIR/qmd of bench/compare-cli.sh
Environment: QMD4J_CACHE_DIR (qmd4j's index cache), JAVA_HOME, ENGINE (qmd4j's engine:
embedded, the default, or qmd: qmd4j then drives its resident `qmd mcp` session).
Prints median and p90 per side and the ratio qmd4j / qmd.
"""
import json
import os
import statistics
import subprocess
import sys
import time

from mcp_stdio import QUERIES, Qmd4jMcp


def main():
    vault, qmd_dir = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    client = Qmd4jMcp(vault, engine=os.environ.get("ENGINE", "embedded"))
    call = client.call

    client.initialize()
    for q in QUERIES:  # warm-up: index build, JIT
        call("tools/call", {"name": "search", "arguments": {"query": q}})

    qmd_env = dict(os.environ, INDEX_PATH=os.path.join(qmd_dir, "index.sqlite"),
                   QMD_CONFIG_DIR=os.path.join(qmd_dir, "cfg"))
    mcp, qmd = [], []
    for _ in range(rounds):
        for q in QUERIES:
            t = time.perf_counter()
            result = call("tools/call", {"name": "search", "arguments": {"query": q}})
            mcp.append((time.perf_counter() - t) * 1000)
            if result.get("isError"):
                raise SystemExit(f"tool error: {result}")
            t = time.perf_counter()
            subprocess.run(["qmd", "search", "-c", "bench", "--json", "-n", "20", "--", q],
                           env=qmd_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           check=True)
            qmd.append((time.perf_counter() - t) * 1000)
    client.close(timeout=60)

    def line(name, xs):
        xs = sorted(xs)
        return (f"{name}: median {statistics.median(xs):.2f} ms, "
                f"p90 {xs[int(len(xs) * 0.9)]:.2f} ms, n={len(xs)}")

    print(line("qmd4j mcp search tool call", mcp))
    print(line("qmd search process", qmd))
    print(f"ratio qmd4j/qmd (medians): {statistics.median(mcp) / statistics.median(qmd):.4f}"
          f" (1/{statistics.median(qmd) / statistics.median(mcp):.0f})")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The first searches of a fresh `qmd4j mcp` against its steady state: is the server warm
from the start? Embedded engine, vault watched, index already built (a first server builds
it and is closed before the measured one starts).

Usage: bench/mcp-first-searches.py VAULT [wait=2] [steady=200] [runs=3]
  wait    seconds between the `initialize` handshake and the first search (the time an agent
          takes before it searches; 0 for the worst case: searches from the first instant)
  steady  searches after the first 10; the steady state is the p50 of the last half of them
  runs    fresh servers, one after another; each prints its line, then the medians
Environment: QMD4J_CACHE_DIR (qmd4j's index cache), JAVA_HOME, QMD4J_COMMAND (the command
that starts qmd4j, ./qmd4j by default).
Prints, per run: the p50 of the first 10 searches (10 distinct queries, none repeated), the
steady-state p50 and their ratio (the goal: at most 2), and the first 10 times in order.
"""
import json
import os
import statistics
import sys
import time

from mcp_stdio import QUERIES, Qmd4jMcp


def timed(client, q):
    t = time.perf_counter()
    result = client.call("tools/call", {"name": "search", "arguments": {"query": q}})
    ms = (time.perf_counter() - t) * 1000
    if result.get("isError"):
        raise SystemExit(f"tool error: {json.dumps(result)[:300]}")
    return ms


def main():
    vault = sys.argv[1]
    wait = float(sys.argv[2]) if len(sys.argv) > 2 else 2.0
    steady = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    command = os.environ.get("QMD4J_COMMAND", "").split() or None

    # Build (or bring up to date) the index first: the measured server starts on a built one.
    t = time.perf_counter()
    client = Qmd4jMcp(vault, command)
    client.initialize()
    timed(client, QUERIES[0])
    client.close(timeout=600)
    print(f"index ready ({(time.perf_counter() - t):.1f} s)", flush=True)

    firsts, steadies = [], []
    for run in range(runs):
        client = Qmd4jMcp(vault, command)
        t = time.perf_counter()
        client.initialize()
        started = (time.perf_counter() - t) * 1000
        time.sleep(wait)
        first = [timed(client, q) for q in QUERIES[:10]]
        rest = [timed(client, QUERIES[i % len(QUERIES)]) for i in range(steady)]
        client.close(timeout=120)
        f50 = statistics.median(first)
        s50 = statistics.median(rest[len(rest) // 2:])
        firsts.append(f50)
        steadies.append(s50)
        print(f"run {run + 1}: initialize {started:.0f} ms, wait {wait:g} s; first 10 p50 "
              f"{f50:.2f} ms, steady p50 {s50:.2f} ms, ratio {f50 / s50:.2f}; first 10: "
              + " ".join(f"{x:.1f}" for x in first), flush=True)
    f50, s50 = statistics.median(firsts), statistics.median(steadies)
    print(f"median of {runs} runs: first 10 p50 {f50:.2f} ms, steady p50 {s50:.2f} ms, "
          f"ratio {f50 / s50:.2f} (goal <= 2)")
    print(f"load average: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

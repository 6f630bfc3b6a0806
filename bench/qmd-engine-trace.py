#!/usr/bin/env python3
"""The critical path of a search through qmd4j's qmd engine in a long-lived `qmd4j mcp`: which
calls go to the resident `qmd mcp` (tool, number of lex searches, limit) and how long each
waits, against the whole search as the client sees it. A relay placed first on PATH as `qmd`
logs every frame to and from `qmd mcp` with a monotonic time stamp; the client stamps its own
calls with the same clock. Shares of one search (qmd's wait against the rest) stay meaningful
under load; absolute times do not.

Usage: bench/qmd-engine-trace.py VAULT [rounds=2] [warmup_rounds=3]
Environment: QMD4J_CACHE_DIR (qmd4j's cache); the real qmd first on PATH.
Prints one line per search (total, waiting on qmd, before the first call, between calls,
after the last, the calls) and the totals.
"""
import os
import re
import shutil
import statistics
import sys
import tempfile
import time

from mcp_stdio import QUERIES, Qmd4jMcp

RELAY = r'''#!/usr/bin/env python3
import os, re, subprocess, sys, threading, time
real = os.environ["QMD_TRACE_REAL"]
args = sys.argv[1:]
if not args or args[0] != "mcp":
    os.execv(real, [real] + args)
p = subprocess.Popen([real] + args, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
log = open(os.environ["QMD_TRACE_LOG"], "a", buffering=1)
lock = threading.Lock()
def out():
    for line in p.stdout:
        t = time.clock_gettime(time.CLOCK_MONOTONIC)
        sys.stdout.buffer.write(line); sys.stdout.buffer.flush()
        m = re.search(rb'"id":"([^"]+)"', line)
        with lock: log.write(f"{t:.6f} < {m.group(1).decode() if m else '-'}\n")
threading.Thread(target=out, daemon=True).start()
for line in sys.stdin.buffer:
    t = time.clock_gettime(time.CLOCK_MONOTONIC)
    with lock: log.write(f"{t:.6f} > {line.decode()[:2000].rstrip()}\n")
    p.stdin.write(line); p.stdin.flush()
p.stdin.close(); p.wait()
'''


def main():
    vault = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    warmup = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    real = shutil.which("qmd")
    if not real:
        raise SystemExit("no qmd on PATH")
    work = tempfile.mkdtemp(prefix="qmd-trace-")
    with open(os.path.join(work, "qmd"), "w") as f:
        f.write(RELAY)
    os.chmod(os.path.join(work, "qmd"), 0o755)
    log_path = os.path.join(work, "frames.log")
    os.environ.update(QMD_TRACE_REAL=real, QMD_TRACE_LOG=log_path,
                      PATH=work + os.pathsep + os.environ["PATH"])
    client = Qmd4jMcp(vault, engine="qmd")
    client.initialize()
    for q in QUERIES * warmup:
        client.call("tools/call", {"name": "search", "arguments": {"query": q}})
    searches = []
    for _ in range(rounds):
        for q in QUERIES:
            t0 = time.clock_gettime(time.CLOCK_MONOTONIC)
            client.call("tools/call", {"name": "search", "arguments": {"query": q}})
            searches.append((q, t0, time.clock_gettime(time.CLOCK_MONOTONIC)))
    client.close(timeout=60)
    calls = {}
    for line in open(log_path):
        t, way, body = line.rstrip("\n").split(" ", 2)
        if way == "<":
            if body in calls:
                calls[body][1] = float(t)
            continue
        m = re.search(r'"id":"([^"]+)"', body)
        if not m:
            continue
        tool = re.search(r'"name":"(\w+)"', body)
        limit = re.search(r'"limit":(\d+)', body)
        lex = body.count('"type":"lex"')
        calls[m.group(1)] = [float(t), None, f"{tool.group(1) if tool else '?'}(lex={lex}, "
                             f"limit={limit.group(1) if limit else '-'})"]
    rows = []
    for q, t0, t1 in searches:
        inside = sorted((c for c in calls.values() if c[1] and t0 <= c[0] <= t1),
                        key=lambda c: c[0])
        wait = sum(c[1] - c[0] for c in inside)
        before = inside[0][0] - t0 if inside else 0
        after = t1 - inside[-1][1] if inside else 0
        rows.append((q, t1 - t0, wait, before, (t1 - t0) - wait - before - after, after, inside))
        print(f"{q:18s} total {1e3 * (t1 - t0):7.2f} ms  qmd {1e3 * wait:7.2f}  before "
              f"{1e3 * before:6.2f}  between {1e3 * rows[-1][4]:6.2f}  after {1e3 * after:6.2f}  "
              + ", ".join(f"{c[2]} {1e3 * (c[1] - c[0]):.2f}" for c in inside))
    total = sum(r[1] for r in rows)
    print(f"searches {len(rows)}, calls to qmd mcp {sum(len(r[6]) for r in rows)} "
          f"({sum(len(r[6]) for r in rows) / len(rows):.2f} per search); waiting on qmd "
          f"{100 * sum(r[2] for r in rows) / total:.0f}% of the searches' time; medians: total "
          f"{1e3 * statistics.median(r[1] for r in rows):.2f} ms, qmd "
          f"{1e3 * statistics.median(r[2] for r in rows):.2f}, before "
          f"{1e3 * statistics.median(r[3] for r in rows):.2f}, after "
          f"{1e3 * statistics.median(r[5] for r in rows):.2f}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

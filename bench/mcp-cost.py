#!/usr/bin/env python3
"""What one `search` tool call costs a long-lived `qmd4j mcp` (vault watched), in figures the
machine's load does not change much: CPU time and bytes allocated per search, over a steady
stream of searches after a warm-up. No wall clock.

Usage: bench/mcp-cost.py VAULT [searches=2000] [warmup=600]
Environment: QMD4J_CACHE_DIR (qmd4j's index cache), QMD4J_COMMAND (the command that starts
qmd4j, ./qmd4j by default; e.g. "java -XX:+UseSerialGC -jar qmd4j-cli/target/qmd4j-cli.jar"),
JFR_FILE: also keep the JFR recording (settings=profile) of the timed searches there,
ENGINE: qmd4j's engine, embedded (the default) or qmd (qmd4j then drives its resident
`qmd mcp`, whose CPU per search is printed apart: qmd on PATH, as for bench/mcp-vs-qmd.py).

CPU per search is the server's user+sys time over the timed searches (from /proc), split
into the threads that serve the searches and the JVM's own (JIT compilers, GC, JFR);
allocations per search are the JFR thread allocation statistics over the same searches.
Linux only; needs `jcmd` and `jfr` of the server's JDK on PATH.
"""
import collections
import os
import re
import subprocess
import sys
import tempfile

from mcp_stdio import QUERIES, Qmd4jMcp

JVM_THREADS = re.compile(r"(C1|C2) CompilerThre|VM Thread|GC Thread|G1 |JFR|VM Periodic"
                         r"|Sweeper|Common-Cleaner|Reference Handl|Finalizer|Signal Disp"
                         r"|Attach Listener|Notification Thr|Service Thread|Monitor Defl")


def thread_cpu(pid):
    """Clock ticks of user+sys per thread name of process pid."""
    out = collections.Counter()
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                stat = f.read()
        except FileNotFoundError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        out[name] += int(fields[11]) + int(fields[12])
    return out


def tree_cpu(pid):
    """Clock ticks of user+sys of pid and every process under it (qmd mcp and its Node)."""
    total = 0
    kids = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    for kid in kids.split():
        total += tree_cpu(int(kid))
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except FileNotFoundError:
        return total
    fields = stat[stat.rindex(")") + 2:].split()
    return total + int(fields[11]) + int(fields[12])


def children(pid):
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(k) for k in out.split()]


def java_pid(pid):
    """The JVM under the started command (the ./qmd4j script execs java)."""
    with open(f"/proc/{pid}/comm") as f:
        if f.read().strip() == "java":
            return pid
    kids = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return int(kids.split()[0])


def allocated(jfr_file):
    """Bytes allocated per thread over the recording (last minus first statistics)."""
    text = subprocess.run(["jfr", "print", "--events", "jdk.ThreadAllocationStatistics",
                           jfr_file], capture_output=True, text=True, check=True).stdout
    seen = collections.defaultdict(list)
    for block in text.split("jdk.ThreadAllocationStatistics")[1:]:
        m = re.search(r"allocated = ([\d.]+) (bytes|kB|MB|GB)", block)
        t = re.search(r'thread = "([^"]*)"', block)
        if m and t:
            scale = {"bytes": 1, "kB": 1e3, "MB": 1e6, "GB": 1e9}[m.group(2)]
            seen[t.group(1)].append(float(m.group(1)) * scale)
    return {name: max(v) - min(v) for name, v in seen.items()}


def main():
    vault = sys.argv[1]
    searches = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    warmup = int(sys.argv[3]) if len(sys.argv) > 3 else 600
    engine = os.environ.get("ENGINE", "embedded")
    client = Qmd4jMcp(vault, os.environ.get("QMD4J_COMMAND", "").split() or None, engine=engine)

    def search(q):
        result = client.call("tools/call", {"name": "search", "arguments": {"query": q}})
        if result.get("isError"):
            raise SystemExit(f"tool error: {result}")

    client.initialize()
    pid = java_pid(client.server.pid)
    for i in range(warmup):
        search(QUERIES[i % len(QUERIES)])
    jfr_file = os.environ.get("JFR_FILE") or tempfile.mktemp(suffix=".jfr")
    subprocess.run(["jcmd", str(pid), "JFR.start", "name=cost", "settings=profile"],
                   check=True, stdout=subprocess.DEVNULL)
    qmd = children(pid)  # the resident qmd mcp (qmd engine), started by the warm-up
    before, qmd_before = thread_cpu(pid), sum(tree_cpu(k) for k in qmd)
    for i in range(searches):
        search(QUERIES[i % len(QUERIES)])
    after, qmd_after = thread_cpu(pid), sum(tree_cpu(k) for k in qmd)
    subprocess.run(["jcmd", str(pid), "JFR.stop", "name=cost", f"filename={jfr_file}"],
                   check=True, stdout=subprocess.DEVNULL)
    client.close(timeout=120)
    tick_ms = 1000 / os.sysconf("SC_CLK_TCK")
    delta = {n: after[n] - before.get(n, 0) for n in after if after[n] - before.get(n, 0) > 0}
    serving = sum(v for n, v in delta.items() if not JVM_THREADS.search(n))
    jvm = sum(v for n, v in delta.items() if JVM_THREADS.search(n))
    alloc = allocated(jfr_file)
    app_alloc = sum(v for n, v in alloc.items() if not JVM_THREADS.search(n))
    print(f"searches: {searches} (queries of bench/mcp_stdio.py, after {warmup} warm-up)")
    print(f"CPU per search, serving threads: {serving * tick_ms / searches:.3f} ms")
    print(f"CPU per search, JVM threads (JIT, GC, JFR): {jvm * tick_ms / searches:.3f} ms")
    for n, v in sorted(delta.items(), key=lambda kv: -kv[1])[:8]:
        print(f"  {n}: {v * tick_ms / searches:.3f} ms/search")
    print(f"allocated per search: {app_alloc / searches / 1024:.1f} KiB")
    if qmd:
        print(f"CPU per search, the resident qmd mcp (engine {engine}): "
              f"{(qmd_after - qmd_before) * tick_ms / searches:.3f} ms")
    if os.environ.get("JFR_FILE"):
        print(f"recording: {jfr_file}")
    else:
        os.remove(jfr_file)


if __name__ == "__main__":
    main()

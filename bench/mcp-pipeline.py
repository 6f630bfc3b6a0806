#!/usr/bin/env python3
"""Pipelines N `tools/call` search requests at once into `qmd4j mcp` (stdio) and reports how
many were answered and how long it took. Usage: bench/mcp-pipeline.py JAR VAULT N
(see docs/benchmarks.md, section 8). Stderr of the server goes to /tmp/mcp-pipeline.err."""
import json, subprocess, sys, time, threading
jar, vault, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
p = subprocess.Popen(["java", "-jar", jar, "mcp", "--engine", "embedded", "--vault", vault],
    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open("/tmp/mcp-pipeline.err", "w"))
def send(o): p.stdin.write((json.dumps(o) + "\n").encode()); p.stdin.flush()
send({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"p","version":"1"}}})
print(p.stdout.readline()[:80])
send({"jsonrpc":"2.0","method":"notifications/initialized"})
# warm
send({"jsonrpc":"2.0","id":"w","method":"tools/call","params":{"name":"search","arguments":{"query":"webhook"}}})
p.stdout.readline()
t = time.time()
for i in range(1, n + 1):
    send({"jsonrpc":"2.0","id":i,"method":"tools/call","params":{"name":"search","arguments":{"query":"projet client %d" % i}}})
got = {}
def reader():
    while len(got) < n:
        line = p.stdout.readline()
        if not line: break
        m = json.loads(line); got[m.get("id")] = got.get(m.get("id"), 0) + 1
th = threading.Thread(target=reader, daemon=True); th.start(); th.join(120)
print("answered", len(got), "of", n, "in %.2fs" % (time.time() - t))
p.stdin.close()
try:
    p.wait(30)
except subprocess.TimeoutExpired:
    print("the server did not exit 30 s after stdin closed"); p.kill()

#!/usr/bin/env python3
"""What idle MCP streams and abandoned MCP sessions cost `qmd4j serve`: /api/search latency
(p50/p99 of N sequential requests on one keep-alive connection) and the server's heap (used
after a full GC, from `jcmd GC.heap_info`) in four states:

  1. nothing open;
  2. STREAMS idle event streams (GET /mcp) open, one per session (the SDK keeps one
     listening stream per session: a second GET on a session ends the first);
  3. those closed, then SESSIONS sessions initialized and abandoned (never deleted);
  4. the default caps (a second server with no cap options): how many streams and sessions
     one client gets before the fast refusal, and how long a refusal takes.

States 1-3 run against a server started with caps above STREAMS and SESSIONS, so that all
of them are admitted and the cost is measured, not the refusal.

Usage: bench/mcp-http-load.py [STREAMS=1500] [SESSIONS=1000] [N=300]
Environment: QMD4J_COMMAND (the command that starts qmd4j, ./qmd4j by default),
QMD4J_CACHE_DIR (a fresh temporary folder by default), QMD4J_BENCH_PORT (7731; the second
server uses the next port), VAULT (testfixtures/vault). Needs `jcmd` (the JDK's) on PATH.
Prints one line per state.
"""
import json
import os
import re
import resource
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

INIT = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {},
    "clientInfo": {"name": "bench", "version": "1"}}})


def start(port, extra):
    command = os.environ.get("QMD4J_COMMAND", "./qmd4j").split()
    vault = os.environ.get("VAULT", "testfixtures/vault")
    err = tempfile.NamedTemporaryFile(delete=False)
    proc = subprocess.Popen(command + ["serve", "--vault", vault, "--engine", "embedded",
                                       "--port", str(port)] + extra,
                            stdout=subprocess.DEVNULL, stderr=err)
    deadline = time.time() + 300
    while b"serving" not in open(err.name, "rb").read():
        if proc.poll() is not None or time.time() > deadline:
            sys.exit("serve did not start: " + open(err.name).read())
        time.sleep(0.05)
    return proc


def java_pid(port):
    out = subprocess.run(["jcmd", "-l"], capture_output=True, text=True).stdout
    for line in out.splitlines():
        if " serve " in line and "--port " + str(port) in line:
            return line.split()[0]
    sys.exit("no JVM serving port %d in jcmd -l" % port)


def heap_mb(pid):
    subprocess.run(["jcmd", pid, "GC.run"], capture_output=True)
    info = subprocess.run(["jcmd", pid, "GC.heap_info"], capture_output=True, text=True).stdout
    # The whole heap: G1's "garbage-first heap ... used NK", or the sum of the generations'
    # (serial and parallel collectors); never Metaspace or the spaces inside a generation.
    used = [int(k) for k in re.findall(r"(?:heap|generation) +total \d+K, used (\d+)K", info)]
    return sum(used) / 1024 if used else float("nan")


def latency(port, n):
    """p50 and p99 in ms of n sequential /api/search requests on one connection."""
    s = socket.create_connection(("127.0.0.1", port))
    f = s.makefile("rb")
    request = ("GET /api/search?query=stripe&limit=5 HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n"
               % port).encode()
    times = []
    for i in range(n + 20):
        t = time.perf_counter()
        s.sendall(request)
        length = 0
        while True:
            line = f.readline()
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
            if line in (b"\r\n", b""):
                break
        f.read(length)
        if i >= 20:  # warm-up
            times.append((time.perf_counter() - t) * 1000)
    s.close()
    times.sort()
    return times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.99))]


def post(port, body, headers=None):
    req = urllib.request.Request("http://127.0.0.1:%d/mcp" % port, data=body.encode(),
                                 method="POST")
    req.add_header("Content-Type", "application/json")
    req.add_header("Accept", "application/json, text/event-stream")
    for k, v in (headers or {}).items():
        req.add_header(k, v)
    try:
        with urllib.request.urlopen(req) as r:
            return r.status, r.headers.get("Mcp-Session-Id")
    except urllib.error.HTTPError as e:
        return e.code, None


def open_stream(port, session):
    """An event stream, open once its headers came; None when refused (with the status)."""
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(("GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAccept: text/event-stream\r\n"
               "Mcp-Session-Id: %s\r\n\r\n" % (port, session)).encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(4096)
        if not chunk:
            break
        head += chunk
    status = int(head.split(b" ")[1]) if head else 0
    if status != 200:
        s.close()
        return None, status
    return s, status


def line(state, port, pid, n):
    p50, p99 = latency(port, n)
    print("%-44s /api/search p50 %6.1f ms  p99 %6.1f ms   heap %6.1f MB"
          % (state, p50, p99, heap_mb(pid)), flush=True)


def main():
    streams = int(sys.argv[1]) if len(sys.argv) > 1 else 1500
    sessions = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, streams + 512)), hard))
    os.environ.setdefault("QMD4J_CACHE_DIR", tempfile.mkdtemp())
    port = int(os.environ.get("QMD4J_BENCH_PORT", "7731"))
    big = max(streams, sessions) + 10
    server = start(port, ["--mcp-streams", "%d/%d" % (big, big),
                          "--mcp-sessions", "%d/%d" % (big, big)])
    try:
        pid = java_pid(port)
        line("1. nothing open", port, pid, n)
        held = []
        for _ in range(streams):
            # One stream per session: a second GET on a session ends its first stream (the
            # SDK keeps one listening stream per session).
            status, session = post(port, INIT)
            s, status = open_stream(port, session)
            if s is None:
                sys.exit("stream %d refused: %d" % (len(held) + 1, status))
            held.append(s)
        line("2. %d idle streams, one per session" % streams, port, pid, n)
        for s in held:
            s.close()
        time.sleep(2)
        for _ in range(sessions):
            post(port, INIT)
        line("3. %d abandoned sessions" % sessions, port, pid, n)
    finally:
        server.terminate()
        server.wait()

    server = start(port + 1, [])
    try:
        held, refused, admitted = [], 0, 0
        while refused == 0 and len(held) < streams:
            status, session = post(port + 1, INIT)
            if status != 200:
                break
            admitted += 1
            s, status = open_stream(port + 1, session)
            if s is None:
                refused = status
            else:
                held.append(s)
        t = time.perf_counter()
        _, status = open_stream(port + 1, session)
        ms = (time.perf_counter() - t) * 1000
        while admitted < sessions and post(port + 1, INIT)[0] == 200:
            admitted += 1
        print("4. default caps: %d streams admitted, then %d (a refusal in %.1f ms); "
              "%d sessions admitted" % (len(held), refused, ms, admitted), flush=True)
        for s in held:
            s.close()
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The floor under a search through qmd4j's qmd engine: raw `qmd mcp` `query` tool calls with
the lex searches that engine sends in fast mode (the whole query, then one per word when there
are several), one at a time, on the same queries as bench/mcp-vs-qmd.py.

Usage: bench/qmd-mcp-floor.py QMD_INDEX_DIR [rounds=5] [limit=10]
  QMD_INDEX_DIR  a folder holding qmd's index.sqlite and cfg/ with the collection "bench"
                 (the second argument of bench/mcp-vs-qmd.py)
  limit          documents asked for; qmd4j's MCP search (default limit 20) asks for 21
Prints the median and p90 of the calls after one warm-up round.
"""
import json
import os
import statistics
import subprocess
import sys
import time

from mcp_stdio import QUERIES


def main():
    folder = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    limit = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    env = dict(os.environ, INDEX_PATH=os.path.join(folder, "index.sqlite"),
               QMD_CONFIG_DIR=os.path.join(folder, "cfg"))
    # Run from a folder without .qmd/, which would take over INDEX_PATH.
    server = subprocess.Popen(["qmd", "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, env=env, cwd=folder)
    ids = iter(range(1, 1_000_000))

    def call(method, params, notify=False):
        msg = {"jsonrpc": "2.0", "method": method, "params": params}
        if not notify:
            msg["id"] = next(ids)
        server.stdin.write((json.dumps(msg) + "\n").encode())
        server.stdin.flush()
        if notify:
            return None
        while True:
            line = server.stdout.readline()
            if not line:
                raise SystemExit("qmd mcp stopped")
            reply = json.loads(line)
            if reply.get("id") == msg["id"]:
                return reply

    def search(query):
        words = query.split()
        searches = [{"type": "lex", "query": query}]
        if len(words) > 1:
            searches += [{"type": "lex", "query": w} for w in words]
        reply = call("tools/call", {"name": "query", "arguments": {
            "searches": searches, "collections": ["bench"], "limit": limit, "rerank": False}})
        if "error" in reply or reply.get("result", {}).get("isError"):
            raise SystemExit(f"query failed: {reply}")

    call("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                        "clientInfo": {"name": "bench", "version": "1"}})
    call("notifications/initialized", {}, notify=True)
    for q in QUERIES:  # warm-up
        search(q)
    times = []
    for _ in range(rounds):
        for q in QUERIES:
            t = time.perf_counter()
            search(q)
            times.append((time.perf_counter() - t) * 1000)
    server.stdin.close()
    server.wait(timeout=30)
    times.sort()
    print(f"raw qmd mcp query (lex searches of qmd4j's fast mode, limit {limit}): median "
          f"{statistics.median(times):.2f} ms, p90 {times[int(len(times) * 0.9)]:.2f} ms, "
          f"n={len(times)}")


if __name__ == "__main__":
    main()

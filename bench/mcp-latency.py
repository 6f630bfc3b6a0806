#!/usr/bin/env python3
"""Per-call latency of `search` tool calls through one long-lived `qmd4j mcp` (embedded
engine, vault watched), and of "edit a note, then search for the new word" through it.
No qmd beside it: for profiling the qmd4j side alone.

Usage: bench/mcp-latency.py VAULT [rounds=15] [edits=20]
The edited notes are put back as they were at the end (their times change).
Environment: QMD4J_CACHE_DIR (qmd4j's index cache), JAVA_HOME, QMD4J_COMMAND (the command
that starts qmd4j, ./qmd4j by default); JFR_DIR: record the server
with JFR (`jcmd`, settings=profile) after the warm-up: JFR_DIR/search.jfr over the timed
searches, JFR_DIR/edit.jfr over the edits. Prints median/p95 of each figure.
"""
import json
import os
import statistics
import subprocess
import sys
import time

from mcp_stdio import QUERIES, Qmd4jMcp


def main():
    vault = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    edits = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    # QMD4J_COMMAND: another way to start qmd4j (e.g. "java -jar qmd4j-cli/target/qmd4j-cli.jar")
    client = Qmd4jMcp(vault, os.environ.get("QMD4J_COMMAND", "").split() or None)
    server, call = client.server, client.call

    def search(q):
        t = time.perf_counter()
        result = call("tools/call", {"name": "search", "arguments": {"query": q}})
        ms = (time.perf_counter() - t) * 1000
        if result.get("isError"):
            raise SystemExit(f"tool error: {result}")
        return ms, json.dumps(result, ensure_ascii=False)

    t = time.perf_counter()
    client.initialize()
    first, _ = search(QUERIES[0])
    print(f"start + first search: {(time.perf_counter() - t) * 1000:.0f} ms "
          f"(first search call {first:.0f} ms)", flush=True)
    for q in QUERIES * 2:  # warm-up: JIT
        search(q)
    jfr = os.environ.get("JFR_DIR")

    def jcmd(*args):
        if jfr:
            subprocess.run(["jcmd", str(server.pid), *args], check=True,
                           stdout=subprocess.DEVNULL)

    jcmd("JFR.start", "name=search", "settings=profile")
    lat = []
    for _ in range(rounds):
        for q in QUERIES:
            lat.append(search(q)[0])

    jcmd("JFR.stop", "name=search", f"filename={jfr}/search.jfr")
    # Edit, then search for a word only the edit brings (the freshness barrier + refresh).
    notes = []
    for dirpath, _, files in os.walk(vault):
        notes += [os.path.join(dirpath, f) for f in files if f.endswith(".md")]
        if len(notes) > 500:
            break
    edit_lat, found = [], 0
    # A word no earlier run left in the vault (each run also puts the notes back as they were),
    # so that only the edit can make the search find it.
    run = f"{int(time.time()) % 100000:05d}"
    originals = {}
    jcmd("JFR.start", "name=edit", "settings=profile")
    try:
        for i in range(edits):
            word = f"zorglub{run}n{i:03d}x"
            note = notes[(i * 37) % len(notes)]
            if note not in originals:
                with open(note, "rb") as f:
                    originals[note] = f.read()
            with open(note, "a", encoding="utf-8") as f:
                f.write(f"\n\nAjout {word} pour le test.\n")
            ms, text = search(word)
            edit_lat.append(ms)
            found += word in text
            time.sleep(0.3)
        jcmd("JFR.stop", "name=edit", f"filename={jfr}/edit.jfr")
        client.close(timeout=120)
    finally:
        for note, content in originals.items():
            with open(note, "wb") as f:
                f.write(content)

    def line(name, xs):
        xs = sorted(xs)
        return (f"{name}: median {statistics.median(xs):.2f} ms, "
                f"p95 {xs[min(len(xs) - 1, int(len(xs) * 0.95))]:.2f} ms, n={len(xs)}")

    print(line("mcp search tool call", lat))
    if edits:
        print(line("edit then search", edit_lat) + f", found {found}/{edits}")


if __name__ == "__main__":
    main()

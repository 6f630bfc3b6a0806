#!/usr/bin/env python3
"""Share of a JFR recording's execution samples whose stack holds a frame matching each
pattern (a substring of `package.Class.method`): proportions, meaningful under load.

Usage: bench/jfr-share.py FILE.jfr PATTERN...
"""
import subprocess
import sys


def main():
    jfr, patterns = sys.argv[1], sys.argv[2:]
    out = subprocess.run(["jfr", "print", "--events", "jdk.ExecutionSample", "--stack-depth",
                          "200", jfr], capture_output=True, text=True, check=True).stdout
    samples = out.split("jdk.ExecutionSample {")[1:]
    print(f"{len(samples)} execution samples in {jfr}")
    for p in patterns:
        k = sum(1 for s in samples if p in s)
        print(f"{100.0 * k / max(len(samples), 1):5.1f}%  {p}")


if __name__ == "__main__":
    main()

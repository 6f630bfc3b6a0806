#!/usr/bin/env bash
# Issue 17's table in one run, side by side with qmd where qmd has a counterpart:
#   2,000 files: warm CLI (in-process, through a daemon) vs `qmd search`, first index vs
#                `qmd collection add` (bench/compare-cli.sh), MCP search vs `qmd search` per
#                call (bench/mcp-vs-qmd.py);
#   100,000 files: first index, warm CLI in-process and through a daemon, the daemon's heap
#                after a full GC, MCP search p50/p95 and edit-then-search (bench/mcp-latency.py),
#                the index's size.
# The 1-minute load average is printed before each step. Run it on a quiet machine only.
#
# Usage: bench/scale-table.sh VAULT_100K [WORK]
#   VAULT_100K  a generated vault of 100,000 files (VaultGenerator DIR 100000 42, see
#               docs/benchmarks.md); WORK a work folder (default: a new temporary one)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
big="$1"
work="${2:-$(mktemp -d -t qmd4j-scale-XXXXXX)}"
mkdir -p "$work"
cd "$root"
if [[ "$(locale charmap 2>/dev/null || true)" != "UTF-8" ]]; then export LC_ALL=C.UTF-8; fi
load() { printf '== load %s: %s\n' "$(date -u +%H:%M:%SZ)" "$(cut -d' ' -f1-3 /proc/loadavg)"; }
export QMD4J_SEARCH_FALLBACK=1
qmd_home="$HOME/.cache/qmd4j-ci/qmd-2.8.3/bin"
if [[ -d "$qmd_home" ]]; then export PATH="$qmd_home:$PATH"; fi

load; echo "== 2,000 files: bench/compare-cli.sh"
BENCH_DIR="$work/2k" RUNS="${RUNS:-20}" WARMUP=3 bench/compare-cli.sh 2000 42

load; echo "== 2,000 files: MCP search vs qmd search per call"
QMD4J_CACHE_DIR="$work/2k/qmd4j-cache" python3 bench/mcp-vs-qmd.py "$work/2k/vault" "$work/2k/qmd" 5

cache="$work/100k-cache"
rm -rf "$cache"
run=(env QMD4J_NO_DAEMON=1 QMD4J_CACHE_DIR="$cache" ./qmd4j search --vault "$big" --json -- décision)
load; echo "== 100,000 files: first index (./qmd4j search, empty cache)"
/usr/bin/time -f '%e s wall, %U s user, %S s sys, max RSS %M KB' "${run[@]}" > "$work/100k-first.json"
load; echo "== 100,000 files: warm ./qmd4j search, in-process"
hyperfine -w 1 -r 5 -n in-process "${run[*]@Q}" --export-json "$work/100k-cli.json"

load; echo "== 100,000 files: through a daemon"
QMD4J_CACHE_DIR="$cache" ./qmd4j daemon start --vault "$big"
trap 'QMD4J_CACHE_DIR="$cache" ./qmd4j daemon stop --vault "$big" || true' EXIT
drun=(env QMD4J_CACHE_DIR="$cache" ./qmd4j search --vault "$big" --json -- décision)
"${drun[@]}" > "$work/100k-daemon.json"
cmp -s "$work/100k-first.json" "$work/100k-daemon.json" || echo "WARNING: daemon output differs"
load; hyperfine -w 2 -r 10 -n daemon "${drun[*]@Q}" --export-json "$work/100k-daemon-cli.json"
pid="$(QMD4J_CACHE_DIR="$cache" ./qmd4j daemon status --vault "$big" | sed -n 's/.*pid[: ]*\([0-9][0-9]*\).*/\1/p' | head -1)"
if [[ -n "$pid" ]]; then
  jcmd "$pid" GC.run > /dev/null
  echo "== the daemon's heap after a full GC (pid $pid):"
  jcmd "$pid" GC.heap_info | sed -n '2,4p'
  grep -E 'VmRSS' "/proc/$pid/status"
fi
QMD4J_CACHE_DIR="$cache" ./qmd4j daemon stop --vault "$big"
trap - EXIT

load; echo "== 100,000 files: long-lived qmd4j mcp, search and edit-then-search"
QMD4J_CACHE_DIR="$cache" python3 bench/mcp-latency.py "$big" 15 30
load; echo "== index size"; du -sh "$cache"

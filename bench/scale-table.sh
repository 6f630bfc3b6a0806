#!/usr/bin/env bash
# The scale table in one run, side by side with qmd where qmd has a counterpart:
#   2,000 files: warm CLI (in-process, through a daemon) vs `qmd search`, first index vs
#                `qmd collection add` (bench/compare-cli.sh), MCP search vs `qmd search` per
#                call (bench/mcp-vs-qmd.py), with the embedded engine and with the qmd engine
#                (qmd4j driving its resident `qmd mcp` session), and raw `qmd mcp` with the
#                typed lex searches that engine sends (bench/qmd-mcp-floor.py);
#   100,000 files: first index, warm CLI in-process and through a daemon, the daemon's heap
#                after a full GC, MCP search p50/p95 and edit-then-search (bench/mcp-latency.py),
#                the first 10 searches of a fresh `qmd4j mcp` against its steady state
#                (bench/mcp-first-searches.py), the index's size.
# The 1-minute load average is printed before each step. Run it on a quiet machine only.
# First index (both sizes): `./qmd4j search` into an empty cache against `qmd collection add`
# + `qmd update` into an empty INDEX_PATH, interleaved, each timed by /usr/bin/time (wall, user,
# sys, RSS), with the ratio of the medians of wall time.
#
# Usage: bench/scale-table.sh VAULT_100K [WORK]
#   VAULT_100K  a generated vault of 100,000 files (VaultGenerator DIR 100000 42, see
#               docs/benchmarks.md); WORK a work folder (default: a new temporary one)
# Environment:
#   FIRST_ONLY=1  only the first-index rows (2,000 then 100,000 files), then stop
#   FIRST_RUNS    runs of each first index at 2,000 files (default 3); FIRST_RUNS_100K
#                 at 100,000 (default 1); QMD_100K=0 leaves qmd out at 100,000 (about 140 s
#                 and 4 GB of memory per run)
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

timed() { # label command...: one line of wall/user/sys/RSS, appended to $work/first-index.txt
  /usr/bin/time -f "$1 %e s wall, %U s user, %S s sys, max RSS %M KB" -a -o "$work/first-index.txt" \
    "${@:2}" > /dev/null 2>> "$work/first-index.log"
  tail -1 "$work/first-index.txt"
}
first_index() { # label vault runs with-qmd cache-folder: qmd4j and qmd first index, interleaved
  local label="$1" vault="$2" runs="$3" with_qmd="$4" cache="$5" i
  for i in $(seq "$runs"); do
    rm -rf "$cache"
    load; timed "$label qmd4j" env QMD4J_NO_DAEMON=1 QMD4J_CACHE_DIR="$cache" \
      ./qmd4j search --vault "$vault" --json -- décision
    if [[ "$with_qmd" == 1 ]] && command -v qmd > /dev/null; then
      rm -rf "$work/qmd-first"; mkdir -p "$work/qmd-first"
      load; (cd "$work/qmd-first" && timed "$label qmd" env INDEX_PATH="$work/qmd-first/index.sqlite" \
        QMD_CONFIG_DIR="$work/qmd-first/cfg" bash -c \
        "qmd collection add '$vault' --name bench --mask '**/*.md' && qmd update")
    fi
  done
  python3 - "$label" "$work/first-index.txt" <<'PY'
import statistics, sys
label, runs = sys.argv[1], {}
for line in open(sys.argv[2]):
    f = line.split()
    if f and f[0] == label:
        runs.setdefault(f[1], []).append(float(f[2]))
for k, w in runs.items():
    print(f"{label} {k}: median {statistics.median(w):.2f} s wall over {len(w)} run(s)")
if "qmd" in runs and "qmd4j" in runs:
    print(f"{label} ratio qmd4j/qmd (median wall): "
          f"{statistics.median(runs['qmd4j']) / statistics.median(runs['qmd']):.2f}")
PY
}

if [[ ! -d "$work/2k/vault" ]]; then
  (cd qmd4j-core && ../mvnw -B -q -o test-compile && ../mvnw -B -q -o dependency:build-classpath \
    -Dmdep.outputFile=target/cp.txt > /dev/null)
  java -cp "qmd4j-core/target/test-classes:qmd4j-core/target/classes:$(cat qmd4j-core/target/cp.txt)" \
    org.qmd4j.bench.VaultGenerator "$work/2k/vault" 2000 42
fi
./qmd4j --version > /dev/null # builds the jar and its start-up archive first, if due
echo "== 2,000 files: first index, qmd4j vs qmd"
first_index first-index-2k "$work/2k/vault" "${FIRST_RUNS:-3}" 1 "$work/2k-first-cache"
cache="$work/100k-cache"
echo "== 100,000 files: first index (./qmd4j search, empty cache), qmd4j vs qmd"
first_index first-index-100k "$big" "${FIRST_RUNS_100K:-1}" "${QMD_100K:-1}" "$cache"
if [[ "${FIRST_ONLY:-0}" == 1 ]]; then exit 0; fi

load; echo "== 2,000 files: bench/compare-cli.sh"
BENCH_DIR="$work/2k" RUNS="${RUNS:-20}" WARMUP=3 bench/compare-cli.sh 2000 42

load; echo "== 2,000 files: MCP search vs qmd search per call"
QMD4J_CACHE_DIR="$work/2k/qmd4j-cache" python3 bench/mcp-vs-qmd.py "$work/2k/vault" "$work/2k/qmd" 5

load; echo "== 2,000 files: MCP search through the qmd engine (resident qmd session) vs qmd search"
ENGINE=qmd QMD4J_CACHE_DIR="$work/2k/qmd4j-cache-qmd" python3 bench/mcp-vs-qmd.py "$work/2k/vault" \
  "$work/2k/qmd" 5

load; echo "== 2,000 files: raw qmd mcp, the same typed lex searches (the qmd engine's floor)"
python3 bench/qmd-mcp-floor.py "$work/2k/qmd" 5

run=(env QMD4J_NO_DAEMON=1 QMD4J_CACHE_DIR="$cache" ./qmd4j search --vault "$big" --json -- décision)
"${run[@]}" > "$work/100k-first.json" # the index is the first-index step's
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
load; echo "== 100,000 files: the first searches of a fresh qmd4j mcp against its steady state"
QMD4J_CACHE_DIR="$cache" python3 bench/mcp-first-searches.py "$big" 2 200 3
load; echo "== index size"; du -sh "$cache"

#!/usr/bin/env bash
# Whole-process comparison: `./qmd4j search` (embedded engine, warm on-disk index) against
# `qmd search` (qmd 2.8.3, BM25, warm SQLite index) on the same generated 2,000-file vault.
# The headline `qmd4j` is the default path, as users run it (no flag, no environment: the
# first command starts the vault's daemon in the background, later ones run in it);
# `qmd4j-in-process` is QMD4J_NO_DAEMON=1, the command run in its own JVM.
#
# Usage: bench/compare-cli.sh [files=2000] [seed=42]
# Environment:
#   BENCH_DIR   work folder (vault, caches, results); default: a new temporary folder
#   RUNS        measured runs per command (default 30); WARMUP warm-up runs (default 3)
#   QUERY       the query (default: décision)
#   SKIP_BUILD  1 = do not run ./mvnw test-compile first
#   INPROCESS   0 = leave out the in-process line (QMD4J_NO_DAEMON=1); default 1
# The daemon the default path starts is stopped at the end.
# Prints hyperfine's table (or a date +%s%N loop's when hyperfine is missing) and the ratios
# qmd4j / qmd of the mean wall times (default path, and in-process). Results are kept in $BENCH_DIR.
set -euo pipefail

files="${1:-2000}"
seed="${2:-42}"
runs="${RUNS:-30}"
warmup="${WARMUP:-3}"
query="${QUERY:-décision}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${BENCH_DIR:-$(mktemp -d -t qmd4j-compare-XXXXXX)}"
mkdir -p "$work"
cd "$root"

if [[ "$(locale charmap 2>/dev/null || true)" != "UTF-8" ]]; then export LC_ALL=C.UTF-8; fi
log() { printf '== %s\n' "$*" >&2; }

# --- build and class path ---------------------------------------------------------------
if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  log "compiling (./mvnw -q -o test-compile)"
  ./mvnw -q -o test-compile -pl qmd4j-core -am >&2 || ./mvnw -q test-compile -pl qmd4j-core -am >&2
fi
cpfile="$work/classpath.txt"
./mvnw -q -o dependency:build-classpath -pl qmd4j-core -Dmdep.includeScope=test \
  -Dmdep.outputFile="$cpfile" >&2 \
  || ./mvnw -q dependency:build-classpath -pl qmd4j-core -Dmdep.includeScope=test \
       -Dmdep.outputFile="$cpfile" >&2
deps="$(cat "$cpfile")"

# --- vault ----------------------------------------------------------------------------------
vault="$work/vault"
if [[ ! -d "$vault" ]]; then
  log "generating $files files (seed $seed) in $vault"
  java -cp "qmd4j-core/target/test-classes:qmd4j-core/target/classes:$deps" org.qmd4j.bench.VaultGenerator \
    "$vault" "$files" "$seed" >&2
fi
vault_bytes=$(find "$vault" -type f -printf '%s\n' | awk '{s+=$1} END {print s}')

# --- qmd4j ---------------------------------------------------------------------------------
# QMD4J_SEARCH_FALLBACK=1: measure the embedded engine even once qmd4j can drive qmd.
export QMD4J_CACHE_DIR="$work/qmd4j-cache"
if [[ -x ./qmd4j ]]; then
  qmd4j_cmd="./qmd4j"
else
  log "./qmd4j not found: qmd4j-cli/target/qmd4j-cli.jar"
  qmd4j_cmd="java -jar qmd4j-cli/target/qmd4j-cli.jar"
fi
inprocess_run="env QMD4J_NO_DAEMON=1 QMD4J_SEARCH_FALLBACK=1 QMD4J_CACHE_DIR='$QMD4J_CACHE_DIR' $qmd4j_cmd search --vault '$vault' --json -- '$query'"
log "warming qmd4j in-process (first run builds the index and, with ./qmd4j, the CDS archive)"
start=$(date +%s%N)
bash -c "$inprocess_run" > "$work/qmd4j-first.json"
log "  first run (index build): $(( ($(date +%s%N) - start) / 1000000 )) ms"
for _ in 1 2; do bash -c "$inprocess_run" > "$work/qmd4j-in-process.json"; done
# The default path: no flag, no QMD4J_NO_DAEMON, no CI (which would keep the daemon from
# starting); its first run starts the vault's daemon, stopped when this script ends.
qmd4j_run="env -u QMD4J_NO_DAEMON -u CI -u QMD4J_LOG QMD4J_SEARCH_FALLBACK=1 QMD4J_CACHE_DIR='$QMD4J_CACHE_DIR' $qmd4j_cmd search --vault '$vault' --json -- '$query'"
trap 'QMD4J_SEARCH_FALLBACK=1 $qmd4j_cmd daemon stop --vault "$vault" >&2 || true' EXIT
log "warming qmd4j's default path (its first run starts the vault's daemon)"
bash -c "$qmd4j_run" > "$work/qmd4j.json"
for _ in $(seq 120); do
  QMD4J_SEARCH_FALLBACK=1 $qmd4j_cmd daemon status --vault "$vault" >/dev/null 2>&1 && break
  sleep 0.5
done
QMD4J_SEARCH_FALLBACK=1 $qmd4j_cmd daemon status --vault "$vault" >&2 \
  || log "WARNING: no daemon serves the vault: the default path runs in-process"
for _ in 1 2; do bash -c "$qmd4j_run" > "$work/qmd4j.json"; done
cmp -s "$work/qmd4j.json" "$work/qmd4j-in-process.json" \
  || log "WARNING: the default path's output differs from the in-process one"
[[ "${INPROCESS:-1}" == 0 ]] && inprocess_run=""

# --- qmd -----------------------------------------------------------------------------------
qmd_home="$HOME/.cache/qmd4j-ci/qmd-2.8.3/bin"
if [[ -d "$qmd_home" ]]; then export PATH="$qmd_home:$PATH"; fi
qmd_run=""
if command -v qmd >/dev/null 2>&1; then
  export INDEX_PATH="$work/qmd/index.sqlite" QMD_CONFIG_DIR="$work/qmd/cfg"
  mkdir -p "$work/qmd"
  if [[ ! -f "$INDEX_PATH" ]]; then
    log "indexing with $(qmd --version 2>/dev/null | head -1)"
    start=$(date +%s%N)
    (cd "$work" && qmd collection add "$vault" --name bench --mask '**/*.md' && qmd update) \
      > "$work/qmd-index.log" 2>&1
    log "  qmd collection add + update: $(( ($(date +%s%N) - start) / 1000000 )) ms"
  fi
  qmd_run="env INDEX_PATH='$INDEX_PATH' QMD_CONFIG_DIR='$QMD_CONFIG_DIR' qmd search -c bench --json -n 20 -- '$query'"
  for _ in 1 2; do bash -c "$qmd_run" > "$work/qmd.json"; done
else
  log "qmd not on PATH: timing qmd4j alone"
fi

# qmd4j's --json is {"results": [...], "total": ...}; qmd's is the bare array.
count() { python3 -c 'import json,sys; d = json.load(open(sys.argv[1])); print(len(d["results"] if isinstance(d, dict) else d))' "$1" 2>/dev/null || echo "?"; }
log "results: qmd4j $(count "$work/qmd4j.json")${qmd_run:+, qmd $(count "$work/qmd.json")}"

# --- timing --------------------------------------------------------------------------------
echo "vault: $files files, $vault_bytes bytes, query '$query', $runs runs after $warmup warm-up runs"
if command -v hyperfine >/dev/null 2>&1 || apt-get install -y hyperfine >/dev/null 2>&1; then
  args=(--warmup "$warmup" --runs "$runs" --export-json "$work/hyperfine.json"
        --export-markdown "$work/hyperfine.md" -n qmd4j "$qmd4j_run")
  [[ -n "$inprocess_run" ]] && args+=(-n qmd4j-in-process "$inprocess_run")
  [[ -n "$qmd_run" ]] && args+=(-n qmd "$qmd_run")
  hyperfine "${args[@]}"
  python3 - "$work/hyperfine.json" <<'PY' || true
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
for name, x in r.items():
    print(f"{name}: mean {x['mean']*1000:.1f} ms, median {x['median']*1000:.1f} ms, "
          f"min {x['min']*1000:.1f} ms, max {x['max']*1000:.1f} ms")
if "qmd" in r:
    for mine in ("qmd4j", "qmd4j-in-process"):
        if mine in r:
            print(f"ratio {mine}/qmd: mean {r[mine]['mean']/r['qmd']['mean']:.2f}, "
                  f"median {r[mine]['median']/r['qmd']['median']:.2f}")
PY
else
  log "hyperfine unavailable: timing with a date +%s%N loop"
  loop() { # name command
    local t=() s e
    for _ in $(seq "$warmup"); do bash -c "$2" > /dev/null; done
    for _ in $(seq "$runs"); do
      s=$(date +%s%N); bash -c "$2" > /dev/null; e=$(date +%s%N); t+=($(( (e - s) / 1000 )))
    done
    printf '%s\n' "${t[@]}" | sort -n | awk -v n="$1" '{a[NR]=$1; s+=$1}
      END {printf "%s: mean %.1f ms, median %.1f ms, min %.1f ms, max %.1f ms\n", n, s/NR/1000,
           a[int((NR+1)/2)]/1000, a[1]/1000, a[NR]/1000}'
  }
  {
    loop qmd4j "$qmd4j_run"
    if [[ -n "$inprocess_run" ]]; then loop qmd4j-in-process "$inprocess_run"; fi
    if [[ -n "$qmd_run" ]]; then loop qmd "$qmd_run"; fi
  } | tee "$work/loop.txt"
  if [[ -n "$qmd_run" ]]; then
    awk '/^qmd4j:/ {a=$3} /^qmd4j-in-process:/ {d=$3} /^qmd:/ {b=$3} END {
      printf "ratio qmd4j/qmd (default path): mean %.2f\n", a/b
      if (d) printf "ratio qmd4j-in-process/qmd: mean %.2f\n", d/b }' "$work/loop.txt"
  fi
fi
echo "results in $work"

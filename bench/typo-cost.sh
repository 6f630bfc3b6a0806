#!/usr/bin/env bash
# What a misspelled word costs. Times `./qmd4j search` (one process per call) for a
# word and its misspelling with the embedded and the qmd engine, and `qmd search` for both,
# interleaved, on a generated vault. Prints the mean wall time of each and the ratios.
#
# Usage: bench/typo-cost.sh [files=2000] [seed=42]
# Environment: BENCH_DIR (vault, caches; default a new temporary folder), RUNS (default 10),
#   WORD (default facturation), TYPO (default facturaton). Needs ./mvnw package first.
set -euo pipefail
files="${1:-2000}"; seed="${2:-42}"; runs="${RUNS:-10}"
word="${WORD:-facturation}"; typo="${TYPO:-facturaton}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${BENCH_DIR:-$(mktemp -d -t qmd4j-typo-XXXXXX)}"
mkdir -p "$work"; cd "$root"
export LC_ALL=C.UTF-8
qmd_home="$HOME/.cache/qmd4j-ci/qmd-2.8.3/bin"; [[ -d "$qmd_home" ]] && export PATH="$qmd_home:$PATH"
vault="$work/vault"
if [[ ! -d "$vault" ]]; then
  ./mvnw -q -o dependency:build-classpath -pl qmd4j-core -Dmdep.includeScope=test \
    -Dmdep.outputFile="$work/cp.txt" >&2
  java -cp "qmd4j-core/target/test-classes:qmd4j-core/target/classes:$(cat "$work/cp.txt")" \
    org.qmd4j.bench.VaultGenerator "$vault" "$files" "$seed" >&2
fi
export INDEX_PATH="$work/qmd/index.sqlite" QMD_CONFIG_DIR="$work/qmd/cfg"
mkdir -p "$work/qmd"
if [[ ! -f "$INDEX_PATH" ]]; then
  (cd "$work" && qmd collection add "$vault" --name bench --mask '**/*.md' && qmd update) >/dev/null 2>&1
fi
q4="./qmd4j search --vault $vault --json --limit 10 --quiet"
declare -a names cmds
names+=("embedded $word");  cmds+=("env QMD4J_CACHE_DIR=$work/c1 $q4 --engine embedded -- $word")
names+=("embedded $typo");  cmds+=("env QMD4J_CACHE_DIR=$work/c1 $q4 --engine embedded -- $typo")
names+=("qmd4j-qmd $word"); cmds+=("env QMD4J_CACHE_DIR=$work/c2 $q4 --engine qmd -- $word")
names+=("qmd4j-qmd $typo"); cmds+=("env QMD4J_CACHE_DIR=$work/c2 $q4 --engine qmd -- $typo")
names+=("qmd $word");       cmds+=("qmd search -c bench --json -n 10 -- $word")
names+=("qmd $typo");       cmds+=("qmd search -c bench --json -n 10 -- $typo")
for c in "${cmds[@]}"; do bash -c "$c" >/dev/null 2>&1; bash -c "$c" >/dev/null 2>&1; done # warm
declare -A total
for ((r = 0; r < runs; r++)); do
  for i in "${!cmds[@]}"; do
    s=$(date +%s%N); bash -c "${cmds[$i]}" >/dev/null 2>&1; e=$(date +%s%N)
    total[$i]=$(( ${total[$i]:-0} + (e - s) / 1000 ))
  done
done
for i in "${!cmds[@]}"; do
  printf '%-28s %8.1f ms  (results: %s)\n' "${names[$i]}" "$(echo "${total[$i]} / $runs / 1000" | bc -l)" \
    "$(bash -c "${cmds[$i]}" 2>/dev/null | grep -o '"path"' | wc -l)"
done
printf 'ratio typo/word: embedded %.2f, qmd4j on qmd %.2f, qmd %.2f\n' \
  "$(echo "${total[1]} / ${total[0]}" | bc -l)" "$(echo "${total[3]} / ${total[2]}" | bc -l)" \
  "$(echo "${total[5]} / ${total[4]}" | bc -l)"

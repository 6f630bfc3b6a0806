#!/usr/bin/env bash
# Warm latency of the web interface's JSON API: starts `qmd4j serve` on the example vault
# (embedded engine, its own cache), waits for its address, sends WARMUP requests, then N more
# on one keep-alive connection (one curl process), and prints p50/p95/max of curl's
# time_total. Usage: bench/web-search.sh [N] [WARMUP] [PATH_AND_QUERY] [launcher...]
#   bench/web-search.sh 200 50 '/api/search?query=stripe'              # through ./qmd4j
#   bench/web-search.sh 200 50 '/api/search?query=stripe' java -jar qmd4j-cli/target/qmd4j-cli.jar
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-200}"; warmup="${2:-50}"; path="${3:-/api/search?query=stripe}"
shift $(( $# < 3 ? $# : 3 ))
launcher=("$@"); [[ ${#launcher[@]} -gt 0 ]] || launcher=(./qmd4j)
port="${QMD4J_BENCH_PORT:-7719}"
export QMD4J_CACHE_DIR="${QMD4J_CACHE_DIR:-$(mktemp -d)}"
err="$(mktemp)"
"${launcher[@]}" serve --vault testfixtures/vault --engine embedded --port "$port" 2>"$err" &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -f "$err"' EXIT
start=$(date +%s%N)
until grep -q 'serving' "$err"; do
  kill -0 "$pid" 2>/dev/null || { cat "$err" >&2; exit 1; }
  sleep 0.02
done
echo "address printed after $(( ($(date +%s%N) - start) / 1000000 )) ms"
url="http://127.0.0.1:$port$path"
curl -s -o /dev/null -w 'first request: %{http_code} in %{time_total} s\n' "$url"
args=(); for _ in $(seq 1 "$warmup"); do args+=(-o /dev/null "$url"); done
curl -s -w '' "${args[@]}"
args=(); for _ in $(seq 1 "$n"); do args+=(-o /dev/null "$url"); done
curl -s -w '%{time_total}\n' "${args[@]}" | sort -n | awk '{a[NR]=$1} END {
  printf "%d requests: p50 %.1f ms, p95 %.1f ms, max %.1f ms\n",
    NR, a[int(NR*0.50)]*1000, a[int(NR*0.95)]*1000, a[NR]*1000 }'

#!/usr/bin/env bash
# The cost of semantic deep search on the 2,000-file generated vault (seed 42).
#   1. first index with the model, one command-line process, empty cache: wall, user CPU,
#      files/s, max RSS, and what the model computed (tokens, padding, runs: the line the
#      model logs when it closes);
#   2. the same without a model (the baseline);
#   3. deep search through one long-lived `qmd4j mcp` holding the model: p50/p95 per call
#      over ROUNDS x 20 queries (after 2 rounds of warm-up), then the server's RSS.
# Run it on a quiet machine only. It takes about as long as the first index with the model
# (on 2 cores, 2026-11-25: about 4-5 minutes expected with vectors asked in batches, 8.5 without)
# plus about a minute.
#
# Usage: bench/semantic-index.sh [MODEL_DIR] [WORK]
#   MODEL_DIR  a model folder (default: the e5-small-v2 folder the qmd4j-semantic build unpacks;
#              `./mvnw -B -q -pl qmd4j-semantic -am test-compile` makes it)
#   WORK       a work folder (default: a new temporary one); its vault is reused if present
# Environment: ROUNDS (default 5), FILES (default 2000).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
model="$(cd "${1:-qmd4j-semantic/target/models/e5-small-v2}" && pwd)"
work="${2:-$(mktemp -d -t qmd4j-semantic-XXXXXX)}"
files="${FILES:-2000}"
rounds="${ROUNDS:-5}"
mkdir -p "$work"
if [[ "$(locale charmap 2>/dev/null || true)" != "UTF-8" ]]; then export LC_ALL=C.UTF-8; fi
log() { printf '== %s  (load %s)\n' "$*" "$(cut -d' ' -f1-3 /proc/loadavg)" >&2; }
[[ -f "$model/model.onnx" ]] || { echo "no model.onnx in $model" >&2; exit 1; }

vault="$work/vault"
if [[ ! -d "$vault" ]]; then
  log "generating $files files (seed 42) in $vault"
  ./mvnw -q -o test-compile -pl qmd4j-core -am >&2
  ./mvnw -q -o dependency:build-classpath -pl qmd4j-core -Dmdep.includeScope=test \
    -Dmdep.outputFile="$work/classpath.txt" >&2
  java -cp "qmd4j-core/target/test-classes:qmd4j-core/target/classes:$(cat "$work/classpath.txt")" \
    org.qmd4j.bench.VaultGenerator "$vault" "$files" 42 >&2
fi
./qmd4j --version > /dev/null # builds the command line if needed, outside the timings

first() { # $1: label, rest: extra options
  local label="$1"; shift
  local cache="$work/cache-$label"
  rm -rf "$cache"
  log "first index, $label"
  /usr/bin/time -f "$label: %e s wall, %U s user, %S s sys, max RSS %M KB" \
    env QMD4J_NO_DAEMON=1 QMD4J_SEARCH_FALLBACK=1 QMD4J_LOG=debug QMD4J_CACHE_DIR="$cache" \
    ./qmd4j search --engine embedded --mode deep --json --vault "$vault" "$@" -- décision \
    > /dev/null 2> "$work/first-$label.log"
  tail -1 "$work/first-$label.log"
  wall="$(tail -1 "$work/first-$label.log" | sed -E 's/^[^:]*: ([0-9.]+) s wall.*/\1/')"
  awk -v f="$files" -v w="$wall" 'BEGIN { printf "  %.1f files/s\n", f / w }'
  # The model's counts after its last call (it logs them at debug level after each call).
  grep -h "has embedded [0-9]* calls" "$work/first-$label.log" | tail -1 | sed 's/^.*has /  model: /' \
    || true
  du -sh "$cache" | sed 's/^/  index: /'
}
first with-model --model "$model"
first without-model

log "deep search through qmd4j mcp holding the model ($rounds rounds of 20 queries)"
QMD4J_MODEL="$model" QMD4J_CACHE_DIR="$work/cache-with-model" ROUNDS="$rounds" \
  python3 - "$vault" <<'PY'
import os, statistics, sys, time
sys.path.insert(0, "bench")
from mcp_stdio import Qmd4jMcp
QUERIES = ["décision", "blocage paiement", "budget", "livraison", "serveur", "recrutement",
           "facture", "migration", "client", "réunion", "retard de paiement du client",
           "contrat", "banque prêt", "comité", "trésorerie", "fournisseur", "projet",
           "prototype", "audit", "comment réduire les coûts"]
client = Qmd4jMcp(sys.argv[1])
client.initialize()
def search(q):
    t = time.perf_counter()
    r = client.call("tools/call", {"name": "search", "arguments": {"query": q, "mode": "deep"}})
    if r.get("isError"):
        raise SystemExit(f"tool error: {r}")
    return (time.perf_counter() - t) * 1000
for _ in range(2):
    for q in QUERIES: search(q)
ms = sorted(search(q) for _ in range(int(os.environ["ROUNDS"])) for q in QUERIES)
p95 = ms[min(len(ms) - 1, int(round(0.95 * len(ms))) - 1)]
print(f"deep via mcp, with the model: {len(ms)} calls, p50 {statistics.median(ms):.1f} ms,"
      f" p95 {p95:.1f} ms")
with open(f"/proc/{client.server.pid}/status") as f:
    rss = [l.split()[1] for l in f if l.startswith("VmRSS")][0]
print(f"server RSS after the searches: {int(rss) // 1024} MB")
client.close(10)
PY

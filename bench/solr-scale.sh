#!/usr/bin/env bash
# Solr scale figures: the first index of a generated vault by the embedded engine (on disk)
# and into the tests' in-JVM 2-node SolrCloud (2 shards x 2 replicas), then warm search
# p50/p95 of the same eight queries (fast and deep, a tag, a typo, scoped, the wildcard) on
# each, in one JVM (no CLI start, no daemon): with a stat walk of the vault before each search
# (a one-shot command's freshness), then watched (a long-lived process's). Prints two lines per
# engine. Quiet machine only.
#
# Usage: bench/solr-scale.sh [VAULT] [FILES=100000] [SEED=42] [RUNS=20]
#   VAULT  a folder; generated (VaultGenerator FILES SEED) when it does not exist
#          (default: a new temporary folder)
# Environment:
#   JAVA_OPTS   JVM options (default -Xmx6g: both Solr nodes and the embedded index share it)
#   SKIP_BUILD  1 = reuse the class path of the last run (in $BENCH_DIR)
#   BENCH_DIR   work folder for the class path (default: a new temporary folder)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${BENCH_DIR:-$(mktemp -d -t qmd4j-solr-scale-XXXXXX)}"
vault="${1:-$work/vault}"
files="${2:-100000}"
seed="${3:-42}"
runs="${4:-20}"
mkdir -p "$work"
cd "$root"
if [[ "$(locale charmap 2>/dev/null || true)" != "UTF-8" ]]; then export LC_ALL=C.UTF-8; fi

cpfile="$work/classpath.txt"
if [[ "${SKIP_BUILD:-0}" != 1 || ! -s "$cpfile" ]]; then
  echo "== compiling qmd4j-solr and what it needs (test classes), writing its class path" >&2
  # One reactor build: core, testkit and solr come from their target folders, not ~/.m2.
  ./mvnw -B -q -o -pl qmd4j-solr -am test-compile dependency:build-classpath \
    -Dmdep.includeScope=test -Dmdep.outputFile="$cpfile" >&2
fi
cp="qmd4j-solr/target/test-classes:qmd4j-solr/target/classes:$(cat "$cpfile")"
printf '== load %s: %s\n' "$(date -u +%H:%M:%SZ)" "$(cut -d' ' -f1-3 /proc/loadavg)"
# shellcheck disable=SC2086
java ${JAVA_OPTS:--Xmx6g} -Dsolr.log.dir="$work/solr-logs" -cp "$cp" \
  org.qmd4j.solr.SolrScaleBench "$vault" "$files" "$seed" "$runs"

#!/usr/bin/env bash
# The first index of a vault by one qmd4j jar, profiled: `search --json -- décision` into an
# empty cache, under JFR (settings=profile) and /usr/bin/time, then the index's size and the
# share of the execution samples in term vectors and in Lucene's inversion. Run it for two
# jars (before/after) on a quiet machine; the load is printed before and after.
# Usage: bench/first-index-jfr.sh JAR VAULT OUT
#   JAR  a qmd4j-cli.jar (e.g. qmd4j-cli/target/qmd4j-cli.jar, copied per build)
#   OUT  a new folder: OUT/cache (the index), OUT/first.jfr, OUT/time.txt
set -euo pipefail
jar="$1"; vault="$2"; out="$3"
rm -rf "$out/cache"; mkdir -p "$out"
if [[ "$(locale charmap 2>/dev/null || true)" != "UTF-8" ]]; then export LC_ALL=C.UTF-8; fi
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" | tee "$out/time.txt"
env QMD4J_NO_DAEMON=1 QMD4J_CACHE_DIR="$out/cache" \
  /usr/bin/time -f "%e s wall, %U s user, %S s sys, max RSS %M KB" -a -o "$out/time.txt" \
  java -XX:+UseSerialGC -XX:StartFlightRecording=settings=profile,filename="$out/first.jfr" \
  -Xlog:disable -jar "$jar" search --vault "$vault" --json -- décision > "$out/search.json" \
  2> "$out/stderr.txt"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/time.txt"
echo "index bytes: $(du -sb "$out/cache" | cut -f1)" >> "$out/time.txt"
cat "$out/time.txt"
"$(dirname "$0")/jfr-share.py" "$out/first.jfr" TermVectors IndexingChain.processDocument \
  FreqProxTermsWriter org.qmd4j.vault

#!/usr/bin/env bash
# Makes the class-data archive that the CLI's integration tests start the packaged jar with,
# as the ./qmd4j launcher makes its own (a static CDS archive from one training run's class
# list): each of the hundred-odd starts of the jar then loads its classes from the archive
# instead of reading and verifying them from the jar. Run by Maven before the integration
# tests (pre-integration-test). No archive (the dump failed) leaves the tests starting the jar
# without one.
#   it-archive.sh JAVA JAR VAULT ARCHIVE (no ARCHIVE: none is made)
set -euo pipefail
java="$1" jar="$2" vault="$3" archive="${4:-}"
if [[ -z "$archive" ]]; then
  echo "it-archive: no archive asked for; the integration tests start the jar without one"
  exit 0
fi
rm -f "$archive"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# A command that reads the index with picocli, Lucene and the printers, in-process, in a
# throw-away cache (its output discarded).
QMD4J_CACHE_DIR="$scratch/cache" QMD4J_SEARCH_FALLBACK=1 QMD4J_NO_DAEMON=1 QMD4J_LOG= \
    "$java" -Xshare:off "-XX:DumpLoadedClassList=$scratch/classes.lst" -XX:+UseSerialGC \
    -Xlog:disable -jar "$jar" find --vault "$vault" --query facture --json \
    >/dev/null 2>&1 || true
"$java" -Xshare:dump "-XX:SharedClassListFile=$scratch/classes.lst" \
    "-XX:SharedArchiveFile=$archive" -cp "$jar" >/dev/null 2>&1 || rm -f "$archive"
if [[ -f "$archive" ]]; then
  echo "it-archive: $archive ($(wc -l < "$scratch/classes.lst") classes listed)"
else
  echo "it-archive: no archive made; the integration tests start the jar without one"
fi

#!/usr/bin/env bash
# Counts the classes `./qmd4j search` loads on the daemon client's path (a search relayed to
# the vault's daemon) and in-process (QMD4J_NO_DAEMON=1), and how many of them did not come
# from the launcher's start-up archive. Counts, not timings: safe on a loaded machine.
#
# Usage: bench/client-classes.sh [vault=testfixtures/vault] [query=décision]
# Environment: JAVA_HOME picks the JDK, as for ./qmd4j (17: static CDS archive; 25+: AOT cache).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
vault="${1:-$root/testfixtures/vault}"
query="${2:-décision}"
work="$(mktemp -d -t qmd4j-classes-XXXXXX)"
export QMD4J_CACHE_DIR="$work/cache" QMD4J_SEARCH_FALLBACK=1
unset QMD4J_NO_DAEMON QMD4J_LOG CI
cd "$root"
./qmd4j daemon start --vault "$vault" --idle-timeout 5m >&2
trap './qmd4j daemon stop --vault "$vault" >&2 || true; rm -rf "$work"' EXIT
./qmd4j search --vault "$vault" --json -- "$query" > /dev/null # the daemon's index, built
# The launcher's java command for a search (its -Xlog:disable would drop a log asked for
# through JAVA_TOOL_OPTIONS), with the class-load log after it.
if [[ -n "${JAVA_HOME:-}" ]]; then java="$JAVA_HOME/bin/java"; else java="$(command -v java)"; fi
feature="$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' \
  "$(dirname "$(dirname "$(readlink -f "$java")")")/release")"
opts=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xlog:disable -Xlog:all=error:stderr)
if (( feature >= 22 )); then opts+=(--enable-native-access=ALL-UNNAMED); fi
if (( feature >= 25 )); then opts+=("-XX:AOTCache=qmd4j-cli/target/qmd4j-cli-jdk$feature.aot")
else opts+=("-XX:SharedArchiveFile=qmd4j-cli/target/qmd4j-cli-jdk$feature.jsa"); fi
count() { # name, then the environment of the run
  local name="$1" log="$work/$1.log"
  shift
  env "$@" "$java" "${opts[@]}" "-Xlog:class+load:file=$log" -jar qmd4j-cli/target/qmd4j-cli.jar \
    search --vault "$vault" --json -- "$query" > /dev/null 2> "$work/err.txt"
  printf '%-11s %4d classes loaded, %4d not from the start-up archive\n' "$name" \
    "$(grep -c 'class,load' "$log")" "$(grep 'class,load' "$log" | grep -vc 'shared objects file')"
}
count relayed QMD4J_NO_DAEMON=
count in-process QMD4J_NO_DAEMON=1
echo "classes not from the archive on the relayed path:"
grep 'class,load' "$work/relayed.log" | grep -v 'shared objects file' | sed 's/.*\] //' | sed 's/^/  /'

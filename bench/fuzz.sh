#!/usr/bin/env bash
# Coverage-guided fuzzing of every parser of untrusted input with Jazzer: each
# @FuzzTest runs in fuzzing mode (JAZZER_FUZZ=1) for the given time, one after the other.
# `./mvnw verify` only replays the regression corpora (src/test/resources/.../*Inputs/).
#
# Usage: bench/fuzz.sh [time per target, Jazzer's syntax: 30s, 10m, 1h] [target filter]
#   bench/fuzz.sh 10m                 # every target, 10 minutes each (about 1h40)
#   bench/fuzz.sh 2m Condition        # the targets whose class name holds "Condition"
# Environment: MVN (default ./mvnw; /work/coord/bin/build on the shared machine).
# Prints one line per target: executions, coverage (libFuzzer's cov = edges, ft = features),
# corpus size, findings. A finding is a crash-* file written beside the target's regression
# corpus: reproduce it with ./mvnw test -Dtest=CLASS, fix, keep the file (renamed) there.
# The growing corpus is kept in MODULE/.cifuzz-corpus/ (ignored by git).
set -uo pipefail
duration="${1:-1m}"
filter="${2:-}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mvn="${MVN:-$root/mvnw}"
cd "$root"
targets=(
  "qmd4j-core org.qmd4j.vault.VaultFuzzTest#chunksHoldTheirLinesWhateverTheBytes"
  "qmd4j-core org.qmd4j.vault.VaultFuzzTest#frontmatterIsReadOrMalformedWhateverTheBytes"
  "qmd4j-core org.qmd4j.search.InputFuzzTest#datesParseOrAreRefusedWithAMessage"
  "qmd4j-core org.qmd4j.search.InputFuzzTest#requestsParseOrAreRefusedWithAMessage"
  "qmd4j-core org.qmd4j.find.ConditionFuzzTest#conditionsParseOrAreRefusedWithAMessage"
  "qmd4j-core org.qmd4j.concat.ConcatItemFuzzTest#specsAreReadOrRefusedWithAMessage"
  "qmd4j-core org.qmd4j.qmd.QmdJsonFuzzTest#qmdOutputIsReadOrRefusedWithAMessage"
  "qmd4j-mcp org.qmd4j.mcp.ToolArgumentsFuzzTest#everyToolAnswersOrSaysWhyWhateverTheArguments"
  "qmd4j-web org.qmd4j.web.QueryParametersFuzzTest#everyQueryStringIsAnsweredOrRefusedWithAMessage"
  "qmd4j-web org.qmd4j.web.McpBodyFuzzTest#everyMcpBodyIsAnsweredOrRefusedAsJsonRpc"
)
logs="$root/target/fuzz"
mkdir -p "$logs"
printf '%-62s %12s %6s %6s %8s %s\n' target executions cov ft corpus findings
status=0
for t in "${targets[@]}"; do
  module="${t%% *}"
  test="${t#* }"
  [[ -n "$filter" && "$test" != *"$filter"* ]] && continue
  log="$logs/${test##*.}.log"
  before=$(find "$module/src/test/resources" -name 'crash-*' 2>/dev/null | wc -l)
  JAZZER_FUZZ=1 "$mvn" -o -B -q -pl "$module" -am test -Dtest="$test" \
    -Dsurefire.failIfNoSpecifiedTests=false -Djazzer.max_duration="$duration" >"$log" 2>&1 \
    || status=1
  after=$(find "$module/src/test/resources" -name 'crash-*' 2>/dev/null | wc -l)
  last=$(grep -a -E '^#[0-9]+' "$log" | tail -1)
  execs=$(sed -E 's/^#([0-9]+).*/\1/' <<<"$last")
  cov=$(grep -o -E 'cov: [0-9]+' <<<"$last" | cut -d' ' -f2)
  ft=$(grep -o -E 'ft: [0-9]+' <<<"$last" | cut -d' ' -f2)
  corp=$(grep -o -E 'corp: [0-9]+' <<<"$last" | cut -d' ' -f2)
  printf '%-62s %12s %6s %6s %8s %s\n' "${test##*.}" "${execs:-?}" "${cov:-?}" "${ft:-?}" \
    "${corp:-?}" "$((after - before))"
done
exit $status

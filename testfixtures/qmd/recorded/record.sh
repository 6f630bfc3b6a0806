#!/bin/sh
# Re-records the qmd outputs that the unit tests replay (see README.md beside this script).
# Needs qmd 2.x on PATH. Runs in a private, throw-away qmd index: never the user's own.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
vault=$(cd "$here/../../vault" && pwd -P)
state=$(mktemp -d)
trap 'rm -rf "$state"' EXIT
export INDEX_PATH="$state/index.sqlite" QMD_CONFIG_DIR="$state/config"
export XDG_CACHE_HOME="$state/cache" XDG_CONFIG_HOME="$state/xdgconfig" NO_COLOR=1
cd "$state"
# QmdEngine.MASK
mask='changelog.md,tasks.md,bucket/**/*.md,projects/*/changelog.md,projects/*/tasks.md,projects/*/state.md,projects/*/description.md,projects/*/bucket/**/*.md'

qmd --version > "$here/version.txt"
qmd collection add "$vault" --name qmd4j --mask "$mask" > "$here/collection-add.txt"
qmd collection show qmd4j > "$here/collection-show.txt"
qmd collection list > "$here/collection-list.txt"
qmd update > "$here/update.txt"
if qmd collection show nope > /dev/null 2> "$here/collection-show-missing.stderr.txt"; then
  echo "record: 'collection show nope' unexpectedly succeeded" >&2; exit 1
fi

# query <TAB> file, replayed by RecordedQmd (src/test/java/org/qmd4j/qmd).
: > "$here/searches.tsv"
while IFS='	' read -r slug query; do
  timeout 20 qmd search -c qmd4j --json -n 20 -- "$query" > "$here/search-$slug.json"
  printf '%s\t%s\n' "$query" "search-$slug.json" >> "$here/searches.tsv"
done <<'QUERIES'
decision-accent	décision
decision	decision
tag-decision	[décision]
bloque	bloqué
status-bloque	status bloqué
factures-impayees	factures impayées
webhook	webhook
date-2025-07-14	2025-07-14
api	api
zanzibar	zanzibar
openapi	openapi
QUERIES
printf 'vault\t%s\n' "$vault" > "$here/recorded-vault.txt"

#!/usr/bin/env bash
# A second, independent MCP client: the official MCP Inspector (npm @modelcontextprotocol/
# inspector) in CLI mode lists the tools of the built server, calls `search` (which must
# answer structuredContent, MCP 2025-06-18), lists the notes as resources and reads one.
# Fails (exit 1) when the install, a listing or a call fails or answers something unexpected.
#
# Usage: .ci/mcp-inspector-check.sh JAR VAULT [PREFIX]   (needs Node >= 22.19 first on PATH)
set -euo pipefail

JAR="$1"
VAULT="$2"
PREFIX="${3:-$HOME/.cache/qmd4j-ci/mcp-inspector-2.12.0}"
die() { echo "mcp-inspector-check: ERROR: $*" >&2; exit 1; }

if [[ ! -x "$PREFIX/node_modules/.bin/mcp-inspector" ]]; then
  mkdir -p "$PREFIX"
  npm install --prefix "$PREFIX" --no-audit --no-fund --loglevel=error \
      @modelcontextprotocol/inspector@2.12.0 >&2 || die "npm install of the inspector failed"
fi
inspector="$PREFIX/node_modules/.bin/mcp-inspector"
server=(java -jar "$JAR" mcp --engine embedded --vault "$VAULT")

echo "mcp-inspector-check: tools/list" >&2
tools="$(timeout 120 "$inspector" --cli "${server[@]}" --method tools/list)" \
    || die "tools/list failed: $tools"
for tool in search find_notes read tree concat brief; do
  grep -q "\"name\": *\"$tool\"" <<<"$tools" || die "tool '$tool' missing from tools/list: $tools"
done

echo "mcp-inspector-check: tools/call search" >&2
answer="$(timeout 120 "$inspector" --cli "${server[@]}" --method tools/call \
    --tool-name search --tool-arg query=webhook --tool-arg limit=1)" \
    || die "tools/call search failed: $answer"
grep -q 'projects/startup-x/changelog.md' <<<"$answer" \
    || die "search did not find the webhook entry: $answer"
if grep -q '"isError": *true' <<<"$answer"; then die "search answered an error: $answer"; fi
grep -q '"structuredContent"' <<<"$answer" \
    || die "search answered no structuredContent: $answer"
grep -q '"outputSchema"' <<<"$tools" || die "tools/list declares no outputSchema: $tools"

echo "mcp-inspector-check: resources/list" >&2
resources="$(timeout 120 "$inspector" --cli "${server[@]}" --method resources/list)" \
    || die "resources/list failed: $resources"
uri='qmd4j://vault/projects/startup-x/state.md'
grep -q "\"$uri\"" <<<"$resources" || die "$uri missing from resources/list: $resources"

echo "mcp-inspector-check: resources/read" >&2
note="$(timeout 120 "$inspector" --cli "${server[@]}" --method resources/read --uri "$uri")" \
    || die "resources/read failed: $note"
grep -q 'text/markdown' <<<"$note" || die "resources/read gave no markdown: $note"
grep -q 'status: actif' <<<"$note" || die "resources/read did not give the note: $note"

echo "mcp-inspector-check: OK (tools listed, search answered structured content, notes" \
    "listed and read as resources)"

#!/usr/bin/env bash
# A second, independent MCP client: the official MCP Inspector (npm @modelcontextprotocol/
# inspector) in CLI mode lists the tools of the built server and calls `search`. Fails (exit 1)
# when the install, the listing or the call fails or answers something unexpected.
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

echo "mcp-inspector-check: OK (tools listed, search answered)"

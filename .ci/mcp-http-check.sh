#!/usr/bin/env bash
# MCP over Streamable HTTP, checked by a second, independent client: starts `qmd4j serve` on
# a free port, then the official MCP Inspector (npm @modelcontextprotocol/inspector) in CLI
# mode lists the tools at http://127.0.0.1:PORT/mcp and calls `search`. Fails (exit 1) when
# the server does not start, or the listing or the call fails or answers something unexpected.
#
# Usage: .ci/mcp-http-check.sh JAR VAULT [PREFIX]   (needs Node >= 22.19 first on PATH;
# installs the inspector in PREFIX as .ci/mcp-inspector-check.sh does)
set -euo pipefail

JAR="$1"
VAULT="$2"
PREFIX="${3:-$HOME/.cache/qmd4j-ci/mcp-inspector-2.12.0}"
die() { echo "mcp-http-check: ERROR: $*" >&2; exit 1; }

if [[ ! -x "$PREFIX/node_modules/.bin/mcp-inspector" ]]; then
  mkdir -p "$PREFIX"
  npm install --prefix "$PREFIX" --no-audit --no-fund --loglevel=error \
      @modelcontextprotocol/inspector@2.12.0 >&2 || die "npm install of the inspector failed"
fi
inspector="$PREFIX/node_modules/.bin/mcp-inspector"

err="$(mktemp)"
cache="$(mktemp -d)"
QMD4J_CACHE_DIR="$cache" java -jar "$JAR" serve --engine embedded --vault "$VAULT" --port 0 \
    2>"$err" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$err" "$cache"' EXIT
for _ in $(seq 1 600); do
  grep -q 'serving' "$err" && break
  kill -0 "$pid" 2>/dev/null || die "qmd4j serve exited: $(cat "$err")"
  sleep 0.1
done
base="$(grep -o 'http://127.0.0.1:[0-9]*/' "$err" | head -1)" \
    || die "no address from qmd4j serve: $(cat "$err")"
url="${base}mcp"

echo "mcp-http-check: tools/list at $url" >&2
tools="$(timeout 120 "$inspector" --cli "$url" --transport http --method tools/list)" \
    || die "tools/list failed: $tools"
for tool in search find_notes read tree concat brief; do
  grep -q "\"name\": *\"$tool\"" <<<"$tools" || die "tool '$tool' missing from tools/list: $tools"
done

echo "mcp-http-check: tools/call search" >&2
answer="$(timeout 120 "$inspector" --cli "$url" --transport http --method tools/call \
    --tool-name search --tool-arg query=webhook --tool-arg limit=1)" \
    || die "tools/call search failed: $answer"
grep -q 'projects/startup-x/changelog.md' <<<"$answer" \
    || die "search did not find the webhook entry: $answer"
if grep -q '"isError": *true' <<<"$answer"; then die "search answered an error: $answer"; fi

echo "mcp-http-check: OK (tools listed and search answered over Streamable HTTP)"

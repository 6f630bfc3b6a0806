#!/usr/bin/env bash
# The distribution archive on a machine with a JDK and nothing else: unpacks the zip into an
# empty folder and runs bin/qmd4j with a PATH holding the JDK's bin folder and the few system
# tools the script uses (no Maven, no source tree, an empty HOME), through PATH and through
# JAVA_HOME. Checks that a search finds its note, that the first run leaves a start-up archive
# in the cache folder and later runs use it, that a running daemon answers the script with no
# java reachable, and that a too-old Java gets a plain message.
#
# Usage: .ci/dist-check.sh ZIP VAULT WORD EXPECTED_PATH
set -euo pipefail

ZIP="$1"
VAULT="$2"
WORD="$3"
EXPECTED="$4"
die() { echo "dist-check: ERROR: $*" >&2; exit 1; }

[[ -f "$ZIP" ]] || die "no archive at $ZIP (./mvnw -Pfull package makes it)"
if ! command -v unzip >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq unzip >&2 \
    || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq unzip >&2; }
fi
java_bin="$(dirname "$(readlink -f "$(command -v java)")")"
java_home="$(dirname "$java_bin")"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/unpacked" "$work/home" "$work/tools"
unzip -q "$ZIP" -d "$work/unpacked"
dist="$(echo "$work"/unpacked/qmd4j-*)"
[[ -x "$dist/bin/qmd4j" ]] || die "the archive has no executable qmd4j-*/bin/qmd4j"
[[ -f "$dist/bin/qmd4j.bat" ]] || die "the archive has no bin/qmd4j.bat"
for f in README.md LICENSE THIRD-PARTY.txt; do
  [[ -f "$dist/$f" ]] || die "the archive has no $f"
done
compgen -G "$dist/lib/qmd4j-cli-*.jar" >/dev/null || die "the archive has no lib/qmd4j-cli-*.jar"
# The vault is data, copied in: nothing of the source tree is reachable from the run.
cp -r "$VAULT" "$work/vault"

# The system tools bin/qmd4j calls, and nothing else (/usr/bin holds mvn on CI machines).
for tool in bash env dirname basename readlink sed head cut cksum find mkdir mktemp mv rm \
    printf locale cat; do
  path="$(command -v "$tool" || true)"
  [[ "$path" == /* ]] && ln -s "$path" "$work/tools/$tool"
done

run() { # ENV... -- ARGS...: bin/qmd4j with only the given environment
  local env=(HOME="$work/home")
  while [[ "$1" != -- ]]; do env+=("$1"); shift; done
  shift
  (cd "$work" && env -i "${env[@]}" "$dist/bin/qmd4j" "$@")
}

# Through PATH: the first run prepares the start-up archive, then searches.
env -i PATH="$work/tools:$java_bin" bash -c 'command -v mvn' >/dev/null \
  && die "mvn is reachable on the check's PATH"
out="$(run PATH="$work/tools:$java_bin" -- search --vault "$work/vault" -- "$WORD" 2>"$work/err")" \
  || { cat "$work/err" >&2; die "bin/qmd4j search failed (java on PATH)"; }
grep -qF "$EXPECTED" <<<"$out" \
  || { echo "$out"; cat "$work/err" >&2; die "search for '$WORD' did not find $EXPECTED"; }
grep -q 'preparing a start-up archive' "$work/err" \
  || { cat "$work/err" >&2; die "the first run did not prepare a start-up archive"; }
compgen -G "$work/home/.cache/qmd4j/startup/qmd4j-*" >/dev/null \
  || die "no start-up archive in the cache folder after the first run"

# Through JAVA_HOME, java not on PATH: the archive is there, no preparing again.
out="$(run PATH="$work/tools" JAVA_HOME="$java_home" -- \
    search --json --vault "$work/vault" -- "$WORD" 2>"$work/err")" \
  || { cat "$work/err" >&2; die "bin/qmd4j search failed (JAVA_HOME)"; }
grep -qF "\"$EXPECTED\"" <<<"$out" || { echo "$out"; die "the --json search did not find $EXPECTED"; }
if grep -q 'preparing a start-up archive' "$work/err"; then
  die "the second run prepared the start-up archive again"
fi
# A daemon serving the vault answers through the script alone: no java reachable at all.
run PATH="$work/tools:$java_bin" -- daemon start --vault "$work/vault" >/dev/null 2>&1 || true
run PATH="$work/tools:$java_bin" -- daemon status --vault "$work/vault" >/dev/null 2>&1 \
  || die "no daemon serves the vault after daemon start"
out="$(run PATH="$work/tools" -- search --vault "$work/vault" -- "$WORD" 2>"$work/err")" \
  || { cat "$work/err" >&2; die "bin/qmd4j search failed with a daemon and no java"; }
grep -qF "$EXPECTED" <<<"$out" \
  || { echo "$out"; die "the search relayed to the daemon did not find $EXPECTED"; }
run PATH="$work/tools:$java_bin" -- daemon stop --vault "$work/vault" >/dev/null 2>&1 \
  || die "daemon stop failed"
version="$(run PATH="$work/tools:$java_bin" -- -V 2>&1)" || die "bin/qmd4j -V failed: $version"
grep -q '^qmd4j [0-9]' <<<"$version" || die "bin/qmd4j -V printed no version: $version"

# No Java at all, and a Java that is too old: a message saying what is needed.
if msg="$(run PATH="$work/tools" -- search -- "$WORD" 2>&1)"; then die "ran without any java"; fi
grep -q 'JDK 17 or newer' <<<"$msg" || die "no plain message without java: $msg"
mkdir -p "$work/old-jdk/bin"
printf '#!/bin/sh\necho never run >&2\nexit 3\n' >"$work/old-jdk/bin/java"
chmod +x "$work/old-jdk/bin/java"
printf 'JAVA_VERSION="11.0.25"\n' >"$work/old-jdk/release"
if msg="$(run PATH="$work/tools" JAVA_HOME="$work/old-jdk" -- search -- "$WORD" 2>&1)"; then
  die "ran with Java 11"
fi
grep -q 'is Java 11.0.25; qmd4j needs Java 17 or newer' <<<"$msg" \
  || die "no plain message for Java 11: $msg"

echo "dist-check: $(basename "$ZIP") unpacked and run with a JDK alone: search, start-up archive," \
  "JAVA_HOME, a search through the daemon without java, -V and the Java version messages all" \
  "as expected"

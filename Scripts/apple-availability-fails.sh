#!/usr/bin/env bash
# Proves that Scripts/apple-availability.sh fails, and says why, when it cannot see
# availability: with no index store, and on a toolchain that writes no symbol graphs. (That it
# fails on an API newer than the minimums, its canary proves on every run.)
set -euo pipefail
cd "$(dirname "$0")/.."
tools=${APPLE_TYPECHECK:-$(pwd)/../shared/tools/apple-typecheck}
if [ ! -f "$tools/all_platforms.sh" ]; then
  echo "skipped: the Apple-platform availability check needs $tools (not found)"
  exit 0
fi

# Runs the command after the name and the message, which must fail and print the message.
expect_failure() {
  local name=$1 message=$2 output
  shift 2
  if output=$("$@" 2>&1); then
    echo "$output"
    echo "error: the availability check passed $name" >&2
    exit 1
  fi
  if ! grep -qF -- "$message" <<<"$output"; then
    echo "$output"
    echo "error: the availability check failed $name without saying: $message" >&2
    exit 1
  fi
  echo "fails $name: $message"
}

expect_failure "with no index store" "error: no index store at /nonexistent" \
  env INDEX_STORE=/nonexistent Scripts/apple-availability.sh
fake=$(mktemp -d)
trap 'rm -rf "$fake"' EXIT
printf '#!/bin/sh\nexit 1\n' >"$fake/swift-symbolgraph-extract"
chmod +x "$fake/swift-symbolgraph-extract"
expect_failure "with no symbol graphs" "(no symbol graphs for this toolchain?)" \
  env PATH="$fake:$PATH" Scripts/apple-availability.sh

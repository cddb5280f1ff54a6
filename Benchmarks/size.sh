#!/usr/bin/env bash
# The machine code DeepLinking adds to an app: `Size/WithDeepLinking` (a six-case
# `DeepLinkCodable` enum decoded and printed, six patterns routed through a `DeepLinkRouter`)
# and `Size/WithFoundation` (the same program with Foundation alone), built in release and
# stripped; the row is the difference of their text sizes (`size`'s text: code, read-only
# data, unwind tables), with the target. Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")"
target_kb=700
swift build -c release --product WithDeepLinking >/dev/null
swift build -c release --product WithFoundation >/dev/null
bin=$(swift build -c release --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
text() {
  cp "$bin/$1" "$work/$1"
  strip "$work/$1"
  size "$work/$1" | awk 'NR == 2 { print $1 }'
}
with=$(text WithDeepLinking)
without=$(text WithFoundation)
added=$(((with - without) / 1024))
verdict=$([ "$added" -le "$target_kb" ] && echo "ok" || echo "EXCEEDED")
printf 'machine code added to an app: %d KB (%d - %d bytes of text); target <= %d KB: %s\n' \
  "$added" "$with" "$without" "$target_kb" "$verdict"

#!/usr/bin/env bash
# Fuzzes the package with libFuzzer and AddressSanitizer, one target after the other:
# - match (Fuzz/FuzzMatch.swift): the input is a URL, read, matched, routed and decoded by link
#   enums of every shape, then printed back;
# - print (Fuzz/FuzzPrint.swift): the input is a recipe for a link's values, printed and then
#   decoded back.
# Each target first replays its regression corpus, Fuzz/corpus/<target>/ (the seeds and every
# past finding), then fuzzes from it. A finding prints its input and stops the run at once
# (exit 1); fix the bug, then add the input to the corpus.
#
# Usage: Fuzz/run.sh [seconds per target]   (default 60; 0 replays the corpora only)
# Environment: FUZZ_SANITIZERS (default fuzzer,address), FUZZ_ARGS (more libFuzzer flags).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d /opt/swift/usr/bin ]; then export PATH="/opt/swift/usr/bin:$PATH"; fi
# A crash then prints and exits; Swift's backtracer can otherwise hang under AddressSanitizer.
export SWIFT_BACKTRACE=enable=no
seconds=${1:-60}
out=.build/fuzz
mkdir -p "$out"
sources=$(find Sources/DeepLinking -name '*.swift')
for target in match print; do
  file=Fuzz/Fuzz$(tr '[:lower:]' '[:upper:]' <<<"${target:0:1}")${target:1}.swift
  binary="$out/fuzz-$target"
  printf '== building the %s target\n' "$target"
  # shellcheck disable=SC2086
  swiftc -O -sanitize="${FUZZ_SANITIZERS:-fuzzer,address}" -parse-as-library \
    -module-name DeepLinking -package-name DeepLinking $sources Fuzz/FuzzLinks.swift "$file" -o "$binary"
  corpus=Fuzz/corpus/$target
  printf '== replaying %s (%s inputs)\n' "$corpus" "$(ls "$corpus" | wc -l)"
  # Quiet when every input passes; the whole report, naming the input, when one fails.
  if ! "$binary" -artifact_prefix="$out/finding-$target-" "$corpus"/* >"$out/replay.log" 2>&1; then
    cat "$out/replay.log"
    exit 1
  fi
  echo "every input passes"
  [ "$seconds" = 0 ] && continue
  printf '== fuzzing %s for %s s\n' "$target" "$seconds"
  mkdir -p "$out/corpus-$target"
  # shellcheck disable=SC2086
  "$binary" -max_total_time="$seconds" -max_len=512 -print_final_stats=1 \
    -artifact_prefix="$out/finding-$target-" ${FUZZ_ARGS:-} "$out/corpus-$target" "$corpus"
done

#!/usr/bin/env bash
# Fuzzes the reader and matcher with libFuzzer and AddressSanitizer.
# Usage: Fuzz/run.sh [seconds]   (default 60)
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/fuzz
mkdir -p "$out/corpus"
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name DeepLinking \
  $(find Sources/DeepLinking -name '*.swift') Fuzz/FuzzMatch.swift -o "$out/fuzz-match"
printf 'myapp://user/42?tab=posts#x' > "$out/corpus/seed1"
printf 'https://example.com/1.5/x' > "$out/corpus/seed2"
printf 'myapp://docs/a/%%2F/b' > "$out/corpus/seed3"
"$out/fuzz-match" -max_total_time="${1:-60}" -max_len=512 "$out/corpus"

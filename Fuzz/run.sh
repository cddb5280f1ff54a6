#!/usr/bin/env bash
# Fuzzes the reader, the matcher, the router and link enums (one of them mounting others)
# with libFuzzer and AddressSanitizer.
# Usage: Fuzz/run.sh [seconds]   (default 60)
# A failure stops with a `Fatal error:` line naming the input. AddressSanitizer may then report
# an error inside Swift's crash handler (CrashHandlerLinux.cpp); that one is about the
# backtracer, not the code under test.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/fuzz
mkdir -p "$out/corpus"
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name DeepLinking \
  $(find Sources/DeepLinking -name '*.swift') Fuzz/FuzzMatch.swift -o "$out/fuzz-match"
printf 'myapp://user/42?tab=posts#x' > "$out/corpus/seed1"
printf 'https://example.com/1.5/x' > "$out/corpus/seed2"
printf 'myapp://docs/a/%%2F/b' > "$out/corpus/seed3"
printf 'myapp://search/a%%20b?page=2&tags=x&tags=y' > "$out/corpus/seed4"
printf 'myapp://when?date=2024-02-29T12:00:00.5Z&ratio=0.1&flag=true' > "$out/corpus/seed5"
printf 'user|/42/x|q|a b|much-longer-host' > "$out/corpus/seed6"
printf 'h|/p|n|v|caf\xc3\xa9' > "$out/corpus/seed7"
printf 'myapp://item/a+b?ref=mail+c%%2Bd&r+e=1' > "$out/corpus/seed8"
printf 'https://example.com/app/user/7/tag/x?tags=a&tags=b' > "$out/corpus/seed9"
printf 'myapp://settings/account/ana/pw?reset=true' > "$out/corpus/seed10"
"$out/fuzz-match" -max_total_time="${1:-60}" -max_len=512 "$out/corpus"

#!/usr/bin/env bash
# Fails when any target uses an API newer than Package.swift's Apple minimums (iOS 13, macOS
# 10.15, tvOS 13, watchOS 6, visionOS 1) outside an `@available` / `#available` guard.
#
# On Linux the compiler ignores `@available(macOS …)`, so two checks from
# ../shared/tools/apple-typecheck stand in for Apple's SDKs (its README says what they cannot see):
# - the index-store lint (seconds): every symbol the last `swift build --build-tests`
#   referenced, against the availability the toolchain's symbol graphs give, for all five
#   platforms;
# - the stand-in SDK type-check (minutes): every target compiled for macOS and iOS at the
#   minimums against this toolchain's own module interfaces; the errors are the compiler's.
# Before each check looks at the package, it runs on a canary package that uses
# `ContinuousClock` (macOS 13) once unguarded and once inside `#available`, and must report the
# unguarded use and nothing else: a check that cannot see availability (no symbol graphs, no
# stand-in SDK) fails here rather than passing.
#
# Usage: Scripts/apple-availability.sh (it runs `swift build --build-tests` for the index)
# APPLE_TYPECHECK names the tools' folder (default ../shared/tools/apple-typecheck); where it is
# absent, as in a fork, the script says so and exits 0. APPLE_TYPECHECK_WORK keeps the stand-in
# SDKs between runs (default ~/.cache/apple-typecheck; the first run builds them, a few minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
tools=${APPLE_TYPECHECK:-$root/../shared/tools/apple-typecheck}
if [ ! -f "$tools/all_platforms.sh" ]; then
  echo "skipped: the Apple-platform availability check needs $tools (not found)"
  exit 0
fi
tools=$(cd "$tools" && pwd)
sdks=${APPLE_TYPECHECK_WORK:-${XDG_CACHE_HOME:-$HOME/.cache}/apple-typecheck}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() {
  echo "error: $*" >&2
  exit 1
}

# The index store of a debug build of every target, brought up to date (nothing to do right
# after `swift test`).
swift build --build-tests > /dev/null || fail "swift build --build-tests failed"
store=${INDEX_STORE:-$(swift build --show-bin-path)/index/store}

# The canary: line 4 is the only use the checks may report.
canary="$work/Canary"
mkdir -p "$canary/Sources/Canary"
cat > "$canary/Package.swift" <<'EOF'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Canary",
  platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
  targets: [.target(name: "Canary")]
)
EOF
cat > "$canary/Sources/Canary/Clock.swift" <<'EOF'
/// Unguarded: needs macOS 13 and iOS 16, newer than the package's minimums.
public func unguarded() -> Any {
  // The next line is the one both checks must report.
  return ContinuousClock.now
}

/// Guarded: fine at any minimum.
public func guarded() -> Any? {
  if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) { return ContinuousClock.now }
  return nil
}
EOF
# Prints the lines of $1 that report errors anywhere but line 4 of the canary's Clock.swift.
unexpected() { grep -E 'error:' "$1" | grep -vE 'Clock\.swift:4:' | grep -vE '^ *\|' || true; }

echo "-- index-store lint: the canary"
swift build --package-path "$canary" --scratch-path "$work/canary-build" > "$work/canary-build.log" 2>&1 ||
  { cat "$work/canary-build.log"; fail "the canary did not build"; }
canary_store="$(swift build --package-path "$canary" --scratch-path "$work/canary-build" --show-bin-path)/index/store"
if bash "$tools/availability-check.sh" "$canary" "$canary_store" > "$work/canary-lint.log" 2>&1; then
  cat "$work/canary-lint.log"
  fail "the index-store lint passed a package that uses ContinuousClock at macOS 10.15 (no symbol graphs for this toolchain?)"
fi
grep -qE "^Sources/Canary/Clock\.swift:4:[0-9]+: error: 'ContinuousClock' \(Swift\) is newer" \
  "$work/canary-lint.log" ||
  { cat "$work/canary-lint.log"; fail "the index-store lint did not report the canary's ContinuousClock"; }
[ -z "$(unexpected "$work/canary-lint.log")" ] ||
  { unexpected "$work/canary-lint.log"; fail "the index-store lint reported a guarded use"; }
echo "reported as expected: 'ContinuousClock' at Sources/Canary/Clock.swift:4"

echo "-- index-store lint: this package, all five platforms"
[ -d "$store/v5/units" ] && [ -n "$(ls -A "$store/v5/units")" ] ||
  fail "no index store at $store: the build wrote none"
bash "$tools/availability-check.sh" "$root" "$store" > "$work/lint.log" 2>&1 || true
# SwiftPM's own generated files (the Linux test runner) are not this package's code.
generated=$(grep -cE '^\.build/.*: error:' "$work/lint.log" || true)
findings=$(grep -E '^[^ ].*: error:' "$work/lint.log" | grep -vE '^\.build/' || true)
grep -qE '^[0-9]+ finding\(s\)$' "$work/lint.log" || { cat "$work/lint.log"; fail "the index-store lint did not finish"; }
if [ -n "$findings" ]; then
  echo "$findings"
  fail "a target uses an API newer than the package's minimums (above)"
fi
echo "no finding ($generated in SwiftPM's generated .build files, which are not this package's)"

echo "-- stand-in SDK type-check: the canary (ContinuousClock at macOS 10.15)"
if bash "$tools/all_platforms.sh" "$canary" "$sdks" "macos" > "$work/canary-tc.log" 2>&1; then
  cat "$work/canary-tc.log"
  fail "the type-check passed a package that uses ContinuousClock at macOS 10.15; it cannot see availability"
fi
log="$sdks/tc-macos/Canary.log"
grep -qE "Clock\.swift:4:[0-9]+: error: 'ContinuousClock' is only available in macOS 13\.0 or newer" \
  "$log" || { cat "$work/canary-tc.log" "$log"; fail "the type-check did not report the canary's ContinuousClock"; }
[ -z "$(unexpected "$log")" ] || { unexpected "$log"; fail "the type-check reported a guarded use"; }
echo "reported as expected: $(grep -m 1 -oE "'ContinuousClock' is only available in macOS 13\.0 or newer" "$log")"
rm -rf "$sdks/tc-macos"

echo "-- stand-in SDK type-check: this package, macOS and iOS"
# The type-check runs swiftc itself, target by target. SwiftPM gives every target of a package
# one -package-name, which the core's `package` declarations need to be seen from
# DeepLinkingTools: a swiftc ahead on PATH adds it, as SwiftPM would.
# The tools find the toolchain from the swiftc on PATH, which is then the shim: they are told
# where the real one is.
mkdir -p "$work/bin"
SWIFT_TOOLCHAIN=$(dirname "$(dirname "$(dirname "$(realpath "$(command -v swiftc)")")")")
export SWIFT_TOOLCHAIN
printf '#!/bin/sh\nexec "%s" -package-name deeplinking "$@"\n' "$(command -v swiftc)" \
  > "$work/bin/swiftc"
chmod +x "$work/bin/swiftc"
export PATH="$work/bin:$PATH"
targets=$(swift package dump-package | python3 -c '
import json, sys
print(sum(t["type"] not in ("plugin", "macro", "system") for t in json.load(sys.stdin)["targets"]))')
status=0
bash "$tools/all_platforms.sh" "$root" "$sdks" "macos ios" | tee "$work/tc.log" || status=1
for platform in macos ios; do
  checked=$(awk -v p="== $platform " 'index($0, p) == 1 { on = 1; next } /^== / { on = 0 }
    on && / typecheck rc=/ { n++ } END { print n + 0 }' "$work/tc.log")
  [ "$checked" -eq "$targets" ] || fail "$platform: $checked of $targets targets were type-checked"
  if [ $status -ne 0 ]; then
    find "$sdks/tc-$platform" -maxdepth 1 -name '*.log' -not -name '*.emit.log' -exec cat {} + |
      grep -E '^/.*: error:' | sed "s#^$root/##" | sort -u || true
  fi
done
[ $status -eq 0 ] || fail "a target uses an API newer than the package's minimums (above)"

#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer, then under ThreadSanitizer (Swift Testing runs
# tests in parallel, and the router's tests route from many tasks at once), each in a build
# directory of its own. Any report fails the run.
# Leak checking is off: the only leaks LeakSanitizer reports are XCTest's own objects and
# test globals that live until the process exits.
set -euo pipefail
cd "$(dirname "$0")/.."
# A crash then prints and exits; Swift's backtracer can otherwise hang under AddressSanitizer.
export SWIFT_BACKTRACE=enable=no
ASAN_OPTIONS=detect_leaks=0 swift test --sanitize=address --scratch-path .build/asan
swift test --sanitize=thread --scratch-path .build/tsan

#!/usr/bin/env bash
# Runs the large randomized tests at full size: 100,000 random links printed and read back,
# 300,000 URLs through random link tables and random routers against models of the documented
# rules, 20,000 mutated app files through `deeplink doctor`, `deeplink fuzz`'s progress
# lines, and a router given over 1 GiB of patterns. `swift test` runs the random ones on a smaller
# seeded sample.
set -euo pipefail
cd "$(dirname "$0")/.."
DEEPLINKING_LONG_TESTS=1 swift test --filter "RandomRoundTripTests|LinkRouteChoiceTests|RouterReferenceTests|mutatedFilesNeverTrap|progressLines|routesPastOneGibibyteOfPatternsRoute"

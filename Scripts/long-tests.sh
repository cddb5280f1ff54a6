#!/usr/bin/env bash
# Runs the large randomized tests at full size: 100,000 random links printed and read back,
# and the router workload's 200,000 URLs at 10, 1,000 and 10,000 routes. `swift test` runs
# them on a smaller seeded sample.
set -euo pipefail
cd "$(dirname "$0")/.."
DEEPLINKING_LONG_TESTS=1 swift test --filter 'RandomRoundTripTests|RouterWorkloadTests'

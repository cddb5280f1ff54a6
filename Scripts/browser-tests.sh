#!/usr/bin/env bash
# Runs the tests that open `deeplink routes --html` in a real browser: headless Chromium loads
# each page, and every link read back from its DOM must decode to the route it is listed under.
# Installs Debian's chromium when no Chromium is on PATH (as root, as CI runs).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null &&
  ! command -v google-chrome >/dev/null; then
  echo "installing chromium (Debian)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
DEEPLINKING_BROWSER_TESTS=1 swift test --filter RoutesPageTests

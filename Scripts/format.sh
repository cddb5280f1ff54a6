#!/usr/bin/env bash
# Formats the sources in place with the checked-in .swift-format, then lints strictly.
set -euo pipefail
cd "$(dirname "$0")/.."
swift format format --in-place --recursive Package.swift Sources Tests Benchmarks Fuzz
swift format lint --strict --recursive Package.swift Sources Tests Benchmarks Fuzz

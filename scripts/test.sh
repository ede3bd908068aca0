#!/usr/bin/env bash
# Sets up everything the tests need (system packages, Xvfb) and runs the whole test suite:
# unit tests of the engine and pipeline, headless rendering tests and end-to-end tests under Xvfb.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh test
swift build
swift test "$@"

#!/usr/bin/env bash
# Sets up (Node 22, dependencies) and runs the whole test suite.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
exec npm test --silent

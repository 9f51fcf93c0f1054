#!/usr/bin/env bash
# Sets up (Node 22, dependencies), builds and runs Sello: the desktop app when Electron's binary is installed or
# can be fetched now (scripts/start.mjs tries for 5 s), otherwise `sello serve --demo` for the browser, saying why
# in one line. Extra arguments go to `sello serve`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
exec npm start --silent -- "$@"

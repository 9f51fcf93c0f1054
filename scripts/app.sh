#!/usr/bin/env bash
# Sets up (Node 22, dependencies), builds and runs Sello: the desktop app when Electron is installed,
# otherwise `sello serve --demo` for the browser. Extra arguments go to `sello serve`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
exec npm start --silent -- "$@"

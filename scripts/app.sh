#!/usr/bin/env bash
# Sets up (Node 22, dependencies), builds and runs Sello: the desktop app when Electron's binary is installed or
# can be fetched now (scripts/start.mjs tries for 5 s), otherwise `sello serve --demo` for the browser, saying why
# in one line. Extra arguments go to `sello serve`.
set -euo pipefail
# Help before env.sh: it may install Node and the dependencies, and `npm start` builds (docs/operations.md).
for arg in "$@"; do
  case "$arg" in
    -h | --help)
      cat <<'USO'
uso: scripts/app.sh [OPCIONES DE sello serve]

Prepara Node 22 y las dependencias, construye Sello y lo abre: la aplicación de escritorio si Electron está
instalado o se puede descargar ahora; si no, `sello serve` para el navegador (con --demo cuando no se dan opciones).

Las opciones van a `sello serve` (o a la aplicación de escritorio); cuáles son: npm run sello -- serve --help

SELLO_BROWSER=1 abre el navegador aunque Electron esté instalado.
USO
      exit 0
      ;;
  esac
done
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
exec npm start --silent -- "$@"

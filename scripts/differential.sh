#!/usr/bin/env bash
# Records the differential corpus against any commit: exports it to a scratch directory, builds it there, and runs
# this checkout's scripts/differential.ts record against the build's dist/index.js. The corpus generator is always
# this checkout's, so two recordings differ only by the builds they drove.
#
#   scripts/differential.sh <commit-ish> <out-file> [--count 60000] [--seed 1]
#   scripts/differential.sh main /work/baseline/a.txt && scripts/differential.sh HEAD b.txt
#   node --import tsx scripts/differential.ts compare a.txt b.txt
#
# node_modules: a symlink to this checkout's when the commit's package-lock.json is the same, else npm ci there.
# Uncommitted work: build it (npx tsc -p tsconfig.build.json) and run `record --module <its dist/index.js>` directly.
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 <commit-ish> <out-file> [--count N] [--seed S]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")/.." && pwd)
rev=$1
out=$(realpath -m "$2")
shift 2

sha=$(git -C "$here" rev-parse --verify --quiet "$rev^{commit}") || { echo "not a commit: $rev" >&2; exit 2; }
scratch=$(mktemp -d "${TMPDIR:-/tmp}/l2-devnet-differential.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

git -C "$here" archive "$sha" | tar -x -C "$scratch"
if [ -d "$here/node_modules" ] && cmp -s "$here/package-lock.json" "$scratch/package-lock.json"; then
  ln -s "$here/node_modules" "$scratch/node_modules"
else
  echo "package-lock.json differs from this checkout's: npm ci in $scratch" >&2
  (cd "$scratch" && npm ci --ignore-scripts --no-audit --no-fund >&2)
fi
(cd "$scratch" && npx tsc -p tsconfig.build.json)

mkdir -p "$(dirname "$out")"
echo "recording ${sha:0:12} ($rev) to $out" >&2
cd "$here"
node --import tsx scripts/differential.ts record --module "$scratch/dist/index.js" --out "$out" "$@"

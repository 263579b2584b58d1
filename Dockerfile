# l2-devnet as a CI service container: `docker build -t l2-devnet .` then
# `docker run -p 8080:8080 l2-devnet` (flags after the image name, or L2DEVNET_* variables).
# test/e2e/docker.test.ts runs the ENTRYPOINT and HEALTHCHECK below with these ENV values and checks
# this file; scripts/container-smoke.sh builds and runs the image where docker or podman exists.

# Build stage: dev dependencies (typescript, tsx, esbuild) compile src/ to dist/, write the crypto
# tables and the OpenAPI examples (a tour of the default genesis) and bundle the CLI (`npm run build`).
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY scripts/build.mjs scripts/crypto-tables.ts scripts/bundle-cli.mjs scripts/openapi-examples.ts ./scripts/
COPY scripts/openapi-examples ./scripts/openapi-examples
COPY src ./src
COPY fixtures ./fixtures
# --ignore-scripts: `prepare` would compile before src/ is complete, and no dependency needs an install script.
RUN npm ci --ignore-scripts && npm run build

# Runtime stage: production dependencies, the compiled code and the genesis fixtures only.
FROM node:24-slim
LABEL org.opencontainers.image.title="l2-devnet" \
      org.opencontainers.image.description="Deterministic local emulator of a StarkEx-style layer-2 token and NFT platform API (Reddio-compatible)" \
      org.opencontainers.image.version="0.2.0" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.base.name="docker.io/library/node:24-slim"
WORKDIR /app
# L2DEVNET_LISTEN_FILE: the server writes where it listens there, and the HEALTHCHECK reads it, so
# `docker run IMAGE --port 9000` is checked on 9000.
ENV NODE_ENV=production \
    L2DEVNET_HOST=0.0.0.0 \
    L2DEVNET_PORT=8080 \
    L2DEVNET_LOG=json \
    L2DEVNET_LISTEN_FILE=/tmp/l2-devnet.url
COPY package.json package-lock.json LICENSE ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY fixtures ./fixtures
USER node
EXPOSE 8080
# `l2-devnet health` finds the server wherever flags or env put it (the listen file), and sends
# L2DEVNET_CONTROL_TOKEN as a bearer token when it is set.
HEALTHCHECK --interval=5s --timeout=3s --start-period=10s --retries=3 \
    CMD ["node", "dist/main.js", "health"]
ENTRYPOINT ["node", "dist/main.js"]

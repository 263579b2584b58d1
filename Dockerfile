# l2-devnet as a CI service container: `docker build -t l2-devnet .` then
# `docker run -p 8080:8080 l2-devnet` (flags after the image name, or L2DEVNET_* variables).
# test/e2e/docker.test.ts runs the ENTRYPOINT below with these ENV values and checks this file.

# Build stage: dev dependencies (typescript) compile src/ to dist/.
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY src ./src
# --ignore-scripts: `prepare` would compile before src/ is complete, and no dependency needs an install script.
RUN npm ci --ignore-scripts && npm run build

# Runtime stage: production dependencies, the compiled code and the genesis fixtures only.
FROM node:20-slim
WORKDIR /app
ENV NODE_ENV=production \
    L2DEVNET_HOST=0.0.0.0 \
    L2DEVNET_PORT=8080 \
    L2DEVNET_LOG=json
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY fixtures ./fixtures
USER node
EXPOSE 8080
# Node 20 has fetch built in, so the slim image needs no curl. With L2DEVNET_CONTROL_TOKEN set, the
# control plane (health included) needs it as a bearer token.
HEALTHCHECK --interval=5s --timeout=3s --start-period=10s --retries=3 \
    CMD ["node", "-e", "const t=process.env.L2DEVNET_CONTROL_TOKEN;fetch('http://127.0.0.1:'+(process.env.L2DEVNET_PORT||8080)+'/_devnet/health',{headers:t?{authorization:'Bearer '+t}:{}}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["node", "dist/main.js"]

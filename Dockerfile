# syntax=docker/dockerfile:1
# Corner Office: one image for every instance (docs/operations.md, decision 067).
# Build: docker build -t corner-office .      Run: compose.yaml, or docker run with the variables of .env.example.

ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# The web app, built with the dev dependencies (Vite, React, Tailwind).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .nvmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build --logLevel warn

# The production dependencies only.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    CLIENT_DIR=/app/dist/client
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json .nvmrc ./
COPY src/contract ./src/contract
COPY src/server ./src/server
COPY scripts/backup.ts scripts/restore.ts ./scripts/
COPY --from=build /app/dist/client ./dist/client
# The code belongs to root and cannot be changed by the app; only the data directory is the app's.
RUN mkdir -p /data && chown node:node /data
USER node
# PGlite's database (DATA_DIR/db) and local uploads (DATA_DIR/uploads); nothing when DATABASE_URL and S3 are set.
VOLUME ["/data"]
EXPOSE 3000
# Readiness, not liveness: a draining instance (SIGTERM) reports unhealthy and gets no new work.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1 (not npm, which would not pass SIGTERM on): the server drains on SIGTERM for
# SHUTDOWN_GRACE_MS (30 s), so give `docker stop` more than that (-t 45; compose.yaml sets stop_grace_period).
STOPSIGNAL SIGTERM
# --no-wasm-code-gc: a V8 13.6 crash with Wasm on several threads (docs/decisions/089-no-wasm-code-gc.md).
CMD ["node", "--no-wasm-code-gc", "--import", "tsx", "src/server/server.ts"]

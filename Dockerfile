# The Nordic Bike Registry's container image: the API, which also serves the built web app.
#
#   docker build -t nbr .
#   docker run --read-only --tmpfs /tmp -v nbr-data:/data -p 3000:3000 --env-file … nbr
#
# docs/operations.md ("Deploying") says how it is run; deploy/deploy.test.ts checks this file.
# The image runs TypeScript through tsx (a runtime dependency of @nbr/api), as `npm start` does.

# Node 24 LTS on Debian 12. Pinned to a release, so a rebuild gets the same runtime; raise it on
# purpose (and pin the digest in your own registry if your policy asks for it).
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# --- build: every dependency, then the web app (vite build, which writes .br and .gz files too) ---
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
RUN npm ci
COPY tsconfig.base.json tsconfig.json ./
COPY packages/domain packages/domain
COPY apps/web apps/web
RUN npm run build -w @nbr/web

# --- production-dependencies: only what the API and the shared package need at run time ---
FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
RUN npm ci --omit=dev --workspace @nbr/api --workspace @nbr/domain && npm cache clean --force

# --- runtime ---
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/apps/web/dist
WORKDIR /app
COPY --from=production-dependencies /app/node_modules node_modules
COPY package.json tsconfig.base.json ./
COPY packages/domain/package.json packages/domain/tsconfig.json packages/domain/
COPY packages/domain/src packages/domain/src
COPY packages/domain/data packages/domain/data
COPY apps/api/package.json apps/api/tsconfig.json apps/api/
COPY apps/api/src apps/api/src
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
# Everything the API writes goes to DATA_DIR (a volume) or /tmp (a tmpfs; tsx keeps its cache
# there): the root file system can be read-only. 1000 is the base image's `node` user, named by
# number so Kubernetes can check runAsNonRoot.
RUN mkdir /data && chown 1000:1000 /data
VOLUME ["/data"]
USER 1000:1000
EXPOSE 3000
# Liveness only: readiness (/api/health/ready) is for the load balancer, not for restarting.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# Node itself is PID 1: it handles SIGTERM and SIGINT (server.ts drains and exits 0) and starts no
# child processes, so there is nothing for an init such as tini to forward or reap. tsx is loaded
# in-process with --import (the `tsx` command would run the server as a child); telemetry.ts starts
# OpenTelemetry before the app loads when an OTLP endpoint is set, and does nothing otherwise.
CMD ["node", "--import", "tsx", "--import", "./apps/api/src/telemetry.ts", "apps/api/src/server.ts"]

# syntax=docker/dockerfile:1
# One image recipe for every deployable of scripts/deployables.ts; the build argument SERVICE names it
# (gateway, auth, companion, search, chat, notifications, support). Build context: the repository root.
#
#   docker build --build-arg SERVICE=search -t safarsaathi/search .
#
# The image runs the compiled bundle (`npm run build:servers`) with plain `node`, as user `node`, with
# only the deployable's production dependencies. It listens on PORT (each service's default, e.g. 4003)
# and serves Prometheus metrics on METRICS_PORT (default PORT + 1000), both on all interfaces of the
# container; only the gateway is meant to be published.
ARG NODE_IMAGE=node:24-slim

# --- manifests: every package.json plus the lock file, nothing else. The npm ci layers below depend only
#     on these, so they are rebuilt when dependencies change, not on every source edit.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json ! -name .npmrc -delete \
 && find . -type d -empty -delete

# --- build-deps: every dependency, the build tools included (esbuild, tsx, and Rsbuild for the web app).
FROM ${NODE_IMAGE} AS build-deps
WORKDIR /app
COPY --from=manifests /app ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund

# --- build: the deployable's bundle and what it needs beside it, gathered under /out (scripts/image-files.ts).
FROM build-deps AS build
ARG SERVICE
COPY . .
RUN test -n "$SERVICE" || { echo 'build with --build-arg SERVICE=<deployable>' >&2; exit 1; }
RUN npm run build:servers -- "$SERVICE" \
 && node_modules/.bin/tsx scripts/image-files.ts "$SERVICE" /out

# --- prod-deps: the deployable's production dependencies only (no build tools, no web toolchain). The
#     workspace packages it uses (contracts, platform) are inside its bundle, so their links are dropped.
FROM ${NODE_IMAGE} AS prod-deps
ARG SERVICE
WORKDIR /app
COPY --from=manifests /app ./
RUN --mount=type=cache,target=/root/.npm \
    case "$SERVICE" in gateway) workspace=gateway ;; *) workspace="services/$SERVICE" ;; esac \
 && npm ci --omit=dev --workspace "$workspace" --no-audit --no-fund \
 && rm -rf node_modules/@safarsaathi

# --- runtime
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
# Production mode stated here too, not only by the code's default: an image never runs the development aids
# unless APP_ENV=development is passed to the container. Listening on all interfaces of the container: the
# gateway calls PORT, Prometheus scrapes METRICS_PORT.
ENV NODE_ENV=production \
    APP_ENV=production \
    SERVICE=${SERVICE} \
    HOST=0.0.0.0 \
    METRICS_HOST=0.0.0.0
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /out ./
USER node
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=6 CMD ["node", "healthcheck.js"]
# The V8 flags are scripts/server-bundles.ts PRODUCTION_NODE_FLAGS (infra/compose.unit.test.ts checks they agree).
CMD ["node", "--max-semi-space-size=1", "--optimize-for-size", "main.js"]

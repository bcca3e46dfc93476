# Mindspend as one image (issue 35; docs/DEPLOY.md): a build stage that compiles, bundles and then
# drops the development dependencies, and a runtime stage that holds only what
# `node apps/server/dist/main.js` loads. scripts/packaging/image.build.test.ts runs this file's
# steps without a container daemon, so a step the server needs cannot go missing unnoticed.
#
#   docker build --build-arg GIT_COMMIT="$(git rev-parse --short=12 HEAD)" -t mindspend .
#   docker run -p 3000:3000 -v mindspend-data:/data mindspend

FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles its native module during `npm ci` when no prebuilt one fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The manifests alone first, so a change to the sources reuses the installed dependencies' layer.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/api-contract/package.json packages/api-contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
# The web app into apps/web/dist; the server, with packages/domain and packages/api-contract
# bundled in, into apps/server/dist (apps/server/build.mjs). Then only what runs is kept.
RUN npm run build
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
# The image's `node` user (uid 1000) runs the server; it owns the data directory, which a named
# volume takes over, ownership included, the first time it is mounted.
RUN mkdir -p /data && chown node:node /data
WORKDIR /app
# The root package.json states the version (GET /api/health); the server finds the web app and
# that file relative to its own bundle, so the repository's layout is kept.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
# An image has no .git directory: the commit comes in as a build argument (docs/OPERATIONS.md, Versions).
ARG GIT_COMMIT=unknown
ENV GIT_COMMIT=$GIT_COMMIT
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
USER node
VOLUME /data
EXPOSE 3000
# Slim images have no curl: node asks the readiness route, which answers 200 only while the
# database answers and is migrated.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]

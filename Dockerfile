# syntax=docker/dockerfile:1
# The site's images, from one build (docs/deploy.md):
#   relay  the lead relay (npm run serve): the /api on a built site, and the site itself if wanted
#   site   nginx serving the built site and passing /api/ to the relays (docs/deploy/nginx.conf)
#   editor the hosted editor for the content team (npm run editor; docs/editor.md)
# docker compose up --build runs both with PostgreSQL (compose.yaml).

FROM node:20-bookworm-slim AS source
WORKDIR /app
# better-sqlite3 builds from source when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
RUN npm install -g npm@11
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .

FROM source AS build
# The type check first: a fresh clone's first npm run build leaves it out (src/build/check-inputs.ts).
RUN npm run typecheck \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS relay
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DIST_DIR=/app/dist \
    LEADS_DB=/data/leads.db \
    SOCIAL_CARD_CACHE=/data/social-cards
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/src ./src
COPY --from=build /app/site-config ./site-config
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/tsconfig.json ./
# Only used without DATABASE_URL (one relay, SQLite outbox): mount a volume here.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# npm passes SIGTERM on to the relay, which stops taking requests and exits within 10 s.
CMD ["npm", "run", "serve"]

FROM nginx:1.27-bookworm AS site
COPY docs/deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY docs/deploy/security-headers.conf /etc/nginx/security-headers.conf
COPY --from=build /app/dist /srv/site/dist

# The hosted editor builds the site itself (publishing, previews), so it keeps the development
# packages, and git for its clone of the site's repository. Its data (clone, change sets, builds,
# and the SQLite database when there is no DATABASE_URL) lives in /data: mount a volume there.
FROM source AS editor
RUN apt-get update \
 && apt-get install -y --no-install-recommends git \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data && chown node:node /data /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5190 \
    EDITOR_DATA_DIR=/data/editor
USER node
EXPOSE 5190
CMD ["npm", "run", "editor"]

# syntax=docker/dockerfile:1
# Adjutant's image. Dependencies are installed and the order grammars compiled once, at build
# time, never at start; the service runs as the unprivileged "node" user, with a health check.
#   docker build -t adjutant .                          # the service (target "app")
#   docker build --target demo-mail -t adjutant-mail .  # the demo's Dovecot + SMTP relay
# Node 22 is an LTS line package.json's engines name; the suite runs on it in CI.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: the native parts (sharp, msgpackr) come prebuilt in their npm packages, and
# "prepare" (the grammars) needs the sources, so it runs below once they are copied.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build:grammar \
  && npm prune --omit=dev --no-audit --no-fund --ignore-scripts

FROM node:22-bookworm-slim AS app
ENV NODE_ENV=production \
    ADJUTANT_OUT_DIR=/data/out \
    ADJUTANT_GAMES_DIR=/games \
    ADJUTANT_OUTPUT_HOST=0.0.0.0 \
    ADJUTANT_OUTPUT_PORT=8080
WORKDIR /app
# The code belongs to root and is only read by the service; it writes only to /data.
COPY --from=build /app /app
RUN mkdir -p /data/out /games && chown node:node /data /data/out
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["node", "bin/health.js"]
CMD ["node", "bin/adjutant.js", "serve"]

# The demo stack's mail server (docker-compose.yml): the same Dovecot and SMTP relay the tests
# use (scripts/services.sh), installed here once instead of at every start.
FROM app AS demo-mail
USER root
RUN apt-get update \
  && apt-get install -y --no-install-recommends redis-server dovecot-imapd \
  && rm -rf /var/lib/apt/lists/*
ENV ADJUTANT_BIND_HOST=0.0.0.0 ADJUTANT_RUN_DIR=/var/lib/adjutant
HEALTHCHECK --interval=5s --timeout=5s --start-period=60s --retries=12 CMD ["bash", "scripts/services.sh", "status", "mail"]
CMD ["bash", "scripts/services.sh", "run", "mail"]

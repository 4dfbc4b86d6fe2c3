#!/usr/bin/env bash
# `npm run demo`: a small game played by email for a few turns, on a schedule compressed to
# seconds (scripts/demo.ts). Works on a fresh machine: installs what is missing, starts the local
# services if they are not running (and stops them again afterwards), builds the grammars.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
say() { echo "demo.sh: $*"; }

if [[ ! -d node_modules ]]; then
  say "node_modules missing; running npm ci"
  npm ci --no-audit --no-fund
fi

if bash scripts/services.sh status >/dev/null 2>&1; then
  say "Redis, Dovecot and the SMTP relay are already running; using them and leaving them up"
else
  # Signals must become an exit so the EXIT trap stops what this script started.
  trap 'say "stopping the services it started"; bash scripts/services.sh stop' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  say "starting Redis, Dovecot and the SMTP relay (scripts/services.sh start)"
  bash scripts/services.sh start
fi
eval "$(bash scripts/services.sh env)"

if node -e 'process.exit(require("./package.json").scripts?.["build:grammar"] ? 0 : 1)'; then
  say "building the order grammars (npm run build:grammar)"
  npm run --silent build:grammar
fi

say "running the demo game (scripts/demo.ts)"
node --import tsx scripts/demo.ts
say "done"

#!/usr/bin/env bash
# What `npm test` runs: install deps if needed, typecheck, start the private
# services, run vitest against them, and stop them again whatever happens.
# Extra arguments go to vitest, e.g. `npm test -- test/services`.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# A fresh clone has no node_modules; npm ci keeps it to the lock file.
if [[ ! -d node_modules ]]; then
  echo "test.sh: node_modules missing; running npm ci"
  npm ci --no-audit --no-fund
fi

# The nearley grammars compile to src/orders/generated/ (git-ignored); rebuild so edits to grammar/ count.
npm run --silent build:grammar

# Without a tsconfig.json, tsc would print its help and fail, not check anything.
if [[ -f tsconfig.json ]]; then
  echo "test.sh: typechecking (tsc --noEmit)"
  npx --no-install tsc --noEmit || { echo "test.sh: typecheck failed" >&2; exit 1; }
else
  echo "test.sh: no tsconfig.json yet; skipping typecheck" >&2
fi

# Services someone already had running are theirs: use them, leave them up.
if bash scripts/services.sh status >/dev/null 2>&1; then
  echo "test.sh: services already running; leaving them up afterwards"
else
  # Signals must become an exit so the EXIT trap stops the services.
  trap 'bash scripts/services.sh stop' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  bash scripts/services.sh start
fi
eval "$(bash scripts/services.sh env)"

set +e
npx --no-install vitest run "$@"
code=$?
set -e
exit "$code"

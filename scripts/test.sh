#!/usr/bin/env bash
# What `npm test` runs: install deps if needed, build the grammars, typecheck, lint, start the private
# services, run vitest against them, and stop them again whatever happens.
# Extra arguments go to vitest, e.g. `npm test -- test/services`.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
say() { echo "test.sh: $*"; }
source scripts/project.sh

prepare_project
say "typechecking (tsc --noEmit)"
npx --no-install tsc --noEmit || { say "typecheck failed" >&2; exit 1; }
say "linting (npm run lint: ESLint, then Prettier's check of the formatting)"
npm run --silent lint || { say "lint failed: fix what ESLint names; \`npm run format\` rewrites the files Prettier names" >&2; exit 1; }
services_up
say "checking for Debian's chromium, which the browser tests drive (scripts/browser.sh ensure)"
bash scripts/browser.sh ensure

set +e
npx --no-install vitest run "$@"
code=$?
set -e
exit "$code"

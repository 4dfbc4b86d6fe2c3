#!/usr/bin/env bash
# `npm run demo [-- cnes]`: a small game played by email and on a local forum for a few turns, on a schedule
# compressed to seconds (scripts/demo.ts). Works on a fresh machine: installs what is missing, starts the local
# services if they are not running (and stops them again afterwards), builds the grammars.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
say() { echo "demo.sh: $*"; }

source scripts/project.sh
prepare_project
services_up

say "running the demo game (scripts/demo.ts${1:+ $1})"
node --import tsx scripts/demo.ts "$@"
say "done"

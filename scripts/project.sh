# Shared by test.sh and demo.sh (sourced, not run): bring a checkout up to date and make sure the
# local services run. Callers set `say` for their messages.

# A fresh clone has no node_modules; npm ci keeps it to the lock file. The nearley grammars
# (grammar/<id>.ne) compile to src/rulesets/<id>/grammar.generated.ts (git-ignored), rebuilt every
# time so edits count.
prepare_project() {
  if [[ ! -d node_modules ]]; then
    say "node_modules missing; running npm ci"
    npm ci --no-audit --no-fund
  fi
  say "building the order grammars (npm run build:grammar)"
  npm run --silent build:grammar
}

# Services someone already had running are theirs: use them and leave them up. Otherwise start
# them and stop them again on exit; signals must become an exit so the EXIT trap runs.
services_up() {
  if bash scripts/services.sh status >/dev/null 2>&1; then
    say "Redis, Dovecot and the SMTP relay are already running; using them and leaving them up"
  else
    trap 'say "stopping the services it started"; bash scripts/services.sh stop' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    say "starting Redis, Dovecot and the SMTP relay (scripts/services.sh start)"
    bash scripts/services.sh start
  fi
  eval "$(bash scripts/services.sh env)"
}

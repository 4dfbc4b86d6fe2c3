#!/usr/bin/env bash
# Debian's chromium for the browser tests (playwright-core drives it; it downloads no browser of
# its own). Installed with apt when missing, as services.sh installs Redis and Dovecot.
#
# usage: browser.sh ensure     # install chromium if missing (as root), else say how
#        browser.sh path       # print the executable the tests launch
set -euo pipefail

CHROMIUM="${ADJUTANT_CHROMIUM:-/usr/bin/chromium}"
PKGS="chromium"

die() { echo "browser.sh: $*" >&2; exit 1; }
note() { echo "browser.sh: $*" >&2; }

ensure() {
  [[ -x "$CHROMIUM" ]] && return 0
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
    note "installing $PKGS (missing on this machine)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update || die "apt-get update failed"
    apt-get install -y --no-install-recommends $PKGS || die "apt-get install -y $PKGS failed"
    [[ -x "$CHROMIUM" ]] || die "still no $CHROMIUM after installing $PKGS"
  else
    die "the browser tests need Debian's chromium at $CHROMIUM. Install it with: sudo apt-get update && sudo apt-get install -y --no-install-recommends $PKGS"
  fi
}

case "${1:-}" in
  ensure) ensure ;;
  path) echo "$CHROMIUM" ;;
  *) die "usage: browser.sh ensure|path" ;;
esac

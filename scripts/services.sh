#!/usr/bin/env bash
# Private Redis, Dovecot IMAP and an SMTP relay for tests and demos, on high
# ports, with all state under one run dir so nothing touches system services.
#
# usage: services.sh start|stop|status|run [redis] [mail] [cluster]   (default: redis and mail)
#        services.sh env          # eval "$(bash scripts/services.sh env)"
#        services.sh restart-cluster-node 0|1|2   # kill one cluster master hard and start it again
# "mail" is Dovecot + the SMTP relay (the relay delivers through dovecot-lda).
# "cluster" is a Redis Cluster of three masters on loopback ports ADJUTANT_CLUSTER_PORT .. +2
# (for the scale-out test and bench), in its own folder under the run dir.
# "run" starts in the foreground and stops everything on SIGTERM (containers).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REDIS_PORT="${ADJUTANT_REDIS_PORT:-16379}"
IMAP_PORT="${ADJUTANT_IMAP_PORT:-10143}"
SMTP_PORT="${ADJUTANT_SMTP_PORT:-10025}"
# Dovecot checks OAuth2 access tokens (XOAUTH2, OAUTHBEARER) by asking this port's /introspect
# (RFC 7662); the OAuth2 tests serve it, nothing else needs it.
OAUTH_PORT="${ADJUTANT_OAUTH_PORT:-$((IMAP_PORT + 1000))}"
CLUSTER_PORT="${ADJUTANT_CLUSTER_PORT:-$((REDIS_PORT + 1000))}"
# Clients always connect over loopback; BIND only matters inside containers.
BIND="${ADJUTANT_BIND_HOST:-127.0.0.1}"
HOST=127.0.0.1
TIMEOUT="${ADJUTANT_START_TIMEOUT:-20}"
DOMAIN=adjutant.test
PASSWORD=secret
USERS="gm@$DOMAIN game@$DOMAIN"
for i in $(seq 1 12); do USERS+=" player$i@$DOMAIN"; done
LIBEXEC=/usr/lib/dovecot
LDA="$LIBEXEC/dovecot-lda"
PKGS="redis-server dovecot-imapd"

die() { echo "services.sh: $*" >&2; exit 1; }
die_log() { [[ -f "$1" ]] && tail -n 20 "$1" >&2; die "$2; see $1"; }
note() { echo "services.sh: $*" >&2; }
is_root() { [[ "$(id -u)" == 0 ]]; }

# As root, Dovecot drops to unprivileged uids (dovecot, the mail uid) that must
# be able to walk down to the run dir, e.g. a checkout under /root would not do.
others_can_enter() {
  local d="$1" mode
  while [[ "$d" != / ]]; do
    if [[ -e "$d" ]]; then
      mode="$(stat -c %A "$d")"
      [[ "${mode:9:1}" == [xt] ]] || return 1
    fi
    d="$(dirname "$d")"
  done
}

if [[ -n "${ADJUTANT_RUN_DIR:-}" ]]; then
  RUN_DIR="$(realpath -m "$ADJUTANT_RUN_DIR")"
  if is_root && ! others_can_enter "$RUN_DIR"; then
    die "ADJUTANT_RUN_DIR=$RUN_DIR is not reachable by unprivileged users (a parent lacks o+x); Dovecot needs that when run as root. Use e.g. ADJUTANT_RUN_DIR=/tmp/adjutant-run"
  fi
else
  RUN_DIR="$ROOT/.run"
  if is_root && ! others_can_enter "$RUN_DIR"; then
    # Deterministic, so start/stop/env from later invocations agree.
    RUN_DIR="/tmp/adjutant-run-$(printf %s "$ROOT" | cksum | cut -d' ' -f1)"
  fi
fi
DOVE_DIR="$RUN_DIR/dovecot"
DOVE_CONF="$DOVE_DIR/dovecot.conf"
MAIL_DIR="$RUN_DIR/mail"

if is_root; then
  # A uid owned by nobody else on the box; Dovecot does not need it in /etc/passwd.
  MAIL_UID="${ADJUTANT_MAIL_UID:-40143}"; MAIL_GID="${ADJUTANT_MAIL_GID:-$MAIL_UID}"
else
  MAIL_UID="$(id -u)"; MAIL_GID="$(id -g)"
fi

print_env() {  # quoted so the output survives eval even with odd run dir paths
  local kv
  for kv in "REDIS_URL=redis://$HOST:$REDIS_PORT" "ADJUTANT_REDIS_PORT=$REDIS_PORT" \
    "ADJUTANT_IMAP_HOST=$HOST" "ADJUTANT_IMAP_PORT=$IMAP_PORT" \
    "ADJUTANT_SMTP_HOST=$HOST" "ADJUTANT_SMTP_PORT=$SMTP_PORT" "ADJUTANT_OAUTH_PORT=$OAUTH_PORT" \
    "ADJUTANT_CLUSTER_URL=redis://$HOST:$CLUSTER_PORT" "ADJUTANT_CLUSTER_PORT=$CLUSTER_PORT" \
    "ADJUTANT_MAIL_DOMAIN=$DOMAIN" "ADJUTANT_MAIL_PASSWORD=$PASSWORD" "ADJUTANT_MAIL_USERS=$USERS" \
    "ADJUTANT_RUN_DIR=$RUN_DIR" "ADJUTANT_DOVECOT_CONFIG=$DOVE_CONF" "ADJUTANT_DOVECOT_LDA=$LDA"; do
    local v="${kv#*=}" q="'"
    [[ "$v" =~ ^[A-Za-z0-9@%_.:/+-]*$ ]] || v="$q${v//$q/$q\\$q$q}$q"
    printf 'export %s=%s\n' "${kv%%=*}" "$v"
  done
}

# --- packages ---------------------------------------------------------------
REDIS_BIN=""; DOVECOT_BIN=""
find_bins() {
  REDIS_BIN="$(command -v redis-server || true)"
  [[ -n "$REDIS_BIN" || ! -x /usr/bin/redis-server ]] || REDIS_BIN=/usr/bin/redis-server
  DOVECOT_BIN="$(command -v dovecot || true)"
  [[ -n "$DOVECOT_BIN" || ! -x /usr/sbin/dovecot ]] || DOVECOT_BIN=/usr/sbin/dovecot
  [[ -n "$REDIS_BIN" && -n "$DOVECOT_BIN" && -x "$LDA" && -x "$LIBEXEC/imap" ]]
}

ensure_packages() {
  if ! find_bins; then
    if is_root && command -v apt-get >/dev/null; then
      note "installing $PKGS (missing on this machine)"
      export DEBIAN_FRONTEND=noninteractive
      apt-get update || die "apt-get update failed"
      # shellcheck disable=SC2086
      apt-get install -y $PKGS || die "apt-get install -y $PKGS failed"
      find_bins || die "still missing redis-server or Dovecot IMAP after installing $PKGS"
    else
      die "redis-server and Dovecot IMAP are required but not installed. Install them with: sudo apt-get update && sudo apt-get install -y $PKGS"
    fi
  fi
  if is_root && ! { id dovecot && id dovenull; } >/dev/null 2>&1; then
    die "system users dovecot and dovenull are missing; they come with the dovecot-core package (apt-get install -y --reinstall dovecot-core)"
  fi
}

# --- process and port helpers -----------------------------------------------
# Pid files can outlive their process and pids get reused, so also check that
# the pid still belongs to the program we started.
alive() {
  local pidfile="$1" pattern="$2" pid
  [[ -s "$pidfile" ]] || return 1
  pid="$(tr -dc 0-9 <"$pidfile")"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null \
    && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "$pattern"
}

# probe PORT SEND-BEFORE-READ REGEX-FOR-FIRST-LINE [SEND-AFTER]
probe() {
  ( exec 3<>"/dev/tcp/$HOST/$1" || exit 1
    [[ -z "$2" ]] || printf '%s\r\n' "$2" >&3
    IFS= read -r -t 2 line <&3 || exit 1
    [[ -z "${4:-}" ]] || printf '%s\r\n' "$4" >&3
    [[ "$line" =~ $3 ]] ) 2>/dev/null
}
port_open() { ( exec 3<>"/dev/tcp/$HOST/$1" ) 2>/dev/null; }

wait_until() {  # NAME LOG PIDFILE PATTERN PROBE-ARGS...
  local name="$1" log="$2" pidfile="$3" pattern="$4"; shift 4
  local deadline=$((SECONDS + TIMEOUT))
  until probe "$@"; do
    ((SECONDS < deadline)) || die_log "$log" "$name did not answer on $HOST:$1 within ${TIMEOUT}s"
    # The daemons write their pid file after forking, so only the relay
    # (whose pid we know at once) can be declared dead early.
    [[ "$name" != smtp-relay ]] || alive "$pidfile" "$pattern" || die_log "$log" "$name exited during startup"
    sleep 0.2
  done
}

stop_pidfile() {  # NAME PIDFILE PATTERN
  local name="$1" pidfile="$2" pattern="$3" pid
  if ! alive "$pidfile" "$pattern"; then
    rm -f "$pidfile"; echo "$name: not running"; return 0
  fi
  pid="$(tr -dc 0-9 <"$pidfile")"
  kill "$pid"
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid"; note "$name (pid $pid) ignored SIGTERM; killed"; fi
  rm -f "$pidfile"; echo "$name: stopped (pid $pid)"
}

busy_port() { port_open "$2" && die "port $2 for $1 is already used by another process; pick another with $3=<port>"; return 0; }

# --- redis ------------------------------------------------------------------
REDIS_PID="$RUN_DIR/redis/redis.pid"; REDIS_LOG="$RUN_DIR/redis/redis.log"
start_redis() {
  if alive "$REDIS_PID" redis-server; then echo "redis: already running (pid $(cat "$REDIS_PID"), port $REDIS_PORT)"; return; fi
  busy_port redis "$REDIS_PORT" ADJUTANT_REDIS_PORT
  mkdir -p "$RUN_DIR/redis"
  local protected=yes; [[ "$BIND" == 127.0.0.1 ]] || protected=no
  "$REDIS_BIN" --bind "$BIND" --port "$REDIS_PORT" --protected-mode "$protected" \
    --dir "$RUN_DIR/redis" --appendonly yes --appendfsync always --maxmemory-policy noeviction --save "" \
    --daemonize yes --pidfile "$REDIS_PID" --logfile "$REDIS_LOG" >>"$REDIS_LOG" 2>&1 \
    || die_log "$REDIS_LOG" "redis-server failed to start"
  wait_until redis "$REDIS_LOG" "$REDIS_PID" redis-server "$REDIS_PORT" PING '^\+PONG'
  echo "redis: started (pid $(cat "$REDIS_PID"), port $REDIS_PORT, AOF in $RUN_DIR/redis)"
}
stop_redis() { stop_pidfile redis "$REDIS_PID" redis-server; }
status_redis() { status_of redis "$REDIS_PID" redis-server "$REDIS_PORT"; }

# --- redis cluster ----------------------------------------------------------
# Three masters, no replicas: enough to spread games over slots and to restart one master under
# load. Each keeps its AOF (fsync always) and cluster config in cluster/<port>/.
CLUSTER_DIR="$RUN_DIR/cluster"
cluster_ports() { echo "$CLUSTER_PORT" "$((CLUSTER_PORT + 1))" "$((CLUSTER_PORT + 2))"; }
start_cluster_node() {  # PORT
  local port="$1" dir="$CLUSTER_DIR/$1"
  mkdir -p "$dir"
  "$REDIS_BIN" --bind "$BIND" --port "$port" --protected-mode no --cluster-enabled yes \
    --cluster-config-file "$dir/nodes.conf" --cluster-node-timeout 5000 \
    --dir "$dir" --appendonly yes --appendfsync always --maxmemory-policy noeviction --save "" \
    --daemonize yes --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" >>"$dir/redis.log" 2>&1 \
    || die_log "$dir/redis.log" "redis-server (cluster node $port) failed to start"
  wait_until "cluster node $port" "$dir/redis.log" "$dir/redis.pid" redis-server "$port" PING '^\+PONG'
}
start_cluster() {
  local port formed=1
  for port in $(cluster_ports); do
    if alive "$CLUSTER_DIR/$port/redis.pid" redis-server; then continue; fi
    busy_port "cluster node" "$port" ADJUTANT_CLUSTER_PORT
    [[ -s "$CLUSTER_DIR/$port/nodes.conf" ]] || formed=0
    start_cluster_node "$port"
  done
  if ((formed == 0)); then
    command -v redis-cli >/dev/null || die "redis-cli is needed to form the cluster (it comes with redis-server's package, redis-tools)"
    # shellcheck disable=SC2046
    redis-cli --cluster create $(for p in $(cluster_ports); do printf '%s:%s ' "$HOST" "$p"; done) \
      --cluster-replicas 0 --cluster-yes >>"$CLUSTER_DIR/create.log" 2>&1 \
      || die_log "$CLUSTER_DIR/create.log" "redis-cli --cluster create failed"
  fi
  local deadline=$((SECONDS + TIMEOUT))
  until redis-cli -h "$HOST" -p "$CLUSTER_PORT" cluster info 2>/dev/null | grep -q '^cluster_state:ok'; do
    ((SECONDS < deadline)) || die "the Redis Cluster on $HOST:$CLUSTER_PORT.. did not reach cluster_state:ok within ${TIMEOUT}s; see $CLUSTER_DIR"
    sleep 0.2
  done
  echo "redis-cluster: running (3 masters, ports $(cluster_ports | tr ' ' ','), data in $CLUSTER_DIR)"
}
# One master killed hard (SIGKILL: no final write beyond what fsync always already made) and
# started again on its own data: what a crash and a restart of one node look like to the clients.
restart_cluster_node() {  # INDEX 0..2
  local port=$((CLUSTER_PORT + $1)) pid
  alive "$CLUSTER_DIR/$port/redis.pid" redis-server || die "cluster node $port is not running"
  pid="$(tr -dc 0-9 <"$CLUSTER_DIR/$port/redis.pid")"
  kill -KILL "$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
  rm -f "$CLUSTER_DIR/$port/redis.pid"
  start_cluster_node "$port"
  echo "cluster node $port: restarted (pid $(cat "$CLUSTER_DIR/$port/redis.pid"))"
}
stop_cluster() {
  local port
  for port in $(cluster_ports); do stop_pidfile "cluster node $port" "$CLUSTER_DIR/$port/redis.pid" redis-server; done
}
status_cluster() {
  local port ok=0
  for port in $(cluster_ports); do status_of "cluster node $port" "$CLUSTER_DIR/$port/redis.pid" redis-server "$port" || ok=1; done
  return "$ok"
}

# --- dovecot ----------------------------------------------------------------
DOVE_PID="$DOVE_DIR/base/master.pid"; DOVE_LOG="$DOVE_DIR/dovecot.log"
write_dovecot_config() {
  local internal_user internal_group login_user chroots=""
  if is_root; then
    internal_user=dovecot; internal_group=dovecot; login_user=dovenull
  else
    # Unprivileged Dovecot cannot switch users or chroot, so it runs everything as us.
    internal_user="$(id -un)"; internal_group="$(id -gn)"; login_user="$internal_user"
    for s in anvil imap-login ipc old-stats aggregator director imap-urlauth-login; do
      chroots+="service $s {"$'\n'"  chroot ="$'\n'"}"$'\n'
    done
  fi
  : >"$DOVE_DIR/passwd"
  for u in $USERS; do
    echo "$u:{PLAIN}$PASSWORD:$MAIL_UID:$MAIL_GID::$MAIL_DIR/${u#*@}/${u%@*}::" >>"$DOVE_DIR/passwd"
  done
  # The auth process runs as the internal user and must read the test passwords.
  chmod 0644 "$DOVE_DIR/passwd"
  printf '%s\n' "introspection_mode = post" "introspection_url = http://$HOST:$OAUTH_PORT/introspect" \
    "username_attribute = email" "active_attribute = active" "active_value = true" >"$DOVE_DIR/oauth2.conf.ext"
  chmod 0644 "$DOVE_DIR/oauth2.conf.ext"
  cat >"$DOVE_CONF" <<EOF
# Generated by scripts/services.sh; edits are overwritten on every start.
instance_name = adjutant-$IMAP_PORT
base_dir = $DOVE_DIR/base
state_dir = $DOVE_DIR/state
log_path = $DOVE_LOG
info_log_path = $DOVE_LOG
protocols = imap
listen = $BIND
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login xoauth2 oauthbearer
auth_username_format = %Lu
default_internal_user = $internal_user
default_internal_group = $internal_group
default_login_user = $login_user
first_valid_uid = $MAIL_UID
last_valid_uid = $MAIL_UID
first_valid_gid = $MAIL_GID
last_valid_gid = $MAIL_GID
mail_location = maildir:~/Maildir
postmaster_address = postmaster@$DOMAIN
lda_mailbox_autocreate = yes
passdb {
  driver = passwd-file
  mechanisms = plain login
  args = scheme=PLAIN $DOVE_DIR/passwd
}
passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = $DOVE_DIR/oauth2.conf.ext
}
userdb {
  driver = passwd-file
  args = $DOVE_DIR/passwd
}
service imap-login {
  inet_listener imap {
    address = $BIND
    port = $IMAP_PORT
  }
  inet_listener imaps {
    port = 0
  }
}
$chroots
EOF
}
start_dovecot() {
  if alive "$DOVE_PID" dovecot; then echo "dovecot: already running (pid $(cat "$DOVE_PID"), port $IMAP_PORT)"; return; fi
  busy_port dovecot "$IMAP_PORT" ADJUTANT_IMAP_PORT
  mkdir -p "$DOVE_DIR" "$MAIL_DIR"
  chmod 0755 "$RUN_DIR" "$DOVE_DIR"
  if is_root; then chown "$MAIL_UID:$MAIL_GID" "$MAIL_DIR"; fi
  write_dovecot_config
  "$DOVECOT_BIN" -c "$DOVE_CONF" >>"$DOVE_LOG" 2>&1 \
    || die_log "$DOVE_LOG" "dovecot failed to start"
  wait_until dovecot "$DOVE_LOG" "$DOVE_PID" dovecot "$IMAP_PORT" "" '^\* OK' 'a LOGOUT'
  echo "dovecot: started (pid $(cat "$DOVE_PID"), IMAP port $IMAP_PORT, mail in $MAIL_DIR)"
}
stop_dovecot() { stop_pidfile dovecot "$DOVE_PID" dovecot; }
status_dovecot() { status_of dovecot "$DOVE_PID" dovecot "$IMAP_PORT"; }

# --- smtp relay -------------------------------------------------------------
RELAY_PID="$RUN_DIR/smtp-relay.pid"; RELAY_LOG="$RUN_DIR/smtp-relay.log"
start_relay() {
  if alive "$RELAY_PID" smtp-relay; then echo "smtp-relay: already running (pid $(cat "$RELAY_PID"), port $SMTP_PORT)"; return; fi
  busy_port smtp-relay "$SMTP_PORT" ADJUTANT_SMTP_PORT
  [[ -d "$ROOT/node_modules/smtp-server" ]] || die "node_modules is missing smtp-server; run npm ci first"
  (cd "$ROOT" && ADJUTANT_SMTP_BIND="$BIND" ADJUTANT_SMTP_PORT="$SMTP_PORT" \
    ADJUTANT_MAIL_USERS="$USERS" ADJUTANT_DOVECOT_CONFIG="$DOVE_CONF" ADJUTANT_DOVECOT_LDA="$LDA" \
    exec node --import tsx scripts/smtp-relay.ts) >>"$RELAY_LOG" 2>&1 </dev/null &
  echo $! >"$RELAY_PID"
  wait_until smtp-relay "$RELAY_LOG" "$RELAY_PID" smtp-relay "$SMTP_PORT" "" '^220' QUIT
  echo "smtp-relay: started (pid $(cat "$RELAY_PID"), port $SMTP_PORT)"
}
stop_relay() { stop_pidfile smtp-relay "$RELAY_PID" smtp-relay; }
status_relay() { status_of smtp-relay "$RELAY_PID" smtp-relay "$SMTP_PORT"; }

status_of() {  # NAME PIDFILE PATTERN PORT
  if alive "$2" "$3"; then echo "$1: running (pid $(tr -dc 0-9 <"$2"), $HOST:$4)"; return 0; fi
  echo "$1: stopped"; return 1
}

# --- commands ---------------------------------------------------------------
cmd="${1:-}"; shift || true
if [[ "$cmd" == restart-cluster-node ]]; then
  find_bins || die "redis-server is not installed"
  [[ "${1:-}" =~ ^[012]$ ]] || die "usage: services.sh restart-cluster-node 0|1|2"
  restart_cluster_node "$1"; exit 0
fi
want_redis=0; want_mail=0; want_cluster=0
[[ $# -gt 0 ]] || set -- redis mail
for s in "$@"; do
  case "$s" in
    redis) want_redis=1 ;;
    mail) want_mail=1 ;;
    cluster) want_cluster=1 ;;
    *) die "unknown service '$s' (expected redis, mail and/or cluster)" ;;
  esac
done

do_start() {
  ensure_packages
  [[ -n "${ADJUTANT_RUN_DIR:-}" || "$RUN_DIR" == "$ROOT/.run" ]] \
    || note "$ROOT/.run is not reachable by Dovecot's unprivileged users; using $RUN_DIR"
  mkdir -p "$RUN_DIR"
  ((want_redis)) && start_redis
  if ((want_mail)); then start_dovecot; start_relay; fi
  ((want_cluster)) && start_cluster
  return 0
}
do_stop() {  # reverse order: the relay needs Dovecot to deliver
  ((want_cluster)) && stop_cluster
  if ((want_mail)); then stop_relay; stop_dovecot; fi
  ((want_redis)) && stop_redis
  return 0
}
do_status() {
  local ok=0
  if ((want_redis)); then status_redis || ok=3; fi
  if ((want_mail)); then status_dovecot || ok=3; status_relay || ok=3; fi
  if ((want_cluster)); then status_cluster || ok=3; fi
  return "$ok"
}

case "$cmd" in
  start) do_start ;;
  stop) do_stop ;;
  status) do_status ;;
  env) print_env ;;
  run)
    trap 'do_stop; exit 0' TERM INT
    do_start
    while do_status >/dev/null; do sleep 2 & wait $!; done
    note "a service exited unexpectedly:"; do_status >&2 || true
    do_stop; exit 1 ;;
  *) die "usage: services.sh start|stop|status|run [redis] [mail] [cluster] | env" ;;
esac

# A throwaway PostgreSQL 15 for the tests and the server benchmark (SPEC
# SRV-3): Debian's postgresql-15, initdb and pg_ctl run as the `postgres`
# user (initdb refuses root) on a temporary folder, listening on a Unix
# socket in that folder only (listen_addresses='': no TCP). Sourced by
# scripts/postgres, scripts/test and scripts/bench after common.sh.
#
# The running instance's folder is remembered in .build/postgres/instance so
# that `scripts/postgres url` and `stop` find it from another shell.

PG_STATE_FILE=.build/postgres/instance

# pg_bin : the folder of Debian's PostgreSQL 15 server programs.
pg_bin() {
  local initdb
  initdb=$(dpkg -L postgresql-15 2>/dev/null | grep '/bin/initdb$' | head -1)
  [ -n "$initdb" ] || { echo "error: postgresql-15 is not installed" >&2; return 69; }
  dirname "$initdb"
}

# ensure_postgres : postgresql-15 (the server) and libpq-dev (the client
# library lifectl links), installed with apt-get when absent.
ensure_postgres() {
  ensure_packages postgresql-15 libpq-dev
}

# pg_as_owner CMD… : runs CMD as the user that owns the cluster: `postgres`
# when we are root (initdb and the server refuse root), else ourselves.
pg_as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# pg_dir : the folder of the running instance, or nothing. A recorded
# instance whose server no longer runs (killed, or its folder cleaned away
# while its socket file stayed) is forgotten, so that a new one is started.
pg_dir() {
  [ -f "$PG_STATE_FILE" ] || return 0
  local dir bin
  dir=$(cat "$PG_STATE_FILE")
  if [ -S "$dir/.s.PGSQL.5432" ] && bin=$(pg_bin 2>/dev/null) &&
    pg_as_owner "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    echo "$dir"
    return 0
  fi
  rm -f "$PG_STATE_FILE"
  return 0
}

# pg_url DIR : the superuser's connection URL for the instance in DIR.
pg_url() {
  echo "postgresql:///postgres?host=$1&user=postgres"
}

# pg_start : starts a new instance (or reuses the running one) and prints
# its URL. Extra server settings come from PG_SETTINGS ("-c name=value …").
pg_start() {
  local dir
  dir=$(pg_dir)
  if [ -n "$dir" ]; then
    pg_url "$dir"
    return 0
  fi
  ensure_postgres
  local bin
  bin=$(pg_bin) || return $?
  dir=$(mktemp -d "${TMPDIR:-/tmp}/lifectl-postgres.XXXXXX")
  chmod 0755 "$dir"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
  # -A trust: any local user may connect over this socket, which lives in a
  # fresh folder and is gone with it; nothing listens on TCP.
  pg_as_owner "$bin/initdb" -D "$dir/data" -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    echo "error: initdb failed in $dir" >&2
    return 70
  }
  # A throwaway cluster: no fsync; the tests and the benchmark read, they
  # do not test durability.
  pg_as_owner "$bin/pg_ctl" -D "$dir/data" -w -t 60 -l "$dir/server.log" \
    -o "-c listen_addresses='' -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${PG_SETTINGS:-}" \
    start >/dev/null || {
    cat "$dir/server.log" >&2
    echo "error: PostgreSQL did not start in $dir" >&2
    return 70
  }
  mkdir -p "$(dirname "$PG_STATE_FILE")"
  echo "$dir" >"$PG_STATE_FILE"
  pg_url "$dir"
}

# pg_stop : stops the running instance and removes its folder.
pg_stop() {
  local dir
  [ -f "$PG_STATE_FILE" ] || return 0
  dir=$(cat "$PG_STATE_FILE")
  rm -f "$PG_STATE_FILE"
  [ -d "$dir/data" ] || return 0
  local bin
  bin=$(pg_bin) || return $?
  pg_as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}

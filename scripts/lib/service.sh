# A throwaway service on loopback (SPEC SRV-5): a database of its own on the
# running PostgreSQL (scripts/lib/postgres.sh), the server migrations, the
# role lifectl_service given a login, a random token secret (0600) and
# lifectl-server on 127.0.0.1. Sourced by scripts/lib/demo-service.sh and
# scripts/test after postgres.sh, with a PostgreSQL running (pg_start).
#
#   service_start BIN_DIR FOLDER PORT   starts it; sets SERVICE_URL
#   service_stop                        stops it and drops its database

SERVICE_PID=""
SERVICE_DB=""
SERVICE_URL=""

service_start() {
  local bin=$1 folder=$2 port=$3 dir
  dir=$(pg_dir)
  SERVICE_DB="lifectl_service_$$_$port"
  psql -q -h "$dir" -U postgres -d postgres -c "CREATE DATABASE $SERVICE_DB" >/dev/null
  "$bin/lifectl" server migrate --server "postgresql:///$SERVICE_DB?host=$dir&user=postgres" >/dev/null
  psql -q -h "$dir" -U postgres -d postgres -c "ALTER ROLE lifectl_service LOGIN" >/dev/null
  head -c 48 /dev/urandom >"$folder/secret"
  chmod 600 "$folder/secret"
  "$bin/lifectl-server" --host 127.0.0.1 --port "$port" --db-socket "$dir" --db-name "$SERVICE_DB" \
    --token-secret-file "$folder/secret" --password-cost 12 >"$folder/server.log" 2>&1 &
  SERVICE_PID=$!
  SERVICE_URL=http://127.0.0.1:$port
  for _ in $(seq 100); do
    curl -sf "$SERVICE_URL/health" >/dev/null && return 0
    sleep 0.1
  done
  echo "error: lifectl-server did not answer on $SERVICE_URL (its log: $folder/server.log)" >&2
  return 1
}

service_stop() {
  if [ -n "$SERVICE_PID" ]; then
    kill "$SERVICE_PID" 2>/dev/null && wait "$SERVICE_PID" 2>/dev/null
    SERVICE_PID=""
  fi
  if [ -n "$SERVICE_DB" ]; then
    psql -q -h "$(pg_dir)" -U postgres -d postgres -c "DROP DATABASE IF EXISTS $SERVICE_DB WITH (FORCE)" \
      >/dev/null 2>&1 || true
    SERVICE_DB=""
  fi
  return 0
}

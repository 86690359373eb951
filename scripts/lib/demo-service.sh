# The service's chapter of the tour (`scripts/demo --service`; SRV-4, SRV-5,
# docs/server.md, "The service"): its own because the service is built with
# the Service trait (NIO), which the default tour never builds. Sourced by
# scripts/demo after common.sh and postgres.sh; starts a throwaway
# PostgreSQL and the service on 127.0.0.1 and stops both at the end.
config="${LIFECTL_DEMO_CONFIG:-debug}"
scratch=.build/service
echo "==> building lifectl and lifectl-server ($config, trait Service)" >&2
for product in lifectl lifectl-server; do
  swift build -c "$config" --traits Service --scratch-path "$scratch" --product "$product" 2>&1 |
    grep -vE '^\[[0-9]+/[0-9]+\]' >&2 || true
  swift build -c "$config" --traits Service --scratch-path "$scratch" --product "$product" >/dev/null
done
binDir=$(swift build -c "$config" --traits Service --scratch-path "$scratch" --show-bin-path)
ensure_postgres
ensure_packages curl
. scripts/lib/demo.sh

. scripts/lib/service.sh

tour=$(mktemp -d "${TMPDIR:-/tmp}/lifectl-service-tour.XXXXXX")
export LIFECTL_DB="$tour/life.db" XDG_CONFIG_HOME="$tour/config" TZ="${TZ:-UTC}"
started=0
[ -z "$(pg_dir)" ] && started=1
pg_start >/dev/null
finish() {
  service_stop
  [ "$started" = 1 ] && pg_stop
  rm -rf "$tour"
  return 0
}
trap finish EXIT
service_start "$binDir" "$tour" 18090
S=$SERVICE_URL
run() {
  printf '\n$ lifectl %s\n' "$*"
  "$binDir/lifectl" "$@"
}
api() {
  printf '\n$ curl -X %s %s %s\n' "$1" "$2" "${4:-}"
  curl -s -X "$1" "$S$2" -H 'content-type: application/json' ${3:+-H "authorization: Bearer $3"} ${4:+-d "$4"}
  echo
}
token() { python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])'; }

chapter "The service: people sign in, the policies decide"
echo "The service listens on $S (PostgreSQL on a Unix socket, nothing else on the network)."
echo "Bob uses an app: it signs up and writes through the API, with his token only."
bob=$(curl -s -X POST "$S/auth/signup" -H 'content-type: application/json' \
  -d '{"email":"bob@example.org","password":"correct horse battery"}' | token)
api PUT /lifetimer/account "$bob" '{"username":"bob","visibility":"public","time_zone":"UTC"}'
goal=$(curl -s -X POST "$S/lifetimer/goals" -H "authorization: Bearer $bob" -H 'content-type: application/json' \
  -d '{"title":"Run a marathon"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
step=$(curl -s -X POST "$S/lifetimer/goals/$goal/milestones" -H "authorization: Bearer $bob" \
  -H 'content-type: application/json' -d '{"title":"Run 10 km","is_public":true}' |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
api POST "/lifetimer/milestones/$step/complete" "$bob"
echo "Ada uses lifectl: her account on this device, then signed in (the password from a file, never an argument)."
run lifetimer account create ada --public >/dev/null
printf 'ada password 123\n' >"$tour/password"
run login --server "$S" --email ada@example.org --password-file "$tour/password" --sign-up
ls -l "$XDG_CONFIG_HOME/lifectl" | tail -n +2 | sed 's/ [A-Z][a-z][a-z] .* / … /'
run login --status --server "$S"
run lifetimer publish --server "$S"
run lifetimer follow bob --server "$S"
run lifetimer feed --server "$S"
run lifetimer followers bob --server "$S"
echo "A forged token, and none at all, are refused alike:"
api GET /lifetimer/feed "forged.token.value"
api GET /lifetimer/feed
echo "Ada's two devices sync through the hub, signed in alike: the service keeps each device's bundles"
echo "as a chain of ciphertext it cannot read (the key stays on the devices)."
run sync key new "$tour/sync.key"
run finite setup --birthday 1990-05-14 >/dev/null
run finite mark 1850 --rating 5 --phrase "a week on the coast" >/dev/null
run sync --server "$S" --key "$tour/sync.key"
laptop() { LIFECTL_DB="$tour/laptop.db" XDG_CONFIG_HOME="$tour/laptop-config" run "$@"; }
laptop login --server "$S" --email ada@example.org --password-file "$tour/password"
laptop sync --server "$S" --key "$tour/sync.key"
laptop finite show 1850
laptop sync --server "$S" --key "$tour/sync.key"
echo "Bob cannot see Ada's bundles:"
api GET /sync/heads "$bob"
run logout --server "$S"
run lifetimer feed --server "$S" || true

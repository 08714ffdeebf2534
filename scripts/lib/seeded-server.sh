# Sourced by the benchmarks that seed events through the product's own surfaces, from
# the repository's root. Starts the server binary (BIN, or a release build) on a
# temporary SQLite database, on loopback only, with an administrator "bench" logged in
# for the organizer's forms and a personal API token; stops it and removes the
# temporary folder on exit. Sets bin, work, db, port, base, token; defines post.
# POST_TIMEOUT (seconds, default 120) bounds each form's request.

if [ -n "${BIN:-}" ]; then
  bin=$BIN
else
  cargo build --release --quiet
  # Honours CARGO_TARGET_DIR and cargo's configuration, like the build above.
  target_dir=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
  bin=$target_dir/release/segnapunti
fi
work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

db="sqlite://$work/bench.db"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
echo "bench-password-1" | "$bin" --database-url "$db" user add --role admin bench >/dev/null
token=$("$bin" --database-url "$db" user token --label bench bench)
RUST_LOG=warn "$bin" --database-url "$db" --port "$port" >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do curl -sf "$base/health" >/dev/null && break; sleep 0.1; done

jar="$work/cookies"
csrf() { curl -s -b "$jar" -c "$jar" "$base/login" | sed -n 's/.*name="csrf_token" value="\([^"]*\)".*/\1/p' | head -n 1; }
form_token=$(csrf)
curl -s -b "$jar" -c "$jar" -o /dev/null --data-urlencode "csrf_token=$form_token" \
  --data "username=bench&password=bench-password-1" "$base/login"
form_token=$(csrf)
# post PATH FIELDS... : an organizer's form; prints the status and the Location header,
# and leaves the answer's body in $work/body.
post() {
  local path=$1
  shift
  local args=(--data-urlencode "csrf_token=$form_token")
  for field in "$@"; do args+=(--data-urlencode "$field"); done
  curl -s --max-time "${POST_TIMEOUT:-120}" -b "$jar" -c "$jar" -o "$work/body" -D "$work/headers" \
    -w '%{http_code}' "${args[@]}" "$base$path"
  sed -n 's|^location: \(.*\)\r$| \1|Ip' "$work/headers"
}

#!/usr/bin/env bash
# Fuzzes the JSON API with schemathesis against a server started here for it
# (the built binary on a temporary SQLite database, a free loopback port), with a
# personal API token and a real match. Fails on any 5xx and on any answer that
# does not match /api/v1/openapi.json (status, content type, headers, body), or
# a method the document does not list answered otherwise than 405 with Allow.
# Bounded: a few examples per operation and a few minutes in all.
#
#   scripts/api-fuzz.sh [BINARY]     (default target/debug/segnapunti)
#
# SCHEMATHESIS_MAX_EXAMPLES and SCHEMATHESIS_MAX_TIME (seconds) change the bounds.
set -euo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS_VERSION=4.32.5
binary=${1:-target/debug/segnapunti}
max_examples=${SCHEMATHESIS_MAX_EXAMPLES:-40}
max_time=${SCHEMATHESIS_MAX_TIME:-150}
[ -x "$binary" ] || { echo "no binary at $binary (cargo build first)" >&2; exit 1; }

work=$(mktemp -d)
server_pid=
cleanup() {
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

echo "installing schemathesis $SCHEMATHESIS_VERSION"
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"

database="sqlite://$work/api.db"
password=fuzz-the-api-please
segnapunti() { "$binary" --database-url "$database" "$@"; }
printf '%s\n' "$password" | RUST_LOG=error segnapunti user add --role organizer fuzzer >/dev/null
token=$(RUST_LOG=error segnapunti user token --label fuzz fuzzer)

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
# The binary itself in the background (not the shell function), so that the cleanup's
# kill stops the server rather than a subshell that leaves it running.
RUST_LOG=warn "$binary" --database-url "$database" --port "$port" >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
    curl -fs "$base/health" >/dev/null 2>&1 && break
    sleep 0.1
done
curl -fs "$base/health" >/dev/null || { cat "$work/server.log" >&2; echo "the server did not start" >&2; exit 1; }

# A match made through the organizer's form, with two entries in its log.
jar="$work/cookies"
csrf() { curl -fs -c "$jar" -b "$jar" "$base/login" | sed -n 's/.*name="csrf_token" value="\([^"]*\)".*/\1/p' | head -n 1; }
curl -fs -o /dev/null -c "$jar" -b "$jar" --data-urlencode username=fuzzer \
    --data-urlencode "password=$password" --data-urlencode "csrf_token=$(csrf)" "$base/login"
location=$(curl -fs -o /dev/null -w '%{redirect_url}' -c "$jar" -b "$jar" \
    --data-urlencode title=Fuzz --data-urlencode game=trionfetti \
    --data-urlencode seat0=Bepi --data-urlencode seat1=Toni --data-urlencode seat2=Nane \
    --data-urlencode seat3=Gigio --data-urlencode first_dealer=0 \
    --data-urlencode target_points=20 --data-urlencode games_to_win=3 \
    --data-urlencode "csrf_token=$(csrf)" "$base/manage/matches")
match_id=${location##*/manage/matches/}
[ -n "$match_id" ] && [ "$match_id" != "$location" ] || { echo "no match was created ($location)" >&2; exit 1; }
for seq in 0 1; do
    curl -fs -o /dev/null -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
        --data "{\"expected_seq\": $seq, \"entry\": {\"type\": \"hand\", \"winner\": \"A\"}}" \
        "$base/api/v1/matches/$match_id/entries"
done
echo "server on $base, match $match_id"

cat >"$work/schemathesis.toml" <<EOF
[cache]
enabled = false

[parameters]
"path.id" = "$match_id"
EOF

checks=not_a_server_error,status_code_conformance,content_type_conformance
checks=$checks,response_headers_conformance,response_schema_conformance
checks=$checks,unsupported_method,allow_header_conformance
# One worker: hypothesis parses lambdas' source with `ast` while it generates, and
# CPython 3.11's AST constructor is not thread-safe (CPython gh-106905); with two
# worker threads a run failed with "AST constructor recursion depth mismatch".
status=0
timeout $((max_time + 120)) "$work/venv/bin/st" --no-color --config-file "$work/schemathesis.toml" \
    run "$base/api/v1/openapi.json" \
    --checks "$checks" \
    --header "Authorization: Bearer $token" \
    --phases examples,coverage,fuzzing \
    --max-examples "$max_examples" --max-time "$max_time" \
    --seed 26 --workers 1 --request-timeout 10 \
    --suppress-health-check too_slow,filter_too_much \
    --warnings off --report-dir "$work/report" || status=$?
if grep -q ' ERROR \| panicked' "$work/server.log"; then
    echo "the server logged errors:" >&2
    grep ' ERROR \| panicked' "$work/server.log" | head -n 20 >&2
    status=1
fi
exit "$status"

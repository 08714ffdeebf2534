#!/usr/bin/env bash
# HTTP load benchmark. Starts the release server itself on a temporary SQLite
# database, on loopback only, and measures with wrk for a bounded time:
#   - the plaintext health route (the baseline of the run),
#   - score entry: hands POSTed through the JSON API with rules validation and a
#     durable commit, many tables at once.
# Every figure is printed with its ratio to the baseline of the same run.
# With POSTGRES_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) the server
# runs on a temporary PostgreSQL database instead, and pgbench measures plain
# single-row inserts into that database at the same concurrency, for the ratio
# score entry / plain inserts.
# With CALLGRIND=FILE the server runs under callgrind, whose counters are zeroed as
# score entry starts and written to FILE as it ends, and the script prints the
# server's instructions per entry: a count the machine's noise moves by a percent
# or two (through the size of the writer's batches) where it moves the CPU time
# per entry by tens of percent; the kernel's work for the server is not in it.
# Usage: scripts/bench-http.sh   (DURATION=10s CONNECTIONS=32 THREADS=2 TABLES=256 BIN=path)
# Every answer carries its match's score sheet, which grows with each hand: for runs
# longer than about 8 s, raise TABLES (1024 for 30 s) so that no match runs to
# thousands of hands and the run measures score entry rather than answer size.
set -euo pipefail
cd "$(dirname "$0")/.."

duration=${DURATION:-10s}
connections=${CONNECTIONS:-32}
threads=${THREADS:-2}
tables=${TABLES:-256}
command -v wrk >/dev/null || { echo "wrk is needed: apt-get install wrk" >&2; exit 1; }

# BIN measures that binary instead of building (e.g. a build from before a change).
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
fi
bin=${BIN:-${CARGO_TARGET_DIR:-$PWD/target}/release/segnapunti}
work=$(mktemp -d)
server=""
pg_database=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  [ -n "$pg_database" ] && psql "$POSTGRES_URL" -qc "DROP DATABASE IF EXISTS $pg_database" >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT

if [ -n "${POSTGRES_URL:-}" ]; then
  command -v pgbench >/dev/null || { echo "pgbench is needed: apt-get install postgresql-contrib" >&2; exit 1; }
  pg_database="segnapunti_bench_$$"
  psql "$POSTGRES_URL" -qc "CREATE DATABASE $pg_database" >/dev/null
  db="${POSTGRES_URL%/*}/$pg_database"
  backend=PostgreSQL
else
  db="sqlite://$work/bench.db"
  backend=SQLite
fi
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
echo "bench-password-1" | "$bin" --database-url "$db" user add --role organizer bench >/dev/null
token=$("$bin" --database-url "$db" user token --label bench bench)
if [ -n "${CALLGRIND:-}" ]; then
  command -v callgrind_control >/dev/null || { echo "CALLGRIND needs valgrind" >&2; exit 1; }
  SERVER_PREFIX="valgrind --tool=callgrind --callgrind-out-file=$work/callgrind.out"
fi
# SERVER_PREFIX runs the server under a profiler, e.g. "valgrind --tool=callgrind";
# RUST_LOG (default warn) sets what the server logs, in $work/server.log.
RUST_LOG=${RUST_LOG:-warn} ${SERVER_PREFIX:-} "$bin" --database-url "$db" --port "$port" >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 600); do curl -sf "$base/health" >/dev/null && break; sleep 0.1; done

# Tables: matches created through the organizer's form, long enough never to end.
jar="$work/cookies"
csrf() { curl -s -b "$jar" -c "$jar" "$base/login" | sed -n 's/.*name="csrf_token" value="\([^"]*\)".*/\1/p' | head -n 1; }
token_form=$(csrf)
curl -s -b "$jar" -c "$jar" -o /dev/null --data-urlencode "csrf_token=$token_form" \
  --data "username=bench&password=bench-password-1" "$base/login"
token_form=$(csrf)
: >"$work/matches"
for table in $(seq 1 "$tables"); do
  curl -s -b "$jar" -c "$jar" -o /dev/null -D "$work/headers" \
    --data-urlencode "csrf_token=$token_form" \
    --data "title=Tavolo+$table&seat0=A&seat1=B&seat2=C&seat3=D&first_dealer=0&target_points=100&games_to_win=9" \
    "$base/manage/matches"
  sed -n 's|^location: /manage/matches/\(.*\)\r$|\1|Ip' "$work/headers" >>"$work/matches"
done
[ "$(wc -l <"$work/matches")" -eq "$tables" ] || { echo "could not create the tables" >&2; exit 1; }

run() { wrk -t"$threads" -c"$connections" -d"$duration" --latency "$@" 2>&1; }
figure() { # name, wrk output -> "req/s p50 p99"
  local rps p50 p99
  rps=$(awk '/^Requests\/sec/ {print $2}' <<<"$2")
  p50=$(awk '$1=="50%" {print $2}' <<<"$2")
  p99=$(awk '$1=="99%" {print $2}' <<<"$2")
  echo "$1 $rps $p50 $p99"
}

# CPU time in clock ticks: of a process, and of PostgreSQL as a whole (its live
# processes, and through the postmaster those that have exited). On two shared
# cores the rates move with whatever else runs; CPU per entry moves much less.
ticks_of() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
postgres_ticks() {
  local total=0 pid
  for pid in $(pgrep -u postgres 2>/dev/null); do total=$((total + $(ticks_of "$pid"))); done
  local postmaster
  postmaster=$(pgrep -u postgres -o postgres 2>/dev/null || true)
  [ -n "$postmaster" ] && total=$((total + $(awk '{print $16 + $17}' "/proc/$postmaster/stat")))
  echo "$total"
}
hz=$(getconf CLK_TCK)

# PostgreSQL starts each measured phase from a checkpoint, so that neither pays
# for the other's writes (the table setup's, or the score entries').
settle() { [ -z "$pg_database" ] || psql "$db" -qc CHECKPOINT >/dev/null; }

health_before=$(ticks_of "$server")
baseline_out=$(run "$base/health")
health_after=$(ticks_of "$server")
settle
# Bytes the server made the disk write (SQLite's log and database file).
written() { awk '/^write_bytes/ {print $2}' "/proc/$1/io" 2>/dev/null || echo 0; }
server_before=$(ticks_of "$server"); postgres_before=$(postgres_ticks); written_before=$(written "$server")
[ -n "${CALLGRIND:-}" ] && callgrind_control -z "$server" >/dev/null
score_out=$(run -s scripts/wrk/score.lua "$base/" -- "$work/matches" "$token" "$threads")
[ -n "${CALLGRIND:-}" ] && callgrind_control -d "$server" >/dev/null && cp "$work/callgrind.out.1" "$CALLGRIND"
server_after=$(ticks_of "$server"); postgres_after=$(postgres_ticks); written_after=$(written "$server")
baseline=$(figure health "$baseline_out")
score=$(figure score-entry "$score_out")
recorded=$(grep -o 'recorded [0-9]* refused [0-9]*' <<<"$score_out" || true)

inserts=""
if [ -n "$pg_database" ]; then
  # The yardstick: one durable single-row insert per transaction, same clients.
  psql "$db" -qc "CREATE TABLE plain_inserts (id BIGSERIAL PRIMARY KEY, match_id BIGINT NOT NULL, entry_json TEXT NOT NULL, created_at TIMESTAMP NOT NULL DEFAULT now())" >/dev/null
  echo "INSERT INTO plain_inserts (match_id, entry_json) VALUES (1, '{\"type\":\"hand\",\"winner\":\"A\"}');" >"$work/insert.sql"
  settle
  pgbench_before=$(postgres_ticks)
  pgbench_out=$(pgbench -n -c "$connections" -j "$threads" -T "${duration%s}" -f "$work/insert.sql" "$db" 2>&1)
  pgbench_after=$(postgres_ticks)
  inserts=$(awk '/^tps = / {print $3; exit}' <<<"$pgbench_out")
  insert_latency=$(awk '/^latency average/ {print $4; exit}' <<<"$pgbench_out")
fi

echo
echo "wrk -t$threads -c$connections -d$duration, $tables tables, $backend, release build"
printf '%-14s %12s %10s %10s %8s\n' route "req/s" p50 p99 ratio
base_rps=$(awk '{print $2}' <<<"$baseline")
for line in "$baseline" "$score"; do
  read -r name rps p50 p99 <<<"$line"
  ratio=$(awk -v a="$rps" -v b="$base_rps" 'BEGIN {printf "%.2f", a/b}')
  printf '%-14s %12s %10s %10s %8s\n' "$name" "$rps" "$p50" "$p99" "$ratio"
done
echo "score entry: $recorded"
grep '^refused by status' <<<"$score_out" | sed 's/^/score entry /' || true
grep '^latency p50' <<<"$score_out" | sed 's/^/score entry /' || true
entries=$(awk '{print $2}' <<<"$recorded")
if [ -n "$entries" ] && [ "$entries" -gt 0 ]; then
  health_requests=$(awk '/ requests in / {print $1; exit}' <<<"$baseline_out")
  awk -v s=$((health_after - health_before)) -v n="$health_requests" -v hz="$hz" \
    'BEGIN {printf "CPU per health request: server %.0f us\n", s / hz / n * 1e6}'
  awk -v s=$((server_after - server_before)) -v n="$entries" -v hz="$hz" \
    'BEGIN {printf "CPU per entry: server %.0f us", s / hz / n * 1e6}'
  [ -n "$pg_database" ] && awk -v p=$((postgres_after - postgres_before)) -v n="$entries" -v hz="$hz" \
    'BEGIN {printf ", PostgreSQL %.0f us", p / hz / n * 1e6}'
  echo
  if [ -z "$pg_database" ]; then
    awk -v w=$((written_after - written_before)) -v n="$entries" \
      'BEGIN {printf "disk writes per entry: %.1f KB\n", w / n / 1024}'
  fi
  if [ -n "${CALLGRIND:-}" ]; then
    instructions=$(awk '/^(summary|totals):/ {print $2; exit}' "$CALLGRIND")
    awk -v i="$instructions" -v n="$entries" \
      'BEGIN {printf "instructions per entry: server %.0f (callgrind, in %s)\n", i / n, ENVIRON["CALLGRIND"]}'
  fi
fi
if [ -n "$inserts" ]; then
  score_rps=$(awk '{print $2}' <<<"$score")
  printf '%-14s %12s %10s\n' "plain inserts" "$inserts" "avg ${insert_latency}ms"
  awk -v a="$score_rps" -v b="$inserts" 'BEGIN {printf "score entry / plain inserts: %.2f\n", a/b}'
  inserted=$(psql "$db" -Atc 'SELECT COUNT(*) FROM plain_inserts' 2>/dev/null || echo 0)
  [ "$inserted" -gt 0 ] && awk -v p=$((pgbench_after - pgbench_before)) -v n="$inserted" -v hz="$hz" \
    'BEGIN {printf "CPU per plain insert: PostgreSQL %.0f us\n", p / hz / n * 1e6}'
fi
# Every acknowledged entry must be in the log.
if [ -n "$pg_database" ]; then
  stored=$(psql "$db" -Atc 'SELECT COUNT(*) FROM match_entries' 2>/dev/null || echo "?")
else
  stored=$(sqlite3 "$work/bench.db" 'SELECT COUNT(*) FROM match_entries' 2>/dev/null || echo "?")
fi
echo "entries stored: $stored"

#!/usr/bin/env bash
# A federation's years against the demo, side by side (issue 39: every page costs what
# it shows, not what the database holds). Makes two databases with the release binary,
# through the product's own write paths:
#   demo        `segnapunti demo`
#   federation  `segnapunti demo --clubs $CLUBS --seasons $SEASONS` (default 200 × 3)
# serves each on its own port, and reports for the home page, the demo club's page, an
# event page, standings, a match page, the busiest player's page, the archive's first and
# last page, and score entry: the median time and bytes on each, and their ratio
# (scripts/lib/side_by_side.py; targets: every ratio ≤ 1.5, no page over 50 KB).
# BACKEND=sqlite (default; files in $DIR, default target/bench-federation, kept and
# reused: delete them to make them again) or BACKEND=postgres (PG=postgres://USER@HOST:PORT,
# default postgres://postgres@127.0.0.1:5432; databases segnapunti_bench_demo and
# segnapunti_bench_federation, made again when absent). ROUNDS requests per page (30).
# BIN=PATH measures that binary instead of building one. LIGHTHOUSE=PATH (lighthouse 12,
# `npm install lighthouse@12`) also scores the federation's pages, mobile, in Chromium
# (CHROME_PATH, default /usr/bin/chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

clubs=${CLUBS:-200}
seasons=${SEASONS:-3}
rounds=${ROUNDS:-30}
backend=${BACKEND:-sqlite}
dir=${DIR:-target/bench-federation}
pg=${PG:-postgres://postgres@127.0.0.1:5432}

if [ -n "${BIN:-}" ]; then
  bin=$BIN
else
  cargo build --release --quiet
  bin=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')/release/segnapunti
fi
mkdir -p "$dir"
servers=()
cleanup() { for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT

# url_of NAME: the database's address on the chosen backend.
url_of() {
  case $backend in
    sqlite) echo "sqlite://$(realpath "$dir")/$1.db" ;;
    postgres) echo "$pg/segnapunti_bench_$1" ;;
    *) echo "BACKEND is sqlite or postgres" >&2; exit 2 ;;
  esac
}
# exists NAME: whether that database was made already (and completed).
exists() {
  case $backend in
    sqlite) [ -f "$dir/$1.sqlite.done" ] && [ -f "$dir/$1.db" ] ;;
    postgres) [ "$(psql -X -At "$pg/postgres" -c "SELECT 1 FROM pg_database WHERE datname = 'segnapunti_bench_$1'")" = 1 ] &&
              [ -f "$dir/$1.postgres.done" ] ;;
  esac
}
make_db() { # NAME ARGS...
  local name=$1
  shift
  case $backend in
    sqlite) rm -f "$dir/$name.db" "$dir/$name.db-wal" "$dir/$name.db-shm" ;;
    postgres) psql -X -q "$pg/postgres" -c "DROP DATABASE IF EXISTS segnapunti_bench_$name" \
                -c "CREATE DATABASE segnapunti_bench_$name" ;;
  esac
  echo "making the $name database ($*)" >&2
  /usr/bin/time -f "  $name made in %e s, %M KB at most" \
    "$bin" --database-url "$(url_of "$name")" demo "$@" >/dev/null
  touch "$dir/$name.$backend.done"
}
exists demo || make_db demo
exists federation || make_db federation --clubs "$clubs" --seasons "$seasons"

# PostgreSQL plans from statistics: both databases measured with fresh ones (the
# generator analyzes as it goes; autovacuum may be off, as on the test machines).
if [ "$backend" = postgres ]; then
  for name in demo federation; do psql -X -q "$(url_of "$name")" -c ANALYZE; done
fi

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
serve() { # NAME → prints the base address once it answers
  local port
  port=$(free_port)
  RUST_LOG=warn "$bin" --database-url "$(url_of "$1")" --port "$port" >"$dir/$1.$backend.log" 2>&1 &
  servers+=($!)
  for _ in $(seq 1 300); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
  echo "http://127.0.0.1:$port"
}
# A token for the demo's administrator on each database, for the API's score entry.
demo_token=$("$bin" --database-url "$(url_of demo)" user token --label bench admin)
fed_token=$("$bin" --database-url "$(url_of federation)" user token --label bench admin)
demo_base=$(serve demo)
fed_base=$(serve federation)

echo "backend $backend; federation: $clubs clubs × $seasons seasons; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
python3 scripts/lib/side_by_side.py "$demo_base" "$(url_of demo)" "$fed_base" "$(url_of federation)" \
  "$demo_token" "$fed_token" "$rounds" "$dir/pages.txt"

if [ -n "${LIGHTHOUSE:-}" ]; then
  echo
  echo "| federation page (Lighthouse, mobile) | performance | accessibility | LCP | TBT |"
  echo "|---|---:|---:|---:|---:|"
  while IFS=$'\t' read -r label path; do
    CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium} "$LIGHTHOUSE" "$fed_base$path" --quiet \
      --only-categories=performance,accessibility --output=json --output-path="$dir/lh.json" \
      --chrome-flags="--headless=new --no-sandbox" >/dev/null 2>&1 || { echo "| $label | failed | | | |"; continue; }
    python3 - "$label" "$dir/lh.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[2]))
score = lambda c: round(report["categories"][c]["score"] * 100)
audit = lambda a: report["audits"][a]["displayValue"]
print(f"| {sys.argv[1]} | {score('performance')} | {score('accessibility')} | "
      f"{audit('largest-contentful-paint')} | {audit('total-blocking-time')} |")
PY
  done <"$dir/pages.txt"
fi

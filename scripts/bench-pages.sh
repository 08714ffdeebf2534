#!/usr/bin/env bash
# Public page load benchmark. Starts the release server itself on a temporary SQLite
# database, on loopback only, seeds events through the product's own surfaces (the
# organizer's forms, the CSV import of entrants, the JSON API with a personal token),
# then measures with wrk for a bounded time:
#   - the plaintext health route (the baseline of the run),
#   - for N entrants (pairs) in SIZES:
#       live   the live page of a match in progress (/m/{id}),
#       event  the event page of a single-elimination event: the round being played, the
#              top of the standings (the full pages behind it: scripts/measure-event-page.sh),
#       stand  the event page of a Swiss event (/e/{id}), where the standings with their
#              tie-breaks are what the public reads.
#       event-rb, stand-rb  the same pages built from the database for every request
#              (scripts/wrk/pages.lua "rebuild"): what the first request after each
#              change costs, the page cache aside.
# Every figure is printed with its ratio to the baseline of the same run, and with its
# growth: cost (1 / req/s) at N over cost at N/4, where x4 is linear.
# Every response must be a 200 (scripts/wrk/pages.lua counts the others).
# Usage: scripts/bench-pages.sh   (DURATION=5s CONNECTIONS=32 THREADS=2 SIZES="64 256 1024")
# KEEP=DIR keeps the seeded database and the list of pages in DIR, to profile a server
# started on a copy of it. BIN=PATH measures that binary instead of building one (to
# compare two builds in the same conditions).
set -euo pipefail
cd "$(dirname "$0")/.."

duration=${DURATION:-5s}
connections=${CONNECTIONS:-32}
threads=${THREADS:-2}
sizes=${SIZES:-64 256 1024}
seed_limit=${SEED_TIMEOUT:-900}
command -v wrk >/dev/null || { echo "wrk is needed: apt-get install wrk" >&2; exit 1; }
command -v python3 >/dev/null || { echo "python3 is needed to seed the events" >&2; exit 1; }

source scripts/lib/seeded-server.sh
expect() { # expected-status "status location" what
  [ "${2%% *}" = "$1" ] || { echo "$3 failed: $2" >&2; tail -c 2000 "$work/body" >&2; exit 1; }
}

answer=$(post /manage/clubs "name=Circolo del banco")
expect 303 "$answer" "creating the club"
club=${answer##*/manage/clubs/}

# The entries of a match through the JSON API, as a referee's phone sends them. A
# finished match: three hands by outcome, then a vagaresto accepted by the winners
# (worth the points they still need: the game, and with one game to win the match). A
# match in progress: six hands, three each. Round 1 of each event is finished, a quarter
# of round 2 is in progress.
cat >"$work/seed.py" <<'EOF'
import http.client, json, re, sys

host, port, token, event = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
connection = http.client.HTTPConnection(host, port, timeout=120)

def request(method, path, body=None, headers=None):
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    return response.status, response.read().decode()

def matches_with_rows():
    # Every round's page in turn (the event page lists only a few tables of a big event).
    found = []
    number = 1
    while True:
        status, page = request("GET", f"/e/{event}/rounds?round={number}")
        assert status == 200, (status, page[:500])
        for item in re.findall(r'<li class="pairing[^"]*" id="pairing-([^"]+)">(.*?)</li>', page, re.S):
            anchor, body = item
            link = re.search(r'href="/m/([^"]+)"', body)
            if link:
                found.append((anchor, link.group(1)))
        if f'rounds?round={number + 1}"' not in page:
            return found
        number += 1

def append(public_id, entries):
    for seq, entry in enumerate(entries):
        body = json.dumps({"expected_seq": seq, "entry": entry})
        status, text = request("POST", f"/api/v1/matches/{public_id}/entries", body,
            {"Content-Type": "application/json", "Authorization": "Bearer " + token})
        assert status == 201, (public_id, seq, status, text[:500])

def finished(winner):
    loser = "B" if winner == "A" else "A"
    caller = 0 if winner == "A" else 1
    return [{"type": "hand", "winner": w} for w in (winner, loser, winner)] + [
        {"type": "hand", "winner": winner, "vagaresto": {"caller": caller, "answer": "accepted"}}]

in_progress = [{"type": "hand", "winner": w} for w in "ABBAAB"]

first = matches_with_rows()
for index, (_, public_id) in enumerate(first):
    append(public_id, finished("A" if index % 3 else "B"))
done = {public_id for _, public_id in first}
second = [m for m in matches_with_rows() if m[1] not in done]
assert second, "round 2 was not drawn"
playing = second[::4]
for _, public_id in playing:
    append(public_id, in_progress)
print(playing[0][1], len(first), len(playing))
EOF

: >"$work/targets"
for n in $sizes; do
  for format in single_elimination swiss; do
    answer=$(post "/manage/clubs/$club/events" "name=Torneo $n $format" "date=2030-11-21" \
      "time=20:30" "venue=Osteria ai Do Mori" "game=trionfetti" "target_points=20" \
      "games_to_win=1" "format=$format" "rounds=5" "listed=true")
    expect 303 "$answer" "creating the $format event of $n"
    event=${answer##*/manage/events/}
    python3 -c "import sys; n = int(sys.argv[1]); tag = sys.argv[2]
for i in range(1, n + 1): print(f'{tag} {i}a,{tag} {i}b,Coppia {i}')" "$n" "$format$n" >"$work/entrants.csv"
    answer=$(post "/manage/events/$event/import" "csv@$work/entrants.csv")
    expect 200 "$answer" "importing $n entrants"
    expect 303 "$(post "/manage/events/$event/checkin" "all=true")" "checking in"
    expect 303 "$(post "/manage/events/$event/draw" "method=random" "seed=7")" "the draw"
    start=$(date +%s)
    read -r live finished playing < <(timeout "$seed_limit" python3 "$work/seed.py" 127.0.0.1 "$port" "$token" "$event")
    echo "seeded $format of $n: $finished matches finished, $playing in progress ($(($(date +%s) - start)) s)" >&2
    echo "$n $format $event $live" >>"$work/targets"
  done
done

if [ -n "${KEEP:-}" ]; then
  mkdir -p "$KEEP"
  "$bin" --database-url "$db" backup "$KEEP/bench.db" >/dev/null
  cp "$work/targets" "$KEEP/targets"
  echo "kept $KEEP/bench.db and $KEEP/targets (N, format, event, live match)" >&2
fi

run() { # URL [lua arguments]
  local url=$1
  shift
  wrk -t"$threads" -c"$connections" -d"$duration" --latency -s scripts/wrk/pages.lua "$url" -- "$@" 2>&1
}
figure() { # wrk output -> "req/s p50 p99 non-200 body-bytes"
  local rps p50 p99 bad bytes
  rps=$(awk '/^Requests\/sec/ {print $2}' <<<"$1")
  p50=$(awk '$1=="50%" {print $2}' <<<"$1")
  p99=$(awk '$1=="99%" {print $2}' <<<"$1")
  bad=$(awk '/^responses/ {print $4}' <<<"$1")
  bytes=$(awk '/^responses/ {print $6}' <<<"$1")
  echo "$rps $p50 $p99 ${bad:-?} ${bytes:-?}"
}

results="$work/results"
echo "health - $(figure "$(run "$base/health")")" >"$results"
while read -r n format event live; do
  if [ "$format" = single_elimination ]; then
    echo "live $n $(figure "$(run "$base/m/$live")")" >>"$results"
    echo "event $n $(figure "$(run "$base/e/$event")")" >>"$results"
    echo "event-rb $n $(figure "$(run "$base/e/$event" rebuild)")" >>"$results"
  else
    echo "stand $n $(figure "$(run "$base/e/$event")")" >>"$results"
    echo "stand-rb $n $(figure "$(run "$base/e/$event" rebuild)")" >>"$results"
  fi
done <"$work/targets"

echo
echo "wrk -t$threads -c$connections -d$duration, SQLite, release build, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "live: /m/{id} of a match in progress; event: /e/{id} single elimination;"
echo "stand: /e/{id} of a Swiss event (standings with tie-breaks). N: entrants (pairs)."
echo "-rb: the page built from the database for every request (no page cache)."
echo "growth: cost at N over cost at N/4 (x4 linear). All responses 200 unless non-200 > 0."
awk '
  NR == FNR { if ($1 == "health") base = $3; next }
  { rows[$1] = rows[$1] $0 "\n" }
  END {
    printf "%-9s %5s %10s %9s %9s %7s %7s %8s %9s\n", "route", "N", "req/s", "p50", "p99", "ratio", "growth", "non-200", "bytes"
    routes = split("health live event event-rb stand stand-rb", order, " ")
    for (r = 1; r <= routes; r++) {
      count = split(rows[order[r]], lines, "\n")
      for (i = 1; i < count; i++) {
        split(lines[i], f, " ")
        growth = "-"
        if ((f[1], f[2] / 4) in cost) growth = sprintf("x%.1f", (1 / f[3]) / cost[f[1], f[2] / 4])
        cost[f[1], f[2]] = 1 / f[3]
        printf "%-9s %5s %10s %9s %9s %7.3f %7s %8s %9s\n", f[1], f[2], f[3], f[4], f[5], f[3] / base, growth, f[6], f[7]
      }
    }
  }' "$results" "$results"
bad=$(awk '$6 != 0 {print}' "$results")
if [ -n "$bad" ]; then
  echo "some responses were not 200:" >&2
  echo "$bad" >&2
  exit 1
fi

#!/usr/bin/env bash
# Club-night soak. Starts the server itself (see scripts/lib/seeded-server.sh:
# BIN=PATH runs that binary, else a release build) on a temporary SQLite database,
# draws a Swiss event of 2 x TABLES pairs (TABLES tables in round 1), then for MINUTES:
#   - every table appends a hand through the JSON API every HAND_EVERY seconds or so
#     (a table whose match ends stops),
#   - WATCHERS live streams stay open, spread over the event's stream and the
#     tables' match streams (gzip accepted, as browsers ask),
#   - READERS page readers open the event page, its live fragment, its standings and
#     match pages every few seconds,
# and prints the server's memory (RSS) and open files, and /health's time, every
# PERIOD seconds. Memory should level off.
# Usage: scripts/soak-night.sh   (MINUTES=20 TABLES=100 WATCHERS=300 READERS=4
#                                 HAND_EVERY=20 PERIOD=30 BIN=path)
set -euo pipefail
cd "$(dirname "$0")/.."

minutes=${MINUTES:-20}
tables=${TABLES:-100}
watchers=${WATCHERS:-300}
readers=${READERS:-4}
hand_every=${HAND_EVERY:-20}
period=${PERIOD:-30}
command -v python3 >/dev/null || { echo "python3 is needed" >&2; exit 1; }
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

source scripts/lib/seeded-server.sh
expect() { # expected-status "status location" what
  [ "${2%% *}" = "$1" ] || { echo "$3 failed: $2" >&2; tail -c 2000 "$work/body" >&2; exit 1; }
}

answer=$(post /manage/clubs "name=Circolo del banco")
expect 303 "$answer" "creating the club"
club=${answer##*/manage/clubs/}
# Long matches (to 61 points, 3 games), so that tables keep playing all night.
answer=$(post "/manage/clubs/$club/events" "name=Serata al circolo" "date=2030-11-21" \
  "time=20:30" "venue=Osteria ai Do Mori" "game=trionfetti" "target_points=61" \
  "games_to_win=3" "format=swiss" "rounds=5" "listed=true")
expect 303 "$answer" "creating the event"
event=${answer##*/manage/events/}
python3 -c "import sys
for i in range(1, 2 * int(sys.argv[1]) + 1): print(f'Giocatore {i}a,Giocatore {i}b,Coppia {i}')" "$tables" >"$work/entrants.csv"
expect 200 "$(post "/manage/events/$event/import" "csv@$work/entrants.csv")" "importing the entrants"
expect 303 "$(post "/manage/events/$event/checkin" "all=true")" "checking in"
expect 303 "$(post "/manage/events/$event/draw" "method=random" "seed=7")" "the draw"
# Round 1's matches.
matches=$(curl -s "$base/e/$event/rounds?round=1" | grep -o 'href="/m/[^"]*"' |
  sed 's|href="/m/\([^"/]*\)"|\1|' | awk '!seen[$0]++' | head -n "$tables" | paste -sd, -)
[ -n "$matches" ] || { echo "no matches in round 1" >&2; exit 1; }

echo "$(basename "$bin"), SQLite, $(nproc) cores; $(tr ',' '\n' <<<"$matches" | wc -l) tables, $watchers watchers, $readers readers, $minutes min"
python3 scripts/lib/watchers.py soak host=127.0.0.1 port="$port" pid="$server" token="$token" \
  event="$event" matches="$matches" minutes="$minutes" watchers="$watchers" readers="$readers" \
  hand_every="$hand_every" period="$period"

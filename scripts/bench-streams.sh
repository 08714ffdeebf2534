#!/usr/bin/env bash
# Live-stream benchmark. Starts the server itself (see scripts/lib/seeded-server.sh:
# BIN=PATH measures that binary, else a release build) on a temporary SQLite database,
# creates a single elimination of 64 pairs, opens WATCHERS event streams of it
# (/e/{id}/events, as the event page's script does, gzip accepted as browsers do; with
# WATCH=match, /m/{id}/events of one match), then appends UPDATES hands through the
# JSON API to the event's matches, one at a time, each once every watcher has seen the
# previous one (or 30 s passed). It prints:
#   - the time from each append until every watcher had its update (median, worst),
#     and how many updates some watcher missed;
#   - /health's answer and time after each update;
#   - the server's RSS (/proc/PID/status) and open files (/proc/PID/fd) before the
#     watchers, once they are connected, and after 10 and after 100 updates, with the
#     memory per watcher.
# ACCEPT_GZIP=0: the watchers do not accept gzip (a stream was then never compressed).
# Usage: scripts/bench-streams.sh   (WATCHERS=2000 UPDATES=100 WATCH=event ACCEPT_GZIP=1 BIN=path)
set -euo pipefail
cd "$(dirname "$0")/.."

watchers=${WATCHERS:-2000}
updates=${UPDATES:-100}
watch=${WATCH:-event}
command -v python3 >/dev/null || { echo "python3 is needed" >&2; exit 1; }
# Each watcher is a connection of this shell's python and of the server.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

source scripts/lib/seeded-server.sh
expect() { # expected-status "status location" what
  [ "${2%% *}" = "$1" ] || { echo "$3 failed: $2" >&2; tail -c 2000 "$work/body" >&2; exit 1; }
}

answer=$(post /manage/clubs "name=Circolo del banco")
expect 303 "$answer" "creating the club"
club=${answer##*/manage/clubs/}
answer=$(post "/manage/clubs/$club/events" "name=Torneo in diretta" "date=2030-11-21" \
  "time=20:30" "venue=Osteria ai Do Mori" "game=trionfetti" "target_points=20" \
  "games_to_win=1" "format=single_elimination" "listed=true")
expect 303 "$answer" "creating the event"
event=${answer##*/manage/events/}
python3 -c "
for i in range(1, 65): print(f'Giocatore {i}a,Giocatore {i}b,Coppia {i}')" >"$work/entrants.csv"
expect 200 "$(post "/manage/events/$event/import" "csv@$work/entrants.csv")" "importing the entrants"
expect 303 "$(post "/manage/events/$event/checkin" "all=true")" "checking in"
expect 303 "$(post "/manage/events/$event/draw" "method=random" "seed=7")" "the draw"
# The matches of round 1, whose hands are the updates (alternating winners, so that no
# match ends within the run).
matches=$(curl -s "$base/e/$event/rounds?round=1" | grep -o 'href="/m/[^"]*"' |
  sed 's|href="/m/\([^"/]*\)"|\1|' | awk '!seen[$0]++' | paste -sd, -)
[ -n "$matches" ] || { echo "no matches in round 1" >&2; exit 1; }
if [ "$watch" = match ]; then
  path="/m/${matches%%,*}/events"
  matches=${matches%%,*}
else
  path="/e/$event/events"
fi

echo "$(basename "$bin"), SQLite, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $watchers watchers of $path, $updates updates"
python3 scripts/lib/watchers.py bench host=127.0.0.1 port="$port" pid="$server" token="$token" \
  path="$path" matches="$matches" watchers="$watchers" updates="$updates" marks=10,100

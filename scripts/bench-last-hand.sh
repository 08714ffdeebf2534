#!/usr/bin/env bash
# The last hand of a match through the JSON API in a large event: the release server on
# a temporary SQLite database (loopback only), a double elimination of N pairs (default
# 1,024) created through the organizer's forms and CSV import, then every round-1 match
# played: three hands, then the hand that finishes it, which is timed (the request
# that starts advancement: events::after_append and its sync). Prints the median, the
# 90th percentile and the slowest of the finishing hands, of the first hands (which
# start a match: the event sees those too) and of the hands in between (the yardstick).
# VIEWER=1 (the default) loads the public event page after each finished match, untimed,
# as anyone following the evening does: the page remembers every match's summary, so the
# next advancement replays only the log that grew; VIEWER=0 measures with nobody
# watching (every other match's log replayed at each advancement).
# Usage: scripts/bench-last-hand.sh   (N=1024 MATCHES=200 VIEWER=1 BIN=path/to/segnapunti)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${N:-1024}
count=${MATCHES:-200}
viewer=${VIEWER:-1}
POST_TIMEOUT=300
source scripts/lib/seeded-server.sh
club=$(post /manage/clubs "name=Circolo del banco")
club=${club##*/manage/clubs/}
event=$(post "/manage/clubs/$club/events" "name=Doppia $n" "date=2030-11-21" "time=20:30" \
  "venue=Osteria" "game=trionfetti" "target_points=20" "games_to_win=1" \
  "format=double_elimination" "listed=true")
event=${event##*/manage/events/}
python3 -c "import sys
for i in range(1, int(sys.argv[1]) + 1): print(f'Giocatore {i}a,Giocatore {i}b,Coppia {i}')" "$n" >"$work/entrants.csv"
post "/manage/events/$event/import" "csv@$work/entrants.csv" >/dev/null
post "/manage/events/$event/checkin" "all=true" >/dev/null
post "/manage/events/$event/draw" "method=random" "seed=7" >/dev/null
python3 - 127.0.0.1 "$port" "$token" "$event" "$count" "$viewer" <<'PY'
import http.client, json, re, sys, time
host, port, token, event, count = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5])
viewer = sys.argv[6] == "1"
connection = http.client.HTTPConnection(host, port, timeout=300)
def request(method, path, body=None, headers=None):
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    return response.status, response.read().decode()
# Round 1's page lists all its tables (the event page only a few of a big event's).
status, page = request("GET", f"/e/{event}/rounds?round=1")
ids = re.findall(r'href="/m/([^"]+)"', page)
seen = []
for i in ids:
    if i not in seen:
        seen.append(i)
ids = seen[:count]
hands = [{"type": "hand", "winner": w} for w in "ABA"] + [
    {"type": "hand", "winner": "A", "vagaresto": {"caller": 0, "answer": "accepted"}}]
first, middle, last = [], [], []
for public_id in ids:
    for seq, entry in enumerate(hands):
        body = json.dumps({"expected_seq": seq, "entry": entry})
        started = time.perf_counter()
        status, text = request("POST", f"/api/v1/matches/{public_id}/entries", body,
            {"Content-Type": "application/json", "Authorization": "Bearer " + token})
        took = (time.perf_counter() - started) * 1000
        assert status == 201, (status, text[:300])
        (first if seq == 0 else last if seq == len(hands) - 1 else middle).append(took)
        if viewer and seq in (0, len(hands) - 1):
            request("GET", f"/e/{event}")
def show(name, xs):
    xs = sorted(xs)
    print(f"{name}: {len(xs)} requests, median {xs[len(xs)//2]:.2f} ms, p90 {xs[int(len(xs)*0.9)]:.2f} ms, slowest {xs[-1]:.2f} ms")
show("first hand (starts the match)", first)
show("hands in between", middle)
show("last hand (finishes the match, advancement)", last)
PY

#!/usr/bin/env bash
# The weight of an event page as a phone receives it. Starts the server itself (see
# scripts/lib/seeded-server.sh: BIN=PATH measures that binary, else a release build),
# creates a single elimination of N pairs for each N in SIZES through the organizer's
# forms (CSV import, check-in, draw), and prints for the event page and the full pages
# behind it: bytes as sent uncompressed, bytes gzipped, and DOM elements (start tags,
# hidden ones included). Also checks that the live fragment answers 304 to its own tag.
# With LIGHTHOUSE=path/to/lighthouse (npm's lighthouse bin) it also runs Lighthouse,
# mobile, headless Chromium (CHROME_PATH, default /usr/bin/chromium) on the event page of
# each size, a referee page and the home page, and prints performance, accessibility,
# LCP and total blocking time.
# Usage: scripts/measure-event-page.sh   (SIZES="64 1024" BIN=target/release/segnapunti)
set -euo pipefail
cd "$(dirname "$0")/.."

sizes=${SIZES:-64 1024}
chrome=${CHROME_PATH:-/usr/bin/chromium}
command -v python3 >/dev/null || { echo "python3 is needed" >&2; exit 1; }

source scripts/lib/seeded-server.sh
expect() { # expected-status "status location" what
  [ "${2%% *}" = "$1" ] || { echo "$3 failed: $2" >&2; tail -c 2000 "$work/body" >&2; exit 1; }
}

answer=$(post /manage/clubs "name=Circolo del banco")
expect 303 "$answer" "creating the club"
club=${answer##*/manage/clubs/}

elements() { # file -> number of elements
  python3 - "$1" <<'EOF'
import sys
from html.parser import HTMLParser
class Count(HTMLParser):
    n = 0
    def handle_starttag(self, tag, attrs): self.n += 1
    def handle_startendtag(self, tag, attrs): self.n += 1
parser = Count()
parser.feed(open(sys.argv[1], encoding="utf-8").read())
print(parser.n)
EOF
}

measure() { # label path
  local raw gz count
  raw=$(curl -s -o "$work/page" -w '%{size_download}' "$base$2")
  gz=$(curl -s -H 'Accept-Encoding: gzip' -o /dev/null -w '%{size_download}' "$base$2")
  count=$(elements "$work/page")
  printf '%-28s %10s %10s %9s\n' "$1" "$raw" "$gz" "$count"
}

referee=""
declare -A events
for n in $sizes; do
  answer=$(post "/manage/clubs/$club/events" "name=Torneo $n" "date=2030-11-21" \
    "time=20:30" "venue=Osteria ai Do Mori" "game=trionfetti" "target_points=20" \
    "games_to_win=1" "format=single_elimination" "listed=true")
  expect 303 "$answer" "creating the event of $n"
  event=${answer##*/manage/events/}
  python3 -c "import sys
for i in range(1, int(sys.argv[1]) + 1): print(f'Giocatore {i}a,Giocatore {i}b,Coppia {i}')" "$n" >"$work/entrants.csv"
  expect 200 "$(post "/manage/events/$event/import" "csv@$work/entrants.csv")" "importing $n entrants"
  expect 303 "$(post "/manage/events/$event/checkin" "all=true")" "checking in"
  expect 303 "$(post "/manage/events/$event/draw" "method=random" "seed=7")" "the draw"
  events[$n]=$event
  if [ -z "$referee" ]; then
    referee=$(curl -s -b "$jar" "$base/manage/events/$event/cards" |
      sed -n 's/.*class="scoring-link" href="\([^"]*\)".*/\1/p' | head -n 1)
    referee=${referee#"$base"}
  fi
done

echo "single elimination after the draw; bytes as sent, gzipped (Accept-Encoding: gzip)"
printf '%-28s %10s %10s %9s\n' page bytes gzipped elements
for n in $sizes; do
  event=${events[$n]}
  measure "event $n" "/e/$event"
  measure "event $n, highlighted" "/e/$event?highlight=$n"
  measure "live fragment $n" "/e/$event/live"
  measure "rounds $n (round 1)" "/e/$event/rounds"
  measure "standings $n (page 1)" "/e/$event/standings"
  measure "entrants $n (page 1)" "/e/$event/entrants"
  tag=$(curl -s -D - -o /dev/null "$base/e/$event/live" | sed -n 's/^etag: \(.*\)\r$/\1/Ip')
  again=$(curl -s -o /dev/null -w '%{http_code} %{size_download}' -H "If-None-Match: $tag" "$base/e/$event/live")
  echo "live fragment $n asked again with its tag $tag: status and bytes $again"
done
measure "referee page" "$referee"
measure "home" "/"

if [ -n "${LIGHTHOUSE:-}" ]; then
  echo
  echo "Lighthouse $("$LIGHTHOUSE" --version), mobile (default emulation and throttling), $chrome headless"
  printf '%-22s %12s %14s %9s %9s\n' page performance accessibility LCP TBT
  lighthouse() { # label path
    "$LIGHTHOUSE" "$base$2" --chrome-path="$chrome" --quiet \
      --chrome-flags="--headless=new --no-sandbox --disable-gpu" \
      --only-categories=performance,accessibility --output=json --output-path="$work/lh.json" >/dev/null 2>&1 ||
      { echo "$1: lighthouse failed" >&2; return; }
    python3 - "$1" "$work/lh.json" <<'EOF'
import json, sys
report = json.load(open(sys.argv[2]))
score = lambda c: round(report["categories"][c]["score"] * 100)
audit = lambda a: report["audits"][a]["displayValue"].replace("\u00a0", " ")
print(f'{sys.argv[1]:<22} {score("performance"):>12} {score("accessibility"):>14} '
      f'{audit("largest-contentful-paint"):>9} {audit("total-blocking-time"):>9}')
EOF
  }
  for n in $sizes; do lighthouse "event $n" "/e/${events[$n]}"; done
  lighthouse "referee page" "$referee"
  lighthouse "home" "/"
fi

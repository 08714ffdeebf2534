"""The demo database and a federation's database served side by side (scripts/bench-federation.sh).

For each page, requests alternate between the two servers, so both see the same machine
at the same moment; the median time and the body's bytes (no compression asked) are
reported with the ratio federation / demo. Event pages are asked with a highlight no
request asked before, so SQLite's page cache cannot answer and each is built from the
database, as after every change. Score entry is a correction appended through the API
that replaces a live table's last hand by itself, on the demo club's live table in each
database (each append is checked by the rules and waits for its durable commit).

Usage: side_by_side.py DEMO_BASE DEMO_DB FED_BASE FED_DB DEMO_TOKEN FED_TOKEN ROUNDS [PAGES]
  *_DB: sqlite:///path or postgres://… (read to find the pages to ask for); PAGES: a file
  to write the federation's pages to, one "label<TAB>path" a line (for Lighthouse).
"""

import http.client
import json
import statistics
import subprocess
import sqlite3
import sys
import time
from urllib.parse import urlsplit

DEMO_CLUB = "scuola-di-trionfetti"


def query(url, sql):
    """The first column of the query's first row."""
    if url.startswith("sqlite://"):
        connection = sqlite3.connect(url[len("sqlite://"):])
        row = connection.execute(sql).fetchone()
        connection.close()
        return row[0]
    out = subprocess.run(["psql", "-X", "-At", url, "-c", sql], check=True,
                         capture_output=True, text=True).stdout
    return out.splitlines()[0]


def nights_of(url, player):
    return int(query(url, f"SELECT COUNT(*) FROM entrants WHERE player1_id = {player} OR player2_id = {player}"))


def as_busy_as(url, nights):
    """The player whose nights number closest to `nights` (the lowest id among equals)."""
    return query(url, "SELECT p FROM (SELECT player1_id AS p FROM entrants UNION ALL "
                      "SELECT player2_id FROM entrants WHERE player2_id IS NOT NULL) "
                      f"GROUP BY p ORDER BY ABS(COUNT(*) - {nights}), p LIMIT 1")


def pages(url, demo_nights=None):
    """(label, path) of the pages to compare, found in the database `url`; `demo_nights`:
    how many nights the demo's busiest player has (None: this is the demo)."""
    club = f"(SELECT id FROM clubs WHERE slug = '{DEMO_CLUB}')"
    night = query(url, f"SELECT public_id FROM events WHERE club_id = {club} "
                       "AND status = 'finished' AND game = 'trionfetti' ORDER BY starts_at LIMIT 1")
    live = query(url, f"SELECT e.public_id FROM events e JOIN matches m ON m.event_id = e.id "
                      f"WHERE e.club_id = {club} AND m.status = 'in_progress' LIMIT 1")
    finished_match = query(url, f"SELECT m.public_id FROM matches m JOIN events e ON e.id = m.event_id "
                                f"WHERE e.public_id = '{night}' AND m.status = 'finished' ORDER BY m.id LIMIT 1")
    busiest = query(url, "SELECT player1_id FROM entrants GROUP BY player1_id "
                         "ORDER BY COUNT(*) DESC, player1_id LIMIT 1")
    nights = nights_of(url, busiest)
    # The same history on both: a page that costs what it shows costs the same.
    alike = busiest if demo_nights is None else as_busy_as(url, demo_nights)
    return [
        ("home", "/"),
        ("club", f"/clubs/{DEMO_CLUB}"),
        ("event (live night)", f"/e/{live}?highlight="),
        ("standings", f"/e/{night}/standings?highlight="),
        ("match", f"/m/{finished_match}"),
        (f"player ({nights} nights)", f"/players/{busiest}"),
        (f"player as busy as the demo's ({nights_of(url, alike)} nights)", f"/players/{alike}"),
        ("archive, first page", "/events"),
        ("archive, earliest page", "/events?earliest=1"),
        # The same events on both (the demo club's): the archive's cost per line shown.
        ("archive, the demo club", f"/events?club={DEMO_CLUB}"),
    ]


class Server:
    def __init__(self, base, token):
        parts = urlsplit(base)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
        self.token = token

    def request(self, method, path, body=None, headers=None):
        started = time.perf_counter()
        self.connection.request(method, path, body=body, headers=headers or {})
        response = self.connection.getresponse()
        data = response.read()
        elapsed = time.perf_counter() - started
        return response.status, data, elapsed


def live_table(url):
    """A match of the demo club in progress."""
    return query(url, f"SELECT m.public_id FROM matches m JOIN events e ON e.id = m.event_id "
                      f"WHERE e.club_id = (SELECT id FROM clubs WHERE slug = '{DEMO_CLUB}') "
                      "AND m.status = 'in_progress' ORDER BY m.id LIMIT 1")


def last_play(server, match):
    """(index, entry) of the match's last play entry, as a referee would submit it again."""
    status, data, _ = server.request("GET", f"/api/v1/matches/{match}/entries")
    assert status == 200, (match, status, data[:300])
    plays = [e for e in json.loads(data)["entries"]
             if e["entry"].get("type") not in ("void", "replace")]
    entry = {k: v for k, v in plays[-1]["entry"].items() if k not in ("author", "time")}
    return plays[-1]["seq"], entry


def append(server, match, seq, entry):
    body = json.dumps({"expected_seq": seq, "entry": entry})
    status, data, elapsed = server.request(
        "POST", f"/api/v1/matches/{match}/entries", body,
        {"Content-Type": "application/json", "Authorization": "Bearer " + server.token})
    assert status == 201, (match, seq, status, data[:300])
    return elapsed


def main():
    demo_base, demo_db, fed_base, fed_db, demo_token, fed_token, rounds = sys.argv[1:8]
    rounds = int(rounds)
    pages_file = sys.argv[8] if len(sys.argv) > 8 else None
    servers = {"demo": (Server(demo_base, demo_token), demo_db),
               "federation": (Server(fed_base, fed_token), fed_db)}
    found = {"demo": pages(demo_db)}
    demo_busiest = found["demo"][5][1].rsplit("/", 1)[1]
    found["federation"] = pages(fed_db, nights_of(demo_db, demo_busiest))
    if pages_file:
        with open(pages_file, "w") as out:
            for label, path in found["federation"]:
                out.write(f"{label}\t{path.removesuffix('?highlight=')}\n")
    rows = []
    asked = 0
    for index, (label, _) in enumerate(found["demo"]):
        label = f"{label} / {found['federation'][index][0]}" if label != found["federation"][index][0] else label
        times = {"demo": [], "federation": []}
        size = {}
        for round_ in range(rounds + 2):
            for name, (server, _) in servers.items():
                path = found[name][index][1]
                if path.endswith("highlight="):
                    asked += 1
                    path += str(1_000_000 + asked)
                status, data, elapsed = server.request("GET", path)
                assert status == 200, (name, path, status, data[:300])
                size[name] = len(data)
                if round_ >= 2:  # two warm-up rounds
                    times[name].append(elapsed)
        rows.append((label, times, size))
    # Score entry: the live table's last hand replaced by itself (a correction that
    # leaves the score as it is, so the match never ends), on each database, alternating.
    tables = {name: live_table(db) for name, (_, db) in servers.items()}
    seqs, targets = {}, {}
    for name, (server, _) in servers.items():
        status, data, _ = server.request("GET", f"/api/v1/matches/{tables[name]}")
        assert status == 200, (name, status, data[:300])
        seqs[name] = json.loads(data)["next_seq"]
        targets[name] = last_play(server, tables[name])
    entry_times = {"demo": [], "federation": []}
    for _ in range(rounds):
        for name, (server, _) in servers.items():
            target, entry = targets[name]
            replace = {"type": "replace", "target": target, "reason": "bench", "entry": entry}
            entry_times[name].append(append(server, tables[name], seqs[name], replace))
            seqs[name] += 1
    rows.append(("score entry (API append)", entry_times, {"demo": 0, "federation": 0}))

    print("| page | demo: median ms | demo: KB | federation: median ms | federation: KB | ratio |")
    print("|---|---:|---:|---:|---:|---:|")
    worst = 0.0
    for label, times, size in rows:
        demo = statistics.median(times["demo"]) * 1000
        fed = statistics.median(times["federation"]) * 1000
        ratio = fed / demo if demo else float("nan")
        worst = max(worst, ratio)
        kb = lambda b: f"{b / 1024:.1f}" if b else "—"
        print(f"| {label} | {demo:.2f} | {kb(size['demo'])} | {fed:.2f} | {kb(size['federation'])} | {ratio:.2f} |")
    largest = max(max(size.values()) for _, _, size in rows)
    print(f"\nworst ratio {worst:.2f}; largest page {largest / 1024:.1f} KB; {rounds} requests per page and server")


if __name__ == "__main__":
    main()

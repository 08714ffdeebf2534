#!/usr/bin/env bash
# Finishing a double elimination (and a round robin) one result at a time: segnapunti's library
# (benches/formats.rs, group "double elimination, each result", through
# tournament::live::Live) next to brackets-manager.js with its in-memory storage
# (npm brackets-manager and brackets-memory-db, installed into a temporary folder that
# is removed afterwards; nothing of it is kept in the repository).
#
#   scripts/bench-peers.sh                 # SIZES="16,64,256,1024,4096" RR_SIZES="16,64,128"
#
# Needs node and npm. Figures and the machine are in docs/BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES="${SIZES:-16,64,256,1024,4096}"
peer="$(mktemp -d)"
trap 'rm -rf "$peer"' EXIT
(cd "$peer" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund brackets-manager brackets-memory-db >/dev/null)
echo "== brackets-manager.js $(node -p "require('$peer/node_modules/brackets-manager/package.json').version") (node $(node --version))"
(cd "$peer" && node "$OLDPWD/scripts/bench-peers.mjs" "$SIZES")
(cd "$peer" && node "$OLDPWD/scripts/bench-peers.mjs" "${RR_SIZES:-16,64,128}" round_robin)
echo "== segnapunti (criterion, release)"
cargo bench --bench formats -- --warm-up-time 1 --measurement-time 3 "each result"

#!/usr/bin/env bash
# Rewrites cmd/pgnscan/default.pgo, the CPU profile the Go toolchain uses for profile-guided
# optimisation of every build of the command (go build's -pgo=auto). The profile is of the scan
# as issue 25 measures it: one worker, four editions, Parquet, eight times over each FILE.
#
#   benchmarks/pgo.sh FILE...   (the committed profile: the first 50,000 games of otb-masters and
#                                the lichess excerpt repeated to 200 MB, as benchmarks/RESULTS.md
#                                describes them)
#
# Regenerate it when the scan's hot code has changed much; a stale profile costs some of the gain
# but never correctness.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: benchmarks/pgo.sh FILE..." >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -pgo=off -o "$tmp/pgnscan" ./cmd/pgnscan
n=0
for round in 1 2 3 4 5 6 7 8; do
  for f in "$@"; do
    n=$((n + 1))
    "$tmp/pgnscan" scan -q -j 1 --edition fide2009,fide2014,fide2017,lichess -o "$tmp/x.parquet" \
      --cpuprofile "$tmp/$n.prof" "$f"
  done
done
go tool pprof -proto "$tmp"/*.prof > cmd/pgnscan/default.pgo
echo "cmd/pgnscan/default.pgo: $n profiles merged" >&2

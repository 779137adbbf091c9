#!/usr/bin/env bash
# Measures pgnscan beside its peers on the same files in the same run, alternating the programs
# round by round, and prints a Markdown report for benchmarks/RESULTS.md: medians of the rounds,
# every round, and the ratios of programs paired round by round. The report is also kept as
# benchmarks/runs/<UTC time>.md, the record of every run.
#
#   benchmarks/run.sh [ROUNDS]        (default 3; needs pgn-extract, zstd and GNU time)
#
# Corpora are built by benchmarks/mkcorpus into $BENCH_DIR (default /work/bench/corpus, outside
# the repository). notnil/chess replays about 150 games/s, so it runs on the first 20 MB of the
# archive only, and is credited with the games it read before it stopped (its scanner stops at the
# first game it cannot parse): its games/s is what it can do, not a full pass.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
dir=${BENCH_DIR:-/work/bench/corpus}
out=${BENCH_OUT:-/work/bench/out}
mkdir -p "$dir" "$out"
pgnextract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -x "$pgnextract" ] || { echo "run.sh: pgn-extract missing: apt-get install pgn-extract" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "run.sh: GNU time missing: apt-get install time" >&2; exit 1; }
command -v zstd >/dev/null && command -v pzstd >/dev/null || { echo "run.sh: zstd or pzstd missing: apt-get install zstd" >&2; exit 1; }

go run ./benchmarks/mkcorpus -out "$dir" >&2
[ -f "$dir/half/lichess-style.pgn" ] || go run ./benchmarks/mkcorpus -out "$dir/half" -size 525000000 >&2
go build -o "$out/pgnscan" ./cmd/pgnscan
go build -o "$out/notnilreplay" ./benchmarks/notnilreplay
head -c 20000000 "$dir/lichess-style.pgn" > "$out/slice-20MB.pgn"

big=$dir/lichess-style.pgn
pzstd=$dir/lichess-style-pzstd14.pgn.zst # packed as lichess packs its dumps (see mkcorpus)
cores=$(nproc)
all=fide2009,fide2014,fide2017,lichess

# Each case: name|games-file|command. Commands write their outputs under $out.
cases=(
  "pgnscan -j 1|$big|$out/pgnscan scan -q -j 1 --edition $all -o $out/f.parquet $big"
  "pgnscan -j $cores|$big|$out/pgnscan scan -q -j $cores --edition $all -o $out/f.parquet $big"
  "pgnscan -j $cores, pzstd -14|$big|$out/pgnscan scan -q -j $cores --edition $all -o $out/f.parquet $pzstd"
  "pgnscan -j 1, pzstd -14|$big|$out/pgnscan scan -q -j 1 --edition $all -o $out/f.parquet $pzstd"
  "pgnscan -j $cores, zstd default level, 8 MiB frames|$big|$out/pgnscan scan -q -j $cores --edition $all -o $out/f.parquet $big.zst"
  "pgnscan -j $cores, half the archive|$dir/half/lichess-style.pgn|$out/pgnscan scan -q -j $cores --edition $all -o $out/f.parquet $dir/half/lichess-style.pgn"
  "pgn-extract --repetition --fifty|$big|$pgnextract --repetition --fifty -s --quiet -o /dev/null $big"
  "pgn-extract (plain parse)|$big|$pgnextract -s --quiet -o /dev/null $big"
  "notnil/chess v1.10.0 (first 20 MB)|$out/slice-20MB.pgn|$out/notnilreplay $out/slice-20MB.pgn"
  "zstd -d, pzstd -14 file (C reference decoder, no analysis)|$big|zstd -d -q -f -o /dev/null $pzstd"
)

declare -A secs cpu rss counted
for ((r = 1; r <= rounds; r++)); do
  for c in "${cases[@]}"; do
    IFS='|' read -r name file cmd <<<"$c"
    # Every command ends with the file it reads: read it once first, so that each program starts
    # from the page cache (this VM pages out files left untouched for a minute).
    cat "${cmd##* }" >/dev/null
    /usr/bin/time -f '%e %M %U %S' -o "$out/time.txt" $cmd >"$out/stdout.txt" 2>"$out/stderr.txt" || true
    # A program that reports how many games it read (notnilreplay stops at the first game it
    # cannot parse) is credited with those games only.
    if played=$(grep -o 'games=[0-9]*' "$out/stdout.txt"); then counted[$name]=${played#games=}; fi
    read -r s m u k <"$out/time.txt"
    secs[$name]+="$s "
    cpu[$name]+="$(awk -v u="$u" -v k="$k" 'BEGIN {print u + k}') "
    rss[$name]+="$m "
    echo "round $r: $name: ${s}s, $((m / 1024)) MB" >&2
  done
done

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# Games in each input, counted once.
declare -A games_of
for c in "${cases[@]}"; do
  IFS='|' read -r _ file _ <<<"$c"
  [ -n "${games_of[$file]:-}" ] || games_of[$file]=$(grep -c '^\[Event ' "$file")
done

mkdir -p benchmarks/runs
record=benchmarks/runs/$(date -u +%Y-%m-%dT%H%MZ).md
commit=$(git rev-parse --short HEAD)
git diff --quiet HEAD || commit+=" with uncommitted changes"
{
echo "### $(date -u +%Y-%m-%d): $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $cores cores, median of $rounds rounds, code at $commit"
echo
echo "| program | input | games | MB (PGN) | seconds | CPU s (%) | games/s | MB/s | peak RSS MB | games/s ÷ pgnscan -j 1 |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
base_gps=""
for c in "${cases[@]}"; do
  IFS='|' read -r name file cmd <<<"$c"
  g=${counted[$name]:-${games_of[$file]}}
  bytes=$(stat -c %s "$file")
  [ -z "${counted[$name]:-}" ] || bytes=$(awk -v g="$g" -v n="${games_of[$file]}" -v b="$bytes" 'BEGIN {printf "%.0f", b * g / n}')
  s=$(echo "${secs[$name]}" | median)
  m=$(echo "${rss[$name]}" | median)
  u=$(echo "${cpu[$name]}" | median)
  gps=$(awk -v g="$g" -v s="$s" 'BEGIN {printf "%.1f", g / s}')
  [ -n "$base_gps" ] || base_gps=$gps
  awk -v n="$name" -v f="$(basename "$file")" -v g="$g" -v b="$bytes" -v s="$s" -v m="$m" -v u="$u" -v x="$gps" -v y="$base_gps" \
    'BEGIN {printf "| %s | %s | %d | %.0f | %.2f | %.2f (%.0f %%) | %.0f | %.1f | %.0f | %.3f |\n", n, f, g, b / 1e6, s, u, 100 * u / s, x, b / 1e6 / s, m / 1024, x / y}'
done

# Every round, sorted: on a machine whose speed drifts, the spread says how far to trust a median.
echo
echo "| program | seconds, every round (sorted) |"
echo "|---|---|"
for c in "${cases[@]}"; do
  IFS='|' read -r name _ _ <<<"$c"
  echo "| $name | $(echo "${secs[$name]}" | tr ' ' '\n' | grep -v '^$' | sort -g | paste -sd, - | sed 's/,/, /g') |"
done

# Ratios of two programs in the same round, which ran seconds apart: the machine's drift between
# rounds cancels out, so their median is steadier than the ratio of two medians.
# paired NAME_A NAME_B GAMES_A GAMES_B: games/s of A over games/s of B, per round.
paired() {
  local -a a b
  read -ra a <<<"${secs[$1]}"
  read -ra b <<<"${secs[$2]}"
  for i in "${!a[@]}"; do
    awk -v sa="${a[$i]}" -v sb="${b[$i]}" -v ga="$3" -v gb="$4" 'BEGIN {printf "%.3f\n", (ga / sa) / (gb / sb)}'
  done
}
ratio_row() { # label A B
  local ga gb r
  ga=${counted[$2]:-${games_of[$big]}}
  gb=${counted[$3]:-${games_of[$big]}}
  r=$(paired "$2" "$3" "$ga" "$gb")
  echo "| $1 | $(echo "$r" | median) | $(echo "$r" | sort -g | paste -sd, - | sed 's/,/, /g') |"
}
echo
echo "| games/s ratio, paired by round | median | every round (sorted) |"
echo "|---|---:|---|"
ratio_row "pgnscan -j $cores ÷ -j 1" "pgnscan -j $cores" "pgnscan -j 1"
ratio_row "pzstd -14 ÷ plain, -j $cores" "pgnscan -j $cores, pzstd -14" "pgnscan -j $cores"
ratio_row "pzstd -14 ÷ plain, -j 1" "pgnscan -j 1, pzstd -14" "pgnscan -j 1"
ratio_row "zstd default level, 8 MiB frames ÷ plain, -j $cores" "pgnscan -j $cores, zstd default level, 8 MiB frames" "pgnscan -j $cores"
ratio_row "pgnscan -j 1 ÷ pgn-extract --repetition --fifty" "pgnscan -j 1" "pgn-extract --repetition --fifty"
ratio_row "pgnscan -j 1 ÷ notnil/chess" "pgnscan -j 1" "notnil/chess v1.10.0 (first 20 MB)"
} | tee "$record"
echo "run.sh: kept the report as $record" >&2

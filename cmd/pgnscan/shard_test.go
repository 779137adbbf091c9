package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// csvRows returns the lines of a CSV file after its header.
func csvRows(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	return lines[1:]
}

// TestPlanAndShardScan: pgnscan plan cuts a pzstd file and a plain file into shards, and scan
// --shard of each, in plan order, writes the findings and games rows of a scan of the whole file.
func TestPlanAndShardScan(t *testing.T) {
	text, err := os.ReadFile(testcorpus.Path(t, "lichess-2025-05-excerpt.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	zst := filepath.Join(dir, "month.pgn.zst")
	testcorpus.WriteFrames(t, zst, text, 64<<10)
	plain := filepath.Join(dir, "month.pgn")
	if err := os.WriteFile(plain, text, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ input, kind, size string }{{zst, "frames:", "40000"}, {plain, "text:", "150000"}} {
		mustScan(t, "scan", "-q", "-j", "2", tc.input, "-o", filepath.Join(dir, "whole.csv"), "--games", filepath.Join(dir, "whole-games.csv"))
		plan := mustScan(t, "plan", "--shard-size", tc.size, tc.input)
		shards := strings.Fields(plan.stdout)
		if len(shards) < 4 {
			t.Fatalf("%s: plan gave %d shards: %q", tc.input, len(shards), plan.stdout)
		}
		var findings, games []string
		for i, sh := range shards {
			if !strings.HasPrefix(sh, tc.kind+tc.input+"@") {
				t.Fatalf("shard %q is not a %s shard of %s", sh, tc.kind, tc.input)
			}
			f, g := filepath.Join(dir, "f.csv"), filepath.Join(dir, "g.csv")
			mustScan(t, "scan", "-q", "--shard", sh, "-o", f, "--games", g)
			findings = append(findings, csvRows(t, f)...)
			games = append(games, csvRows(t, g)...)
			if i == 0 && len(csvRows(t, g)) == 0 {
				t.Fatalf("the first shard %s holds no game", sh)
			}
		}
		if want := csvRows(t, filepath.Join(dir, "whole.csv")); strings.Join(findings, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: findings of the shards (%d rows) differ from the whole scan (%d)", tc.input, len(findings), len(want))
		}
		if want := csvRows(t, filepath.Join(dir, "whole-games.csv")); strings.Join(games, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: games rows of the shards (%d) differ from the whole scan (%d)", tc.input, len(games), len(want))
		}
	}
}

// TestShardBadUsageAndDamage: a shard string that does not parse is bad usage (2); a shard
// whose frames are damaged fails (1) with an error naming the file and the byte range.
func TestShardBadUsageAndDamage(t *testing.T) {
	dir := t.TempDir()
	for _, bad := range []string{"nonsense", "text:x.pgn@5", "zip:x.pgn@0-1"} {
		if r := pgnscan(t, "scan", "--shard", bad, "-o", filepath.Join(dir, "f.csv")); r.code != exitUsage || !strings.Contains(r.stderr, "not a shard") {
			t.Errorf("--shard %q: exit %d, %q; want 2 and 'not a shard'", bad, r.code, r.stderr)
		}
	}
	if r := pgnscan(t, "scan", "--shard", "text:a.pgn@0-1", "b.pgn"); r.code != exitUsage {
		t.Errorf("--shard with an INPUT: exit %d, want 2", r.code)
	}
	text := bytes.Repeat([]byte("[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"), 3000)
	zst := filepath.Join(dir, "d.pgn.zst")
	testcorpus.WriteFrames(t, zst, text, 20000)
	shards := strings.Fields(mustScan(t, "plan", "--shard-size", "1", zst).stdout)
	if len(shards) < 3 {
		t.Fatalf("plan: %v", shards)
	}
	data, err := os.ReadFile(zst)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-20] ^= 0xFF // inside the last frame's blocks (before its checksum)
	if err := os.WriteFile(zst, data, 0o644); err != nil {
		t.Fatal(err)
	}
	last := shards[len(shards)-1]
	r := pgnscan(t, "scan", "-q", "--shard", last, "-o", filepath.Join(dir, "f.csv"))
	if r.code != exitFailure || !strings.Contains(r.stderr, last) || !strings.Contains(r.stderr, "frame at byte "+last[strings.LastIndex(last, "@")+1:strings.LastIndex(last, "-")]) {
		t.Errorf("damaged shard %s: exit %d, %q; want 1 and an error naming the shard and its frame", last, r.code, r.stderr)
	}
	if r := pgnscan(t, "scan", "-q", "--shard", shards[0], "-o", filepath.Join(dir, "f.csv")); r.code != exitOK {
		t.Errorf("the first shard, undamaged: exit %d, %q", r.code, r.stderr)
	}
}

// TestShardPartitioned: the shards of a file, each scanned with --partition into the same
// folders (the first shard twice, as a retried job would), write part-<shard>.parquet files that
// together hold the rows of the unpartitioned whole scan, each once, in their partitions.
func TestShardPartitioned(t *testing.T) {
	dir := t.TempDir()
	fics := testcorpus.Path(t, "fics-2000-2199-crlf.pgn")
	f, g := filepath.Join(dir, "f.parquet"), filepath.Join(dir, "g.parquet")
	mustScan(t, "scan", "-q", "--edition", "auto,lichess", "-o", f, "--games", g, fics)
	shards := strings.Fields(mustScan(t, "plan", "--shard-size", "300000", fics).stdout)
	fd, gd := filepath.Join(dir, "findings")+"/", filepath.Join(dir, "games")
	for _, sh := range append(shards, shards[0]) {
		mustScan(t, "scan", "-q", "--edition", "auto,lichess", "--shard", sh, "--partition", "edition,year,month", "-o", fd, "--games", gd)
	}
	for _, p := range partFiles(t, fd) {
		name := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), "part-"), ".parquet")
		if !slices.ContainsFunc(shards, func(s string) bool { sh, err := input.ParseShard(s); return err == nil && sh.PartName() == name }) {
			t.Errorf("part file %s is not named after a shard of %v", p, shards)
		}
	}
	checkParts(t, readRows[report.Finding](t, f), fd, func(r *report.Finding) (report.GameInfo, string) { return *r.GameInfo, r.Edition })
	checkParts(t, readRows[report.Game](t, g), gd, func(r *report.Game) (report.GameInfo, string) { return *r.GameInfo, r.Edition })
}

// elapsedFree returns a summary's text without its Elapsed line, the one line that shards and
// a whole scan cannot share.
func elapsedFree(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, "Elapsed: ") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// mergeLimit is how much of each corpus file TestShardSummariesMerge takes: the whole corpus,
// scanned twice, would take minutes.
const mergeLimit = 300 << 10

// TestShardSummariesMerge: for every corpus file (its first mergeLimit bytes; the zstd ones
// repacked as pzstd frames), the summary files of its shards, merged by pgnscan report (given
// the folder, or the files), print the summary of the whole scan: inputs, bytes, games, errors
// and every edition's tallies.
func TestShardSummariesMerge(t *testing.T) {
	dir := t.TempDir()
	for _, name := range testcorpus.Archives(t) {
		t.Run(name, func(t *testing.T) {
			text := testcorpus.Read(t, name)
			text = text[:min(len(text), mergeLimit)] // cut in a game, as a file may be
			file := filepath.Join(dir, name)
			size := "80000"
			if strings.HasSuffix(name, ".zst") {
				testcorpus.WriteFrames(t, file, text, 64<<10)
				size = "20000"
			} else if err := os.WriteFile(file, text, 0o644); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, name+"-parts")
			whole := mustScan(t, "scan", "-j", "2", "--edition", "auto,lichess", file, "-o", filepath.Join(dir, name+".parquet"), "--summary", "-")
			shards := strings.Fields(mustScan(t, "plan", "--shard-size", size, file).stdout)
			if len(shards) < 3 {
				t.Fatalf("plan gave %d shards", len(shards))
			}
			var files []string
			var parsed []input.Shard
			for _, sh := range shards {
				p, err := input.ParseShard(sh)
				if err != nil {
					t.Fatal(err)
				}
				parsed = append(parsed, p)
			}
			for i, sh := range parsed {
				sum := mustScan(t, "scan", "-j", "2", "--edition", "auto,lichess", "--shard", shards[i], "--partition", "year", "-o", out, "--summary", "-").stdout
				files = append(files, filepath.Join(out, "_summary-"+sh.PartName()+".json"))
				// The shard's own summary names its range and counts its own games (issue 27).
				if want := fmt.Sprintf("%s@%d-%d ", file, sh.Start, sh.End); !strings.Contains(sum, want) {
					t.Errorf("shard %s: the summary does not name the shard's range %q:\n%s", shards[i], want, sum)
				}
				if i+1 < len(parsed) && sh.First != nil && parsed[i+1].First != nil {
					if want := fmt.Sprintf("Games: %s read", fmtCount(parsed[i+1].First.Index-sh.First.Index)); !strings.Contains(sum, want) {
						t.Errorf("shard %s: the summary does not say %q:\n%s", shards[i], want, sum)
					}
				}
			}
			slices.Reverse(files) // the order given does not matter
			for _, args := range [][]string{{out}, files} {
				got := mustScan(t, append([]string{"report"}, args...)...).stdout
				if elapsedFree(got) != elapsedFree(whole.stdout) {
					t.Errorf("report %v:\n%s\nwant the whole scan's:\n%s", args, got, whole.stdout)
				}
			}
		})
	}
}

// TestShardBadInput: a damaged or mismatched shard fails (exit 1) with an error naming the file
// and the byte range; counts that do not parse are bad usage (exit 2).
func TestShardBadInput(t *testing.T) {
	dir := t.TempDir()
	text := bytes.Repeat([]byte("[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"), 3000)
	zst := filepath.Join(dir, "d.pgn.zst")
	testcorpus.WriteFrames(t, zst, text, 20000)
	plain := filepath.Join(dir, "p.pgn")
	if err := os.WriteFile(plain, text, 0o644); err != nil {
		t.Fatal(err)
	}
	frames := strings.Fields(mustScan(t, "plan", "--shard-size", "1", zst).stdout)
	texts := strings.Fields(mustScan(t, "plan", "--shard-size", "30000", plain).stdout)
	data, err := os.ReadFile(zst)
	if err != nil {
		t.Fatal(err)
	}
	last, _ := input.ParseShard(frames[len(frames)-1])
	cut := filepath.Join(dir, "cut.pgn.zst")
	if err := os.WriteFile(cut, data[:last.Start+40], 0o644); err != nil { // the last frame cut short
		t.Fatal(err)
	}
	if r := pgnscan(t, "plan", "--shard-size", "1", cut); r.code != exitFailure || !strings.Contains(r.stderr, cut+": decompress at byte 360") {
		t.Errorf("plan (counting) of a damaged file: exit %d, %q; want 1 and the file and the frame's offset", r.code, r.stderr)
	}
	cutShards := strings.Fields(mustScan(t, "plan", "--count=false", "--shard-size", "1", cut).stdout)
	second, _ := input.ParseShard(frames[1])
	off := second
	off.Start++ // not a frame's first byte
	past, _ := input.ParseShard(texts[len(texts)-1])
	past.End += 100
	garbage := filepath.Join(dir, "g.pgn")
	if err := os.WriteFile(garbage, []byte("\xff garbage {{{ [[[ \n\r\x01 text all the same"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ shard, want string }{
		{cutShards[len(cutShards)-1], "unexpected EOF"},
		{off.String(), "not a run of whole frames"},
		{past.String(), "reaches past the end of the file"},
		{"text:" + zst + "@10-100+0,10,1", "not plain PGN"},
		{"text:" + garbage + "@0-10+0,0,1", ""},
	} {
		sh, err := input.ParseShard(tc.shard)
		if err != nil {
			t.Fatal(err)
		}
		r := pgnscan(t, "scan", "-q", "--shard", tc.shard, "-o", filepath.Join(dir, "f.csv"), "--errors", filepath.Join(dir, "e.csv"))
		if tc.want == "" { // garbage text is games with errors, not a failed input
			if r.code != exitOK || len(csvRows(t, filepath.Join(dir, "e.csv"))) == 0 {
				t.Errorf("%s: exit %d, %q; want 0 and errors rows", tc.shard, r.code, r.stderr)
			}
			continue
		}
		rng := fmt.Sprintf("@%d-%d", sh.Start, sh.End)
		if r.code != exitFailure || !strings.Contains(r.stderr, sh.Path+rng) || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%s: exit %d, %q; want 1 and an error naming the file, %s and %q", tc.shard, r.code, r.stderr, rng, tc.want)
		}
	}
	for _, bad := range []string{texts[1] + ",5", strings.Replace(texts[1], "+", "+x", 1), frames[1][:strings.LastIndex(frames[1], ",")]} {
		if r := pgnscan(t, "scan", "--shard", bad, "-o", filepath.Join(dir, "f.csv")); r.code != exitUsage || !strings.Contains(r.stderr, "not a shard") {
			t.Errorf("--shard %q: exit %d, %q; want 2 and 'not a shard'", bad, r.code, r.stderr)
		}
	}
}

// TestShardWithoutCounts: a shard without counts (plan --count=false) still scans, from the
// file's first byte, and says on standard error that this makes the shards quadratic; with
// counts, or at the file's start, it says nothing.
func TestShardWithoutCounts(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "p.pgn")
	if err := os.WriteFile(plain, bytes.Repeat([]byte("[Event \"x\"]\n\n1. e4 e5 *\n\n"), 400), 0o644); err != nil {
		t.Fatal(err)
	}
	bare := strings.Fields(mustScan(t, "plan", "--count=false", "--shard-size", "3000", plain).stdout)
	counted := strings.Fields(mustScan(t, "plan", "--shard-size", "3000", plain).stdout)
	for _, tc := range []struct {
		shard string
		note  bool
	}{{bare[1], true}, {bare[0], false}, {counted[1], false}} {
		r := pgnscan(t, "scan", "--shard", tc.shard, "-o", filepath.Join(dir, "f.csv"), "--games", filepath.Join(dir, "g.csv"))
		if r.code != exitOK || strings.Contains(r.stderr, "has no counts") != tc.note {
			t.Errorf("%s: exit %d, stderr %q; want 0, a note %v", tc.shard, r.code, r.stderr, tc.note)
		}
		if n := len(csvRows(t, filepath.Join(dir, "g.csv"))); n < 100 {
			t.Errorf("%s: %d games rows", tc.shard, n)
		}
	}
}

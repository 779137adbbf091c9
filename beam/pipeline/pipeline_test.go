package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

func TestMain(m *testing.M) {
	flag.Parse()
	beam.Init()
	os.Exit(m.Run())
}

// testShardSize cuts the corpus's plain files into 4 to 12 shards each, and the framed file
// into one shard per frame.
const testShardSize = 256 << 10

// testOptions are the options of the corpus runs: every table, partitioned by edition, two
// editions so that a game makes rows in two folders.
var testOptions = Options{
	Edition: "auto,lichess", FallbackEdition: "fide2023", Fivefold2014: "consecutive",
	Partition: "edition", Games: true, Errors: true, Workers: 1,
}

// corpusInputs returns the inputs of the corpus runs, as paths relative to nothing (absolute,
// so that the reference scan and the pipeline name them alike): the plain PGN files of the
// shared corpus, its engine games (single-frame zstd: one whole shard), and a multi-frame
// zstd file made of the plain ones, by pzstd when it is installed and else in frames of 128
// KiB written here. The 344,085 games of otb-masters.pgn.zst are left out to keep the test
// short: that file is one whole shard, which the whole-file scan already covers.
func corpusInputs(t *testing.T) []string {
	t.Helper()
	var ins []string
	var plain []byte
	for _, name := range []string{"lichess-2025-05-excerpt.pgn", "twic1599-excerpt.pgn", "fics-2000-2199-crlf.pgn", "chesscom-one-player.pgn"} {
		p, err := filepath.Abs(testcorpus.Path(t, name))
		if err != nil {
			t.Fatal(err)
		}
		ins = append(ins, p)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		plain = append(plain, b...)
	}
	tcec, err := filepath.Abs(testcorpus.Path(t, "tcec-engines.pgn.zst"))
	if err != nil {
		t.Fatal(err)
	}
	return append(ins, tcec, framedFile(t, plain))
}

// framedFile writes text as a multi-frame zstd file in a temporary folder and returns its path.
func framedFile(t *testing.T, text []byte) string {
	t.Helper()
	dir := t.TempDir()
	plain := filepath.Join(dir, "framed.pgn")
	if err := os.WriteFile(plain, text, 0o644); err != nil {
		t.Fatal(err)
	}
	out := plain + ".zst"
	if _, err := exec.LookPath("pzstd"); err == nil {
		if b, err := exec.Command("pzstd", "-q", "-1", "-p", "2", plain, "-o", out).CombinedOutput(); err != nil {
			t.Fatalf("pzstd: %v: %s", err, b)
		}
		return out
	}
	t.Log("pzstd not installed: frames written by klauspost/compress")
	testcorpus.WriteFrames(t, out, text, 128<<10)
	return out
}

// pgnscanBinary builds the repository's pgnscan command once, for the reference scans.
var pgnscanBinary = sync.OnceValues(func() (string, error) {
	_, file, _, _ := runtime.Caller(0)
	repo := filepath.Join(filepath.Dir(file), "..", "..")
	dir, err := os.MkdirTemp("", "pgnscan-beam-test")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "pgnscan")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/pgnscan")
	cmd.Dir = repo
	if b, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/pgnscan: %v: %s", err, b)
	}
	return bin, nil
})

// referenceScan runs `pgnscan scan` on one machine over the inputs, with the options of o as
// its flags, writing partitioned findings and games and an errors file under dir.
func referenceScan(t *testing.T, dir string, inputs []string, o Options) {
	t.Helper()
	referenceScanWith(t, dir, inputs, o)
}

// referenceScanWith is referenceScan, writing the games table only when o asks for it.
func referenceScanWith(t *testing.T, dir string, inputs []string, o Options) {
	t.Helper()
	bin, err := pgnscanBinary()
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"scan", "-q", "-j", "2", "--edition", o.Edition, "--fallback-edition", o.FallbackEdition,
		"--fivefold-2014", o.Fivefold2014, "--partition", o.Partition,
		"-o", filepath.Join(dir, FindingsDir),
		"--errors", filepath.Join(dir, "errors.parquet"), "--summary-json", filepath.Join(dir, "summary.json")}
	if o.Games {
		args = append(args, "--games", filepath.Join(dir, GamesDir))
	}
	if b, err := exec.Command(bin, append(args, inputs...)...).CombinedOutput(); err != nil {
		t.Fatalf("pgnscan scan: %v: %s", err, b)
	}
}

// rowsUnder reads every Parquet file under dir as rows R and returns them printed, sorted, so
// that two tables compare as multisets.
func rowsUnder[R report.Row](t *testing.T, dir string) []string {
	t.Helper()
	var rows []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".parquet") {
			return err
		}
		return report.ReadRows(path, func(r *R) error {
			rows = append(rows, fmt.Sprintf("%+v", *r))
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(rows)
	return rows
}

// sameRows fails t unless got and want hold the same rows, naming a few that differ.
func sameRows(t *testing.T, table string, got, want []string) {
	t.Helper()
	if slices.Equal(got, want) {
		return
	}
	extra, missing := diff(got, want), diff(want, got)
	t.Errorf("%s: %d rows, want %d; %d not in the reference scan, %d missing", table, len(got), len(want), len(extra), len(missing))
	for _, r := range extra[:min(3, len(extra))] {
		t.Errorf("  extra:   %.300s", r)
	}
	for _, r := range missing[:min(3, len(missing))] {
		t.Errorf("  missing: %.300s", r)
	}
}

// diff returns the rows of a (sorted) not matched in b (sorted), as multisets.
func diff(a, b []string) []string {
	var out []string
	i, j := 0, 0
	for i < len(a) {
		switch {
		case j == len(b) || a[i] < b[j]:
			out = append(out, a[i])
			i++
		case a[i] > b[j]:
			j++
		default:
			i, j = i+1, j+1
		}
	}
	return out
}

// runJob runs the pipeline on Prism (the default runner), two shards at once, and returns
// its counters.
func runJob(t *testing.T, inputs []string, out string) (Counts, error) {
	t.Helper()
	return Run(context.Background(), Job{Inputs: inputs, ShardSize: testShardSize, Out: out, Options: testOptions, Parallel: 2})
}

// readManifest reads OUT/manifest.json.
func readManifest(t *testing.T, out string) Manifest {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(out, ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// partFilesUnder lists the part files under out's tables, relative to out, slash-separated.
func partFilesUnder(t *testing.T, out string) []string {
	t.Helper()
	var files []string
	for _, table := range []string{FindingsDir, GamesDir, ErrorsDir} {
		filepath.WalkDir(filepath.Join(out, table), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(out, path)
				files = append(files, filepath.ToSlash(rel))
			}
			return nil
		})
	}
	slices.Sort(files)
	return files
}

// checkOutput checks a finished output folder against the reference scan in ref: the rows of
// every table are the reference's, the manifest names exactly the part files on disk and one
// part per shard of the plan, and its totals are the reference's game count.
func checkOutput(t *testing.T, out, ref string, inputs []string) Manifest {
	t.Helper()
	sameRows(t, "findings", rowsUnder[report.Finding](t, filepath.Join(out, FindingsDir)), rowsUnder[report.Finding](t, filepath.Join(ref, FindingsDir)))
	games := rowsUnder[report.Game](t, filepath.Join(ref, GamesDir))
	sameRows(t, "games", rowsUnder[report.Game](t, filepath.Join(out, GamesDir)), games)
	errs := rowsUnder[report.Error](t, filepath.Join(ref, "errors.parquet"))
	sameRows(t, "errors", rowsUnder[report.Error](t, filepath.Join(out, ErrorsDir)), errs)

	m := readManifest(t, out)
	var named []string
	for _, p := range m.Parts {
		named = append(named, p.Files...)
	}
	slices.Sort(named)
	if on := partFilesUnder(t, out); !slices.Equal(named, on) {
		t.Errorf("manifest names %d part files, %d on disk:\nnamed %q\non disk %q", len(named), len(on), named, on)
	}
	shards, err := Plan(context.Background(), inputs, testShardSize, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range m.Parts {
		got = append(got, p.Shard)
	}
	slices.Sort(shards)
	if !slices.Equal(got, shards) {
		t.Errorf("manifest parts are of shards %q, want the plan's %q", got, shards)
	}
	refSum, err := report.ReadSummaryJSON(filepath.Join(ref, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Games != refSum.Games() || m.Findings != refSum.Findings() || m.Errors != refSum.GamesWithErrors() {
		t.Errorf("manifest: %d games, %d findings, %d with errors; the reference scan: %d, %d, %d",
			m.Games, m.Findings, m.Errors, refSum.Games(), refSum.Findings(), refSum.GamesWithErrors())
	}
	if m.Errors != int64(len(errs)) {
		t.Errorf("manifest: %d games with errors, the reference scan's errors table %d rows", m.Errors, len(errs))
	}
	sameSummary(t, filepath.Join(out, SummaryJSONFile), refSum)
	return m
}

// sameSummary checks the run's merged summary file against the reference scan's summary:
// games, errors and findings, each input's games, errors and completion, and every edition's
// games by source and speed and findings by rule and speed. Inputs compare in name order.
func sameSummary(t *testing.T, path string, want *report.Summary) {
	t.Helper()
	got, err := report.ReadSummaryJSON(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Games() != want.Games() || got.Findings() != want.Findings() || got.GamesWithErrors() != want.GamesWithErrors() {
		t.Errorf("merged summary: %d games, %d findings, %d with errors; want %d, %d, %d",
			got.Games(), got.Findings(), got.GamesWithErrors(), want.Games(), want.Findings(), want.GamesWithErrors())
	}
	type input struct {
		Name          string
		Games, Errors int64
		Done          bool
	}
	inputs := func(s *report.Summary) (out []input) {
		for _, in := range s.Inputs() {
			out = append(out, input{in.Name, in.Games, in.Errors, in.Done})
		}
		// report.MergeSummaries lists inputs by name, a scan in input order.
		slices.SortFunc(out, func(a, b input) int { return strings.Compare(a.Name, b.Name) })
		return out
	}
	if g, w := inputs(got), inputs(want); !reflect.DeepEqual(g, w) {
		t.Errorf("merged summary's inputs %+v, want %+v", g, w)
	}
	if g, w := got.Editions(), want.Editions(); !reflect.DeepEqual(g, w) {
		t.Errorf("merged summary's editions:\n%+v\nwant\n%+v", g, w)
	}
}

// TestPrismCorpus: the shared corpus cut into some 30 shards, scanned on Prism, gives exactly
// the rows of a single-machine `pgnscan scan` of the same inputs (findings, games and errors,
// as multisets), with a manifest naming every part file and the counters counting every game.
func TestPrismCorpus(t *testing.T) {
	inputs := corpusInputs(t)
	shards, err := Plan(context.Background(), inputs, testShardSize, 0)
	if err != nil {
		t.Fatal(err)
	}
	var frames int
	for _, s := range shards {
		if strings.HasPrefix(s, string(input.ShardFrames)+":") {
			frames++
		}
	}
	if len(shards) < 8 || frames < 2 {
		t.Fatalf("plan: %d shards, %d of frames; want at least 8 and 2", len(shards), frames)
	}
	dir := t.TempDir()
	ref, out := filepath.Join(dir, "ref"), filepath.Join(dir, "out")
	referenceScan(t, ref, inputs, testOptions)
	c, err := runJob(t, inputs, out)
	if err != nil {
		t.Fatal(err)
	}
	m := checkOutput(t, out, ref, inputs)
	if c.Shards != int64(len(shards)) || c.Games != m.Games || c.Findings != m.Findings || c.Errors != m.Errors || c.Failed != 0 {
		t.Errorf("counters %+v; want %d shards and the manifest's %d games, %d findings, %d errors", c, len(shards), m.Games, m.Findings, m.Errors)
	}
	t.Logf("%d shards (%d of frames), %d games, %d findings, %d part files", len(shards), frames, m.Games, m.Findings, m.Files)
}

// TestRetryLeavesNoDuplicate: an attempt at a shard that fails after writing its part files
// (as a worker lost before it reported) leaves no rows behind. Prism fails the job on a failed
// bundle instead of retrying it, so the test first runs the pipeline to that failure, then
// retries the failed shard's attempt itself and runs the final step as the runner would (the
// combine holding only the second attempt), and last runs the whole job again into the same
// folder: the files of the failed attempts are removed, and the rows are the reference's.
func TestRetryLeavesNoDuplicate(t *testing.T) {
	inputs := corpusInputs(t)[:2] // lichess and twic: 8 shards
	dir := t.TempDir()
	ref, out := filepath.Join(dir, "ref"), filepath.Join(dir, "out")
	referenceScan(t, ref, inputs, testOptions)
	shards, err := Plan(context.Background(), inputs, testShardSize, 0)
	if err != nil {
		t.Fatal(err)
	}
	victim := shards[1]

	errCrash := errors.New("worker lost after writing its part files")
	var mu sync.Mutex
	var failed []Part
	afterScan = func(p Part) error {
		if p.Shard != victim {
			return nil
		}
		mu.Lock()
		defer mu.Unlock()
		failed = append(failed, p)
		return errCrash
	}
	_, err = runJob(t, inputs, out)
	afterScan = nil
	if err == nil || !strings.Contains(err.Error(), errCrash.Error()) {
		t.Fatalf("run with a failing attempt: err %v, want %q", err, errCrash)
	}
	if len(failed) != 1 || len(failed[0].Files) == 0 {
		t.Fatalf("failed attempts %+v: want one that wrote files", failed)
	}
	for _, f := range failed[0].Files {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Fatalf("the failed attempt's part file: %v", err)
		}
	}

	// The runner's retry: every shard's attempt again (the others' first attempts may have
	// run or not before the job failed), then the final step with the combined parts.
	var m Manifest
	for _, s := range shards {
		sh, err := input.ParseShard(s)
		if err != nil {
			t.Fatal(err)
		}
		attempt, err := newAttempt()
		if err != nil {
			t.Fatal(err)
		}
		p, err := ScanShard(context.Background(), sh, out, attempt, testOptions, nil)
		if err != nil {
			t.Fatal(err)
		}
		m.add(p)
	}
	m.finish()
	if err := Finish(context.Background(), out, m); err != nil {
		t.Fatal(err)
	}
	for _, f := range failed[0].Files {
		if _, err := os.Stat(filepath.Join(out, f)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the failed attempt's part file %s is still there (%v)", f, err)
		}
	}
	checkOutput(t, out, ref, inputs)

	// A whole run again into the same folder replaces the earlier run's files.
	before := partFilesUnder(t, out)
	if _, err := runJob(t, inputs, out); err != nil {
		t.Fatal(err)
	}
	checkOutput(t, out, ref, inputs)
	for _, f := range partFilesUnder(t, out) {
		if slices.Contains(before, f) {
			t.Errorf("part file %s of the earlier run survived the new run", f)
		}
	}
}

// TestDamagedShardFails: a shard whose bytes are damaged after the plan was made (a frame
// overwritten, a file cut short) fails the job on Prism with an error naming the shard (its
// file and byte range: "shard KIND:PATH@START-END...: ...") and the fault, and leaves no part
// file of that shard.
func TestDamagedShardFails(t *testing.T) {
	lichess := testcorpus.Path(t, "lichess-2025-05-excerpt.pgn")
	text, err := os.ReadFile(lichess)
	if err != nil {
		t.Fatal(err)
	}
	framed := filepath.Join(t.TempDir(), "small-frames.pgn.zst")
	testcorpus.WriteFrames(t, framed, text, 64<<10)
	plain := filepath.Join(t.TempDir(), "cut.pgn")
	if err := os.WriteFile(plain, text, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range []struct {
		name, path string
		damage     func(sh input.Shard) error
		want       string
	}{
		{"frame overwritten", framed, func(sh input.Shard) error {
			f, err := os.OpenFile(sh.Path, os.O_WRONLY, 0)
			if err != nil {
				return err
			}
			defer f.Close()
			_, err = f.WriteAt(bytes.Repeat([]byte{0xff}, 64), sh.Start+40) // inside its first frame's data
			return err
		}, "decompress"},
		{"file cut short", plain, func(sh input.Shard) error { return os.Truncate(sh.Path, sh.Start+10) }, "past the end"},
	} {
		t.Run(c.name, func(t *testing.T) {
			shards, err := Plan(ctx, []string{c.path}, 32<<10, 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(shards) < 3 {
				t.Fatalf("%d shards, want at least 3", len(shards))
			}
			victim, err := input.ParseShard(shards[2])
			if err != nil {
				t.Fatal(err)
			}
			if err := c.damage(victim); err != nil {
				t.Fatal(err)
			}
			out := t.TempDir()
			p, s := beam.NewPipelineWithRoot()
			ScanShards(s, beam.CreateList(s, shards), out, testOptions, 1)
			err = beamx.Run(ctx, p)
			// The shard that fails is the damaged one or the one before it, which reads into
			// the damaged bytes to finish its last game.
			var failed *input.Shard
			for _, text := range shards[1:3] {
				if sh, _ := input.ParseShard(text); err != nil && strings.Contains(err.Error(), "shard "+text+": ") {
					failed = &sh
				}
			}
			if failed == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err %v; want one naming shard %s or the one before and saying %q", err, victim, c.want)
			}
			for _, f := range partFilesUnder(t, out) {
				if strings.Contains(f, failed.PartName()+"~") {
					t.Errorf("the failed shard left %s", f)
				}
			}
		})
	}
}

// TestUsageErrors: inputs and flags that cannot make a job are usage errors (ErrUsage), found
// before anything runs.
func TestUsageErrors(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pgn")
	if err := os.WriteFile(in, []byte("[Event \"x\"]\n\n1. e4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	aFile := filepath.Join(dir, "file")
	if err := os.WriteFile(aFile, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	ok := Job{Inputs: []string{in}, ShardSize: 1 << 20, Out: filepath.Join(dir, "out"), Options: testOptions}
	for name, edit := range map[string]func(j *Job){
		"missing input":   func(j *Job) { j.Inputs = []string{filepath.Join(dir, "nope.pgn")} },
		"stdin":           func(j *Job) { j.Inputs = []string{"-"} },
		"shard size 0":    func(j *Job) { j.ShardSize = 0 },
		"bad edition":     func(j *Job) { j.Options.Edition = "fide1066" },
		"bad partition":   func(j *Job) { j.Options.Partition = "colour" },
		"no output":       func(j *Job) { j.Out = "" },
		"output a file":   func(j *Job) { j.Out = aFile },
		"output an input": func(j *Job) { j.Out = dir },
		"output on hdfs":  func(j *Job) { j.Out = "hdfs://b/out" },
		"no bucket":       func(j *Job) { j.Out = "gs:///out" },
		"no s3 bucket":    func(j *Job) { j.Out = "s3:///out" },
	} {
		j := ok
		edit(&j)
		if _, err := Run(context.Background(), j); !errors.Is(err, ErrUsage) {
			t.Errorf("%s: err %v, want a usage error", name, err)
		}
	}
}

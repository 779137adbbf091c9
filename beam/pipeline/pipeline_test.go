package pipeline

import (
	"bytes"
	"context"
	"errors"
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

	"github.com/pgnscan/pgnscan/beam/internal/beamtest"
	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/scan"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// TestMain runs the tests in a temporary directory of their own (beamtest.Main).
func TestMain(m *testing.M) { beamtest.Main(m) }

// testShardSize cuts the corpus's plain files into 4 to 12 shards each, and the framed file
// into one shard per frame.
const testShardSize = 256 << 10

// testOptions are the options of the corpus runs: partitioned by edition, two editions so
// that a game makes rows in two folders.
var testOptions = Options{
	Edition: "auto,lichess", FallbackEdition: "fide2023", Fivefold2014: "consecutive",
	Partition: "edition", Workers: 1,
}

// testOutputs are the outputs of the corpus runs under dir: every table, as a user would name
// them (-o dir/findings --games dir/games --errors dir/errors.parquet).
func testOutputs(dir string) Outputs {
	return Outputs{Findings: filepath.Join(dir, "findings"), Games: filepath.Join(dir, "games"), Errors: filepath.Join(dir, "errors.parquet")}
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
	dir, err := os.MkdirTemp("", "pgnscan-bin")
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
// its flags, writing the tables of testOutputs(dir) and dir/summary.json.
func referenceScan(t *testing.T, dir string, inputs []string, o Options) {
	t.Helper()
	referenceScanWith(t, testOutputs(dir), filepath.Join(dir, "summary.json"), inputs, o)
}

// referenceScanWith is referenceScan into the outputs outs (games and errors when set), its
// summary in the file summary.
func referenceScanWith(t *testing.T, outs Outputs, summary string, inputs []string, o Options) {
	t.Helper()
	bin, err := pgnscanBinary()
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"scan", "-q", "-j", "2", "--edition", o.Edition, "--fallback-edition", o.FallbackEdition,
		"--fivefold-2014", o.Fivefold2014, "--partition", o.Partition,
		"-o", outs.Findings, "--summary-json", summary}
	if outs.Games != "" {
		args = append(args, "--games", outs.Games)
	}
	if outs.Errors != "" {
		args = append(args, "--errors", outs.Errors)
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
			rows = append(rows, report.RowText(r))
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(rows)
	return rows
}

// rowsOf reads the rows R of one file in their order, printed.
func rowsOf[R report.Row](t *testing.T, path string) []string {
	t.Helper()
	var rows []string
	if err := report.ReadRows(path, func(r *R) error {
		rows = append(rows, report.RowText(r))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
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

// runJob runs the pipeline on Prism (the default runner), two shards at once, into the
// outputs outs, and returns its counters.
func runJob(t *testing.T, inputs []string, outs Outputs) (Counts, error) {
	t.Helper()
	c, _, err := Run(context.Background(), Job{Inputs: inputs, ShardSize: testShardSize, Outputs: outs, Options: testOptions, Parallel: 2})
	return c, err
}

// readManifest reads the manifest of the run into outs.
func readManifest(t *testing.T, outs Outputs) Manifest {
	t.Helper()
	m, err := ReadManifest(context.Background(), outs)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// partFilesUnder lists the files in the tables' folders of outs (the findings and games
// folders, and the errors parts' folder beside the errors file), named TABLE/REL as in a
// manifest, but the manifest itself.
func partFilesUnder(t *testing.T, outs Outputs) []string {
	t.Helper()
	var files []string
	for table, dir := range localFolders(outs) {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(dir, path)
				if rel != ManifestFile {
					files = append(files, table+"/"+filepath.ToSlash(rel))
				}
			}
			return nil
		})
	}
	slices.Sort(files)
	return files
}

// leftovers lists the temporary files and folders under dir: temporary names (.NAME.PID.tmp)
// and the errors parts' folders (.NAME.parts).
func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	var left []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && (strings.HasSuffix(d.Name(), ".tmp") || strings.HasSuffix(d.Name(), ".parts")) {
			left = append(left, path)
		}
		return nil
	})
	return left
}

// checkOutput checks the finished outputs of a run into outs against the reference scan in
// ref: the rows of every table are the reference's (the errors file's in the same order), the
// manifest names exactly the part files on disk and one part per shard of the plan, its totals
// and the merged summary are the reference's, and no temporary file is left.
func checkOutput(t *testing.T, outs Outputs, ref string, inputs []string) Manifest {
	t.Helper()
	want := testOutputs(ref)
	sameRows(t, "findings", rowsUnder[report.Finding](t, outs.Findings), rowsUnder[report.Finding](t, want.Findings))
	if outs.Games != "" {
		sameRows(t, "games", rowsUnder[report.Game](t, outs.Games), rowsUnder[report.Game](t, want.Games))
	}
	var errs []string
	if outs.Errors != "" {
		errs = rowsOf[report.Error](t, want.Errors)
		if got := rowsOf[report.Error](t, outs.Errors); !slices.Equal(got, errs) {
			sameRows(t, "errors", slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(errs)))
			t.Errorf("errors: the rows are not in the reference scan's order")
		}
	}

	m := readManifest(t, outs)
	var named []string
	for _, p := range m.Parts {
		named = append(named, p.Files...)
	}
	slices.Sort(named)
	if on := partFilesUnder(t, outs); !slices.Equal(named, on) {
		t.Errorf("manifest names %d part files, %d on disk:\nnamed %q\non disk %q", len(named), len(on), named, on)
	}
	for _, dir := range localFolders(outs) {
		if left := leftovers(t, filepath.Dir(dir)); len(left) > 0 {
			t.Errorf("temporary files left: %q", left)
		}
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
	refSum, err := report.ReadSummaryJSON(filepath.Join(ref, "summary.json"), scan.Names())
	if err != nil {
		t.Fatal(err)
	}
	if m.Games != refSum.Games() || m.Findings != refSum.Findings() || m.Errors != refSum.GamesWithErrors() {
		t.Errorf("manifest: %d games, %d findings, %d with errors; the reference scan: %d, %d, %d",
			m.Games, m.Findings, m.Errors, refSum.Games(), refSum.Findings(), refSum.GamesWithErrors())
	}
	if outs.Errors != "" && m.Errors != int64(len(errs)) {
		t.Errorf("manifest: %d games with errors, the reference scan's errors table %d rows", m.Errors, len(errs))
	}
	sum, err := ReadSummary(context.Background(), outs)
	if err != nil {
		t.Fatal(err)
	}
	sameSummary(t, sum, refSum)
	return m
}

// sameSummary checks the run's merged summary file against the reference scan's summary:
// games, errors and findings, each input's games, errors and completion, and every edition's
// games by source and speed and findings by rule and speed. Inputs compare in name order.
func sameSummary(t *testing.T, got, want *report.Summary) {
	t.Helper()
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
	ref, out := filepath.Join(dir, "ref"), testOutputs(filepath.Join(dir, "out"))
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
// bundle instead of retrying it, and the command then removes what the job wrote: the test
// checks that, then retries the failed shard's attempt itself and runs the final step as a
// runner would (the combine holding only the second attempt), runs the whole job again into
// the same folders, and last fails a run into the folders of that finished one: the files of
// the failed attempts are removed, the rows are the reference's, and a failed run leaves the
// earlier run's output whole.
func TestRetryLeavesNoDuplicate(t *testing.T) {
	inputs := corpusInputs(t)[:2] // lichess and twic: 8 shards
	dir := t.TempDir()
	ref, out := filepath.Join(dir, "ref"), testOutputs(filepath.Join(dir, "out"))
	referenceScan(t, ref, inputs, testOptions)
	shards, err := Plan(context.Background(), inputs, testShardSize, 0)
	if err != nil {
		t.Fatal(err)
	}
	victim := shards[1]

	errCrash := errors.New("worker lost after writing its part files")
	var mu sync.Mutex
	var failed []Part
	failVictim := func(p Part) error {
		if p.Shard != victim {
			return nil
		}
		mu.Lock()
		defer mu.Unlock()
		failed = append(failed, p)
		return errCrash
	}
	afterScan = failVictim
	_, err = runJob(t, inputs, out)
	afterScan = nil
	if err == nil || !strings.Contains(err.Error(), errCrash.Error()) {
		t.Fatalf("run with a failing attempt: err %v, want %q", err, errCrash)
	}
	if len(failed) != 1 || len(failed[0].Files) == 0 {
		t.Fatalf("failed attempts %+v: want one that wrote files", failed)
	}
	if left := append(partFilesUnder(t, out), leftovers(t, filepath.Join(dir, "out"))...); len(left) > 0 {
		t.Errorf("the failed run left %q", left)
	}

	// The runner's retry: the victim's failed attempt, then every shard's attempt, then the
	// final step with the combined parts.
	attempt := func(s string) Part {
		sh, err := input.ParseShard(s)
		if err != nil {
			t.Fatal(err)
		}
		id, err := newAttempt()
		if err != nil {
			t.Fatal(err)
		}
		p, err := ScanShard(context.Background(), sh, out, id, testOptions, nil)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	lost := attempt(victim)
	var m Manifest
	for _, s := range shards {
		m.add(attempt(s))
	}
	m.finish()
	if err := Finish(context.Background(), out, inputs, m, report.Options{}); err != nil {
		t.Fatal(err)
	}
	for _, f := range lost.Files {
		st, name, _ := out.locate(f)
		if r, err := st.Open(context.Background(), name); err == nil {
			r.Close()
			t.Errorf("the failed attempt's part file %s is still there", f)
		}
	}
	checkOutput(t, out, ref, inputs)

	// A whole run again into the same folders replaces the earlier run's files.
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

	// A run that fails leaves the earlier run's output as it was.
	before = partFilesUnder(t, out)
	afterScan = failVictim
	_, err = runJob(t, inputs, out)
	afterScan = nil
	if err == nil {
		t.Fatal("the failing rerun succeeded")
	}
	if after := partFilesUnder(t, out); !slices.Equal(after, before) {
		t.Errorf("after a failed rerun: part files %q, want the earlier run's %q", after, before)
	}
	checkOutput(t, out, ref, inputs)
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
			out := testOutputs(t.TempDir())
			p, s := beam.NewPipelineWithRoot()
			ScanShards(s, beam.CreateList(s, shards), []string{c.path}, out, testOptions, 1)
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

// TestUsageErrors: inputs, flags and outputs that cannot make a job are usage errors
// (ErrUsage), found before anything runs; the folders and files given are left as they were.
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
	inCSV := filepath.Join(dir, "games.csv") // PGN, named as an errors file could be
	if err := os.WriteFile(inCSV, []byte("[Event \"y\"]\n\n1. d4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A folder of the user's with a file pgnscan-beam did not write: a scan's part file.
	theirs := filepath.Join(dir, "theirs", "edition=fide2023")
	if err := os.MkdirAll(theirs, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(theirs, "part-0.parquet"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub")
	outs := Outputs{Findings: filepath.Join(sub, "findings"), Games: filepath.Join(sub, "games"), Errors: filepath.Join(sub, "errors.csv")}
	ok := Job{Inputs: []string{in}, ShardSize: 1 << 20, Outputs: outs, Options: testOptions}
	for name, edit := range map[string]func(j *Job){
		"missing input":          func(j *Job) { j.Inputs = []string{filepath.Join(dir, "nope.pgn")} },
		"stdin":                  func(j *Job) { j.Inputs = []string{"-"} },
		"shard size 0":           func(j *Job) { j.ShardSize = 0 },
		"bad edition":            func(j *Job) { j.Options.Edition = "fide1066" },
		"bad partition":          func(j *Job) { j.Options.Partition = "colour" },
		"no output":              func(j *Job) { j.Outputs.Findings = "" },
		"output a file":          func(j *Job) { j.Outputs.Findings = aFile },
		"games a file":           func(j *Job) { j.Outputs.Games = aFile },
		"errors a folder":        func(j *Job) { j.Outputs.Errors = sub },
		"errors .txt":            func(j *Job) { j.Outputs.Errors = filepath.Join(dir, "errors.txt") },
		"errors stdout":          func(j *Job) { j.Outputs.Errors = "-" },
		"errors an input":        func(j *Job) { j.Outputs.Errors = inCSV; j.Inputs = append(j.Inputs, inCSV) },
		"output an input":        func(j *Job) { j.Outputs.Findings = dir },
		"games hold the input":   func(j *Job) { j.Outputs.Games = dir },
		"games in the findings":  func(j *Job) { j.Outputs.Games = filepath.Join(outs.Findings, "games") },
		"errors in the findings": func(j *Job) { j.Outputs.Errors = filepath.Join(outs.Findings, "e.parquet") },
		"findings not ours":      func(j *Job) { j.Outputs.Findings = filepath.Dir(theirs) },
		"games not ours":         func(j *Job) { j.Outputs.Games = filepath.Dir(theirs) },
		"output on hdfs":         func(j *Job) { j.Outputs.Findings = "hdfs://b/out" },
		"no bucket":              func(j *Job) { j.Outputs.Findings = "gs:///out" },
		"no s3 bucket":           func(j *Job) { j.Outputs.Findings = "s3:///out" },
		"errors a bucket":        func(j *Job) { j.Outputs.Errors = "gs://b" },
	} {
		j := ok
		edit(&j)
		if _, _, err := Run(context.Background(), j); !errors.Is(err, ErrUsage) {
			t.Errorf("%s: err %v, want a usage error", name, err)
		}
	}
	if _, err := os.Stat(sub); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a refused job made %s (%v)", sub, err)
	}
	if _, err := os.Stat(filepath.Join(theirs, "part-0.parquet")); err != nil {
		t.Errorf("the user's file: %v", err)
	}
}

package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// Bad inputs and bad usage: each gives the exit status of cli-and-output.md and, when the
// status is not 0, one line on standard error that names what went wrong. Exit statuses: 0 the
// scan finished (games with errors are counted, not fatal); 1 an input could not be opened or
// read to its end, or an output could not be written; 2 bad usage.

// oneLine checks that stderr is a single line that contains every word of want.
func oneLine(t *testing.T, r result, want ...string) {
	t.Helper()
	ls := lines(r.stderr)
	if len(ls) != 1 {
		t.Errorf("stderr has %d lines, want 1:\n%s", len(ls), r.stderr)
		return
	}
	if !strings.HasPrefix(ls[0], "pgnscan: ") {
		t.Errorf("stderr %q does not start with \"pgnscan: \"", ls[0])
	}
	for _, w := range want {
		if !strings.Contains(ls[0], w) {
			t.Errorf("stderr %q does not mention %q", ls[0], w)
		}
	}
}

// noFiles checks that a folder holds only the named entries: no output, not even a temporary
// one, was left behind.
func noFiles(t *testing.T, dir string, allowed ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !contains(allowed, e.Name()) {
			t.Errorf("%s left in %s", e.Name(), dir)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestBadUsage(t *testing.T) {
	sample := testdataPath(t, "sample.pgn.zst")
	dir := t.TempDir()
	out := filepath.Join(dir, "f.parquet")
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(empty, "notes.txt"), []byte("no games here"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		want []string // words the message must contain
	}{
		{"missing file", []string{"scan", "-o", out, filepath.Join(dir, "nope.pgn")}, []string{"nope.pgn"}},
		{"directory without PGN", []string{"scan", "-o", out, empty}, []string{empty, "no PGN archives"}},
		{"unknown edition", []string{"scan", "--edition", "fide2017,fide2099", "-o", out, sample}, []string{"fide2099", "known: auto, fide2009"}},
		{"unknown fallback edition", []string{"scan", "--fallback-edition", "fide1999", "-o", out, sample}, []string{"fide1999"}},
		{"bad fivefold reading", []string{"scan", "--fivefold-2014", "sometimes", "-o", out, sample}, []string{"sometimes", "consecutive or any"}},
		{"unknown output extension", []string{"scan", "-o", filepath.Join(dir, "f.json"), sample}, []string{"f.json"}},
		{"unknown games extension", []string{"scan", "-o", out, "--games", filepath.Join(dir, "g.txt"), sample}, []string{"g.txt"}},
		{"two outputs on one file", []string{"scan", "-o", out, "--games", out, sample}, []string{"f.parquet"}},
		{"negative workers", []string{"scan", "-j", "-1", "-o", out, sample}, []string{"-1", "at least 1"}},
		{"no workers", []string{"scan", "-j", "0", "-o", out, sample}, []string{"not 0", "at least 1"}},
		{"plan with no workers", []string{"plan", "-j", "0", sample}, []string{"not 0", "at least 1"}},
		{"bad progress mode", []string{"scan", "--progress", "sometimes", "-o", out, sample}, []string{"sometimes"}},
		{"unknown flag", []string{"scan", "--frobnicate", sample}, []string{"frobnicate"}},
		{"misspelt flag", []string{"scan", "--edtion", "fide2014", sample}, []string{"--edtion", "did you mean --edition?"}},
		{"misspelt flag of canmate", []string{"canmate", "--witnes"}, []string{"did you mean --witness?"}},
		{"no input", []string{"scan", "-o", out}, []string{"no input", "- to read standard input"}},
		{"unknown command", []string{"scna", sample}, []string{"scna"}},
		{"report of a missing file", []string{"report", filepath.Join(dir, "nope.parquet")}, []string{"nope.parquet"}},
		{"report of an unknown format", []string{"report", filepath.Join(dir, "f.json")}, []string{"f.json"}},
		{"version with an argument", []string{"version", "x"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := pgnscan(t, c.args...)
			if r.code != exitUsage {
				t.Errorf("exit %d, want %d\nstderr: %s", r.code, exitUsage, r.stderr)
			}
			oneLine(t, r, c.want...)
			if strings.HasPrefix(r.stderr, "pgnscan: rules:") {
				t.Errorf("the message carries a package prefix: %s", r.stderr)
			}
			if r.stdout != "" {
				t.Errorf("stdout: %q", r.stdout)
			}
			noFiles(t, dir, "empty")
		})
	}
}

// TestMissingOutputFolder: an output that cannot be created is an output failure (exit 1),
// found before any input is read.
func TestMissingOutputFolder(t *testing.T) {
	dir := t.TempDir()
	for _, flag := range []string{"-o", "--games", "--errors"} {
		t.Run(flag, func(t *testing.T) {
			args := []string{"scan", "-q", "-o", filepath.Join(dir, "f.csv")}
			if flag == "-o" {
				args = args[:2]
			}
			args = append(args, flag, filepath.Join(dir, "no-such-folder", "x.parquet"), testdataPath(t, "sample.pgn.zst"))
			r := pgnscan(t, args...)
			if r.code != exitFailure {
				t.Errorf("exit %d, want %d\nstderr: %s", r.code, exitFailure, r.stderr)
			}
			oneLine(t, r, "no-such-folder")
			noFiles(t, dir)
		})
	}
}

// TestOutputIsADirectory: an output path that names an existing folder cannot be written.
func TestOutputIsADirectory(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "taken.csv")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	r := pgnscan(t, "scan", "-q", "-o", out, testdataPath(t, "sample.pgn.zst"))
	if r.code != exitFailure {
		t.Errorf("exit %d, want %d\nstderr: %s", r.code, exitFailure, r.stderr)
	}
	oneLine(t, r, "taken.csv")
	noFiles(t, dir, "taken.csv")
}

// truncatedSample writes the sample cut at a fraction of its compressed bytes.
func truncatedSample(t *testing.T, dir string, frac float64) string {
	t.Helper()
	data, err := os.ReadFile(testdataPath(t, "sample.pgn.zst"))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "truncated.pgn.zst")
	if err := os.WriteFile(p, data[:int(float64(len(data))*frac)], 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// fullSample scans the whole sample once: the rows the truncated scans are compared with.
func fullSample(t *testing.T) sampleScan {
	t.Helper()
	return scanSample(t, t.TempDir(), ".csv", "-q")
}

// TestTruncatedInput: a .zst cut short is an input that could not be read to its end (exit
// 1); every game decoded before the fault is still judged and written, and a second input is
// still scanned whole.
func TestTruncatedInput(t *testing.T) {
	full := fullSample(t)
	dir := t.TempDir()
	trunc := truncatedSample(t, dir, 0.6)
	f, g, e := filepath.Join(dir, "f.csv"), filepath.Join(dir, "g.csv"), filepath.Join(dir, "e.csv")
	lichess := testcorpus.Path(t, "lichess-2025-05-excerpt.pgn")
	r := pgnscan(t, "scan", "-q", "-o", f, "--games", g, "--errors", e, trunc, lichess)
	if r.code != exitFailure {
		t.Fatalf("exit %d, want %d\nstderr: %s", r.code, exitFailure, r.stderr)
	}
	oneLine(t, r, "truncated.pgn.zst")

	games := readRows[report.Game](t, g)
	findings := readRows[report.Finding](t, f)
	errs := readRows[report.Error](t, e)
	// The truncated input: a prefix of the sample's games, the same rows as the full scan
	// but for the last game read, which the fault may have cut.
	var k int64
	for _, row := range games {
		if row.Source == trunc {
			k = max(k, row.GameIndex+1)
		}
	}
	if k < casesGames+100 {
		t.Fatalf("only %d games of the truncated sample were written", k)
	}
	sameRows(t, "games", pick(games, func(r *report.Game) bool { return r.Source == trunc && r.GameIndex < k-1 }),
		pick(full.games, func(r *report.Game) bool { return r.GameIndex < k-1 }),
		func(r *report.Game) { r.Source = "" })
	sameRows(t, "findings", pick(findings, func(r *report.Finding) bool { return r.Source == trunc && r.GameIndex < k-1 }),
		pick(full.findings, func(r *report.Finding) bool { return r.GameIndex < k-1 }),
		func(r *report.Finding) { r.Source = "" })
	// The second input: all its games (corpus README: 438).
	var n int64
	for _, row := range games {
		if row.Source == lichess {
			n = max(n, row.GameIndex+1)
		}
	}
	if n != 438 {
		t.Errorf("second input: %d games written, want 438", n)
	}
	for _, row := range errs {
		if row.Source == trunc && row.GameIndex < k-1 && row.GameIndex >= casesGames {
			t.Errorf("truncated input: errors row for game %d before the fault: %s", row.GameIndex, row.Message)
		}
	}

	// The summary says which input failed and where.
	r = pgnscan(t, "scan", "-o", f, "--summary", "-", trunc, lichess)
	if r.code != exitFailure {
		t.Fatalf("exit %d, want %d", r.code, exitFailure)
	}
	if !strings.Contains(r.stdout, "failed") || !strings.Contains(r.stdout, "complete") {
		t.Errorf("summary does not say which input failed and which completed:\n%s", r.stdout)
	}
	oneLine(t, r, "truncated.pgn.zst")
}

func pick[R any](rows []R, keep func(*R) bool) []R {
	var out []R
	for i := range rows {
		if keep(&rows[i]) {
			out = append(out, rows[i])
		}
	}
	return out
}

// sameRows compares two row lists after norm has cleared the columns that may differ.
func sameRows[R any](t *testing.T, what string, got, want []R, norm func(*R)) {
	t.Helper()
	for i := range got {
		detach(&got[i])
		norm(&got[i])
	}
	for i := range want {
		detach(&want[i])
		norm(&want[i])
	}
	if len(got) != len(want) {
		t.Errorf("%s: %d rows, want %d", what, len(got), len(want))
		return
	}
	for i := range got {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("%s row %d:\n got %+v\nwant %+v", what, i, got[i], want[i])
			return
		}
	}
}

// detach gives a findings or games row its own copy of the GameInfo it shares with the other
// rows of its game, so that a change to it changes this row alone.
func detach(r any) {
	switch x := r.(type) {
	case *report.Finding:
		info := *x.GameInfo
		x.GameInfo = &info
	case *report.Game:
		info := *x.GameInfo
		x.GameInfo = &info
	}
}

// TestRandomBytes: a file of random bytes is no text: refused, exit 1 with one line naming it
// (issue 27). A file of random printable characters is text, read to its end; its "games"
// cannot be read whole, which the contract counts, not fails on: exit 0, every game an errors
// row, nothing on standard error with -q.
func TestRandomBytes(t *testing.T) {
	dir := t.TempDir()
	rnd := rand.New(rand.NewPCG(1, 2))
	data := make([]byte, 256<<10)
	for i := range data {
		data[i] = byte(rnd.Uint32())
	}
	data[0] = 'x' // not a compression magic number
	p := filepath.Join(dir, "random.pgn")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, g, e := filepath.Join(dir, "f.csv"), filepath.Join(dir, "g.csv"), filepath.Join(dir, "e.csv")
	r := pgnscan(t, "scan", "-q", "-o", f, "--games", g, "--errors", e, p)
	if r.code != exitFailure {
		t.Fatalf("random bytes: exit %d, want %d\nstderr: %s", r.code, exitFailure, r.stderr)
	}
	oneLine(t, r, "random.pgn", "not a PGN archive")
	const printable = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\n"
	for i := range data {
		data[i] = printable[rnd.IntN(len(printable))]
	}
	data[0] = 'x'
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	r = pgnscan(t, "scan", "-q", "-o", f, "--games", g, "--errors", e, p)
	if r.code != exitOK {
		t.Fatalf("exit %d, want %d\nstderr: %s", r.code, exitOK, r.stderr)
	}
	if r.stderr != "" {
		t.Errorf("stderr with -q: %q", r.stderr)
	}
	errs := readRows[report.Error](t, e)
	games := readRows[report.Game](t, g)
	if len(errs) == 0 {
		t.Fatal("no errors rows for random bytes")
	}
	accountFor(t, "random bytes", games, errs, -1)

	r = pgnscan(t, "scan", "-o", f, "--summary", "-", p)
	if r.code != exitOK {
		t.Fatalf("exit %d", r.code)
	}
	if !strings.Contains(r.stdout, "with errors") || !strings.Contains(r.stdout, "complete") {
		t.Errorf("summary:\n%s", r.stdout)
	}
}

// TestEmptyInput: an empty file, and empty standard input, are archives of zero games.
func TestEmptyInput(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "empty.pgn")
	if err := os.WriteFile(p, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{p, "-"} {
		for _, ext := range []string{".csv", ".parquet"} {
			f := filepath.Join(dir, "f"+ext)
			r := pgnscan(t, "scan", "-o", f, "--summary", "-", in)
			if r.code != exitOK {
				t.Fatalf("%s: exit %d\n%s", in, r.code, r.stderr)
			}
			if !strings.Contains(r.stdout, "Games: 0 read, 0 with errors") {
				t.Errorf("%s: summary:\n%s", in, r.stdout)
			}
			if rows := readRows[report.Finding](t, f); len(rows) != 0 {
				t.Errorf("%s: %d findings rows", in, len(rows))
			}
		}
	}
}

// accountFor checks that every game of a source is accounted for: each index 0..n-1 has one
// games row per edition (editions of them) or, when it was never judged, an errors row; a
// games row carries an error exactly when an errors row exists. n < 0: any count.
func accountFor(t *testing.T, what string, games []report.Game, errs []report.Error, n int64) int64 {
	t.Helper()
	rows := map[int64]int{}
	withErr := map[int64]bool{}
	var top int64
	for _, g := range games {
		rows[g.GameIndex]++
		withErr[g.GameIndex] = withErr[g.GameIndex] || g.Error != ""
		top = max(top, g.GameIndex+1)
	}
	erred := map[int64]bool{}
	for _, e := range errs {
		if erred[e.GameIndex] {
			t.Errorf("%s: two errors rows for game %d", what, e.GameIndex)
		}
		erred[e.GameIndex] = true
		top = max(top, e.GameIndex+1)
		if e.Message == "" || e.Line <= 0 {
			t.Errorf("%s: errors row without message or line: %+v", what, e)
		}
	}
	if n >= 0 && top != n {
		t.Errorf("%s: %d games, want %d", what, top, n)
	}
	per := -1
	for i := int64(0); i < top; i++ {
		switch {
		case rows[i] == 0 && !erred[i]:
			t.Errorf("%s: game %d has neither a games row nor an errors row", what, i)
		case rows[i] > 0 && withErr[i] != erred[i]:
			t.Errorf("%s: game %d: games row error %v, errors row %v", what, i, withErr[i], erred[i])
		case rows[i] > 0:
			if per < 0 {
				per = rows[i]
			} else if rows[i] != per {
				t.Errorf("%s: game %d has %d games rows, others %d", what, i, rows[i], per)
			}
		}
	}
	return top
}

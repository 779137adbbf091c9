package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
)

// Hostile and unlucky command lines (issue 14): nothing an input holds is lost or overwritten,
// and every refusal is bad usage (exit 2) with one line that says why, before anything is
// written.

// TestOutputClashes: an output on an input, two outputs on one file (standard output
// included), or an empty output path is refused, and the input is left as it was.
func TestOutputClashes(t *testing.T) {
	sample, err := os.ReadFile(testdataPath(t, "sample.pgn.zst"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pgn")
	archives := filepath.Join(dir, "archives")
	inDir := filepath.Join(archives, "x.pgn")
	csvIn := filepath.Join(dir, "in.csv")
	hard, sym := filepath.Join(dir, "hard.csv"), filepath.Join(dir, "sym.csv")
	if err := os.Mkdir(archives, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{in, inDir, csvIn} {
		if err := os.WriteFile(p, sample, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Link(in, hard); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(in, sym); err != nil {
		t.Fatal(err)
	}
	g := filepath.Join(dir, "g.parquet")
	for _, c := range []struct {
		name string
		args []string
		want []string
	}{
		{"summary on the input", []string{"-o", filepath.Join(dir, "f.csv"), "--summary", in, in}, []string{"--summary", "in.pgn", "input"}},
		{"summary on the input, quiet", []string{"-q", "-o", filepath.Join(dir, "f.csv"), "--summary", in, in}, []string{"--summary", "in.pgn"}},
		{"summary on the games file", []string{"-o", filepath.Join(dir, "f.csv"), "--games", g, "--summary", g, in}, []string{"--games", "--summary"}},
		{"summary and CSV on standard output", []string{"-o", "-", "--summary", "-", in}, []string{"--out", "--summary"}},
		{"findings on the CSV input", []string{"-o", csvIn, csvIn}, []string{"--out", "in.csv", "input"}},
		{"errors on a file inside a directory input", []string{"-o", filepath.Join(dir, "f.csv"), "--errors", filepath.Join(archives, "x.pgn"), archives}, []string{"--errors", "x.pgn"}},
		{"output through another spelling", []string{"-o", filepath.Join(dir, ".", "archives", "..", "in.csv"), csvIn}, []string{"in.csv"}},
		{"output on a hard link of the input", []string{"-o", hard, in}, []string{"hard.csv"}},
		{"output on a symbolic link to the input", []string{"-o", sym, in}, []string{"sym.csv"}},
		{"two tables, two spellings", []string{"-o", filepath.Join(dir, "t.csv"), "--games", filepath.Join(archives, "..", "t.csv"), in}, []string{"--out", "--games"}},
		{"empty output path", []string{"-o", "", in}, []string{"--out", "empty"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := pgnscan(t, append([]string{"scan"}, c.args...)...)
			if r.code != exitUsage {
				t.Errorf("exit %d, want %d\nstderr: %s", r.code, exitUsage, r.stderr)
			}
			oneLine(t, r, c.want...)
			if r.stdout != "" {
				t.Errorf("stdout: %q", r.stdout)
			}
			for _, p := range []string{in, inDir, csvIn} {
				if got, err := os.ReadFile(p); err != nil || !bytes.Equal(got, sample) {
					t.Errorf("%s changed (%d bytes, %v)", p, len(got), err)
				}
			}
			noFiles(t, dir, "in.pgn", "in.csv", "archives", "hard.csv", "sym.csv")
			noFiles(t, archives, "x.pgn")
		})
	}
}

// TestSummaryFileReplacedWhole: --summary PATH goes through a temporary file renamed into
// place, like the tables: the old file stays until the new one is complete, and no temporary
// file is left.
func TestSummaryFileReplacedWhole(t *testing.T) {
	dir := t.TempDir()
	sum := filepath.Join(dir, "summary.txt")
	if err := os.WriteFile(sum, []byte("old summary\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(sum)
	mustScan(t, "scan", "-o", filepath.Join(dir, "f.csv"), "--summary", sum, testdataPath(t, "sample.pgn.zst"))
	got, err := os.ReadFile(sum)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(got), "Inputs\n") || !strings.Contains(string(got), "Edition ") {
		t.Errorf("summary file:\n%s", got)
	}
	after, _ := os.Stat(sum)
	if os.SameFile(before, after) {
		t.Error("the summary was written in place, not renamed into place")
	}
	noFiles(t, dir, "summary.txt", "f.csv")
}

// TestLongFaultClipped: one bad token of 2 MB gives short messages everywhere: the summary, the
// errors and games tables (CSV and the Parquet metadata), and the excerpt keeps its 80 bytes.
// Before, the token was copied whole into each of them.
func TestLongFaultClipped(t *testing.T) {
	token := strings.Repeat("Q", 2<<20)
	pgn := "[Event \"long\"]\n[Result \"*\"]\n\n1. e4 " + token + " e5 *\n\n" +
		"[Event \"next\"]\n[Result \"*\"]\n\n1. d4 \x90\x91\x92\x93\x94\x95\x96\x97\x98\x99\x9a\x9b\x9c\x9d\x9e\x9f" +
		strings.Repeat("\x80", 60) + " *\n"
	dir := t.TempDir()
	e, g, gp := filepath.Join(dir, "e.csv"), filepath.Join(dir, "g.csv"), filepath.Join(dir, "g.parquet")
	for _, games := range []string{g, gp} {
		r := pgnscanStdin(t, []byte(pgn), "scan", "-o", filepath.Join(dir, "f.csv"), "--errors", e, "--games", games, "-")
		if r.code != 0 {
			t.Fatalf("exit %d: %.300s", r.code, r.stderr)
		}
		if len(r.stderr) > 8<<10 {
			t.Errorf("summary of %d bytes", len(r.stderr))
		}
		// 16 KiB: a Parquet games file of two rows is about 9 KB of schema and footer; the
		// token would make it megabytes.
		for _, info := range []string{e, games} {
			if st, err := os.Stat(info); err != nil || st.Size() > 16<<10 {
				t.Errorf("%s: %v bytes (%v)", info, st.Size(), err)
			}
		}
	}
	errs := readRows[report.Error](t, e)
	if len(errs) != 2 {
		t.Fatalf("%d errors rows, want 2", len(errs))
	}
	for _, row := range errs {
		if len(row.Excerpt) > report.MaxExcerpt || len(row.Message) > report.MaxMessage {
			t.Errorf("game %d: message %d bytes, excerpt %d bytes", row.GameIndex, len(row.Message), len(row.Excerpt))
		}
	}
	if !strings.HasSuffix(errs[0].Message, "…") {
		t.Errorf("a cut message does not say so: %q", errs[0].Message)
	}
}

// TestInvalidFENAtItsLine: a FEN tag that is no legal position is reported at the tag's line
// (it was reported at the first move's), with the tag in the excerpt.
func TestInvalidFENAtItsLine(t *testing.T) {
	pgn := "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 *\n\n" + // lines 1-5
		"[Event \"b\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n[Result \"*\"]\n\n1. e4 *\n" // FEN on line 8
	dir := t.TempDir()
	e := filepath.Join(dir, "e.csv")
	r := pgnscanStdin(t, []byte(pgn), "scan", "-q", "-o", filepath.Join(dir, "f.csv"), "--errors", e, "-")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	errs := readRows[report.Error](t, e)
	if len(errs) != 1 || errs[0].GameIndex != 1 || errs[0].Line != 8 || errs[0].Ply.Valid ||
		!strings.Contains(errs[0].Message, "FEN") || !strings.Contains(errs[0].Excerpt, "[FEN") {
		t.Errorf("errors rows %+v, want game 1 at line 8 (the FEN tag), no ply, the tag in the excerpt", errs)
	}
}

// TestInputListedTwice: an input named twice is bad usage (its rows were written twice while
// the summary counted it once), and a broken symbolic link in a directory input is a failed
// input named in the error (exit 1, the other archives scanned), not skipped without a word.
func TestInputListedTwiceAndBrokenLink(t *testing.T) {
	sample := testdataPath(t, "sample.pgn.zst")
	dir := t.TempDir()
	out := filepath.Join(dir, "f.csv")
	r := pgnscan(t, "scan", "-q", "-o", out, sample, sample)
	if r.code != exitUsage {
		t.Errorf("input twice: exit %d, want %d", r.code, exitUsage)
	}
	oneLine(t, r, "sample.pgn.zst", "listed twice")
	noFiles(t, dir)

	archives := filepath.Join(dir, "archives")
	if err := os.Mkdir(archives, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(sample, filepath.Join(archives, "a.pgn.zst")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "gone.pgn"), filepath.Join(archives, "b.pgn")); err != nil {
		t.Fatal(err)
	}
	r = pgnscan(t, "scan", "-o", out, archives)
	if r.code != exitFailure {
		t.Errorf("broken link: exit %d, want %d\nstderr: %s", r.code, exitFailure, r.stderr)
	}
	last := lines(r.stderr)[len(lines(r.stderr))-1]
	if !strings.Contains(last, "b.pgn") || strings.Count(last, "b.pgn") != 1 {
		t.Errorf("error line %q does not name the broken link once", last)
	}
	if rows := readRows[report.Finding](t, out); len(rows) == 0 {
		t.Error("the other archive was not scanned")
	}
}

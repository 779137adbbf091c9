package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
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

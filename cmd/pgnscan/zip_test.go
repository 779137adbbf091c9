package main

import (
	"archive/zip"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// TestScanZip: a TWIC-style zip of PGN files is scanned member by member, each member's rows
// under source FILE.zip:MEMBER, with the rows a scan of the member's own file gives (game_index,
// rule, ply, edition alike). Before, the zip's bytes were read as PGN: every game an error
// ('malformed SAN "PK"') and exit 0.
func TestScanZip(t *testing.T) {
	dir := t.TempDir()
	twic := testcorpus.Read(t, "twic1599-excerpt.pgn")
	plain := filepath.Join(dir, "twic1599.pgn")
	if err := os.WriteFile(plain, twic, 0o644); err != nil {
		t.Fatal(err)
	}
	zf, err := os.Create(filepath.Join(dir, "twic1599g.zip"))
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(zf)
	w, err := zw.Create("twic1599.pgn")
	if err != nil {
		t.Fatal(err)
	}
	w.Write(twic)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	zf.Close()
	g1, g2 := filepath.Join(dir, "g1.parquet"), filepath.Join(dir, "g2.parquet")
	mustScan(t, "scan", "-q", "-o", filepath.Join(dir, "f1.parquet"), "--games", g1, plain)
	mustScan(t, "scan", "-q", "-o", filepath.Join(dir, "f2.parquet"), "--games", g2, zf.Name())
	want, got := readRows[report.Game](t, g1), readRows[report.Game](t, g2)
	if len(want) == 0 || len(got) != len(want) {
		t.Fatalf("%d games rows from the zip, %d from its member's file", len(got), len(want))
	}
	for i := range got {
		if got[i].Source != zf.Name()+":twic1599.pgn" {
			t.Fatalf("row %d: source %q", i, got[i].Source)
		}
		got[i].Source = want[i].Source
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Fatalf("row %d differs:\n%+v\n%+v", i, got[i], want[i])
		}
	}
}

// TestScanBinaryInput: a file that is not text (a PNG given by mistake) is refused: exit 1, one
// line naming it, and no rows.
func TestScanBinaryInput(t *testing.T) {
	dir := t.TempDir()
	png := filepath.Join(dir, "board.pgn")
	if err := os.WriteFile(png, []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "f.csv")
	r := pgnscan(t, "scan", "-q", "-o", out, png)
	if r.code != exitFailure {
		t.Fatalf("exit %d, want %d: %s", r.code, exitFailure, r.stderr)
	}
	oneLine(t, r, "board.pgn", "not a PGN archive", "NUL")
	if b, err := os.ReadFile(out); err == nil && strings.Count(string(b), "\n") > 1 {
		t.Errorf("rows written for a binary input:\n%s", b)
	}
}

package report

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The CSV text of a row, worked by hand: header then fields, nulls empty,
// and fields with commas, quotes, newlines or a leading space quoted.
func TestCSVText(t *testing.T) {
	var out bytes.Buffer
	w, err := Create[Error]("-", Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	rows := []Error{
		{Source: "a.pgn", GameIndex: 4, GameOffset: 4007, Line: 123456789012, Ply: ValidInt32(12), Message: "illegal move Nf9", Excerpt: "6. Nf9 Nf6"},
		{Source: "b, c.pgn", GameIndex: 2, GameOffset: 2007, Line: 99, Message: `tag "Event" not closed`, Excerpt: " x\ny"},
	}
	for i := range rows {
		if err := w.Write(&rows[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	want := "source,game_index,game_offset,line,ply,message,excerpt\n" +
		"a.pgn,4,4007,123456789012,12,illegal move Nf9,6. Nf9 Nf6\n" +
		`"b, c.pgn",2,2007,99,,"tag ""Event"" not closed"," x` + "\ny\"\n"
	if out.String() != want {
		t.Errorf("CSV:\n%s\nwant:\n%s", out.String(), want)
	}
}

func TestCSVFindingsNullsAndFloats(t *testing.T) {
	_, _, finds := fixtureRows()
	path := filepath.Join(t.TempDir(), "f.csv")
	writeAll(t, path, Options{}, finds)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1+len(finds) {
		t.Fatalf("%d records, want header + %d", len(recs), len(finds))
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	// finds[1]: white_elo null, black_elo -5, white clock null, black clock 0.1.
	r := recs[2]
	for name, want := range map[string]string{
		"white_elo": "", "black_elo": "-5", "white_clock_s": "", "black_clock_s": "0.1",
		"missed": "true", "result_differs": "false", "game_index": "0", "ply": "7",
		"white": "Nepomniachtchi, Ian", "black": "Müller, Jürgen", "termination": " Normal\nwith a newline",
	} {
		if got := r[col[name]]; got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	if got := recs[1][col["white_clock_s"]]; got != "60.5" {
		t.Errorf("white_clock_s = %q, want 60.5", got)
	}
	if !strings.Contains(string(b), `"Rated ""Blitz"" game, round one"`) {
		t.Error("quotes in a field are not doubled")
	}
}

// CSV and Parquet hold the same rows: both read back through ReadRows, and
// both equal to what was written.
func TestCSVAndParquetHoldTheSameRows(t *testing.T) {
	games, errs, finds := fixtureRows()
	dir := t.TempDir()
	sameRows(t, dir, "findings", finds)
	sameRows(t, dir, "games", games)
	sameRows(t, dir, "errors", errs)
}

func sameRows[R Row](t *testing.T, dir, name string, rows []R) {
	t.Helper()
	for _, ext := range []string{".parquet", ".csv"} {
		path := filepath.Join(dir, name+ext)
		writeAll(t, path, Options{BatchRows: 2}, rows)
		readBack(t, path, rows)
	}
}

func TestReadRowsRejectsOtherTables(t *testing.T) {
	games, _, _ := fixtureRows()
	dir := t.TempDir()
	for _, ext := range []string{".parquet", ".csv"} {
		path := filepath.Join(dir, "games"+ext)
		writeAll(t, path, Options{}, games)
		err := ReadRows(path, func(*Finding) error { return nil })
		if err == nil || !strings.Contains(err.Error(), `no column "rule"`) {
			t.Errorf("%s read as findings: %v", path, err)
		}
		if _, err := ReadSummary(path, testNames); err == nil {
			t.Errorf("ReadSummary(%s, testNames) accepted a games table", path)
		}
	}
}

func TestReadCSVBadNumber(t *testing.T) {
	path := filepath.Join(t.TempDir(), "e.csv")
	text := "source,game_index,game_offset,line,ply,message,excerpt\na,1,2,3,,m,x\na,1,2,x3,,m,x\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	n := 0
	err := ReadRows(path, func(*Error) error { n++; return nil })
	if err == nil || !strings.Contains(err.Error(), "e.csv:3:") || !strings.Contains(err.Error(), "column line") {
		t.Errorf("error %v, want one naming e.csv:3 and column line", err)
	}
	if n != 1 {
		t.Errorf("%d rows before the bad one, want 1", n)
	}
}

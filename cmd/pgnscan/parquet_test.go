package main

import (
	"cmp"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// lichessDataset lays the shared lichess excerpt out as the Hugging Face dataset is
// downloaded: DIR/data/year=2025/month=05/train-00000-of-00001.parquet, in row groups of 100
// rows. It returns DIR/data and the number of games.
func lichessDataset(t *testing.T) (string, int) {
	t.Helper()
	games := testcorpus.ReadLichessPGN(t, testcorpus.Path(t, "lichess-2025-05-excerpt.pgn"))
	data := filepath.Join(t.TempDir(), "data")
	month := filepath.Join(data, "year=2025", "month=05")
	if err := os.MkdirAll(month, 0o755); err != nil {
		t.Fatal(err)
	}
	testcorpus.WriteLichessParquet(t, games, filepath.Join(month, "train-00000-of-00001.parquet"), 100)
	return data, len(games)
}

// partFiles returns the part files under dir, and checks that each sits in the folders of
// the keys edition, year and month, in that order.
func partFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "edition=*", "year=*", "month=*", "part-*.parquet"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no part files under %s (%v)", dir, err)
	}
	return files
}

// TestPartitionedScan: --partition edition,year,month writes the rows of the unpartitioned
// scan, each once, each in the folders of its own edition and date column (a date without a
// month in the null partition), for findings and games.
func TestPartitionedScan(t *testing.T) {
	dir := t.TempDir()
	twic := testcorpus.Path(t, "twic1599-excerpt.pgn")
	lichess := testcorpus.Path(t, "lichess-2025-05-excerpt.pgn")
	f, g := filepath.Join(dir, "f.parquet"), filepath.Join(dir, "g.parquet")
	mustScan(t, "scan", "-q", "--edition", "auto,lichess", "-o", f, "--games", g, lichess, twic)
	fd, gd := filepath.Join(dir, "findings")+"/", filepath.Join(dir, "games")
	mustScan(t, "scan", "-q", "--edition", "auto,lichess", "--partition", "edition,year,month", "-o", fd, "--games", gd, lichess, twic)
	checkParts(t, readRows[report.Finding](t, f), fd, func(r *report.Finding) (report.GameInfo, string) { return *r.GameInfo, r.Edition })
	checkParts(t, readRows[report.Game](t, g), gd, func(r *report.Game) (report.GameInfo, string) { return *r.GameInfo, r.Edition })
}

func checkParts[R report.Row](t *testing.T, want []R, dir string, key func(*R) (report.GameInfo, string)) {
	t.Helper()
	var got []R
	for _, p := range partFiles(t, dir) {
		rel, _ := filepath.Rel(dir, filepath.Dir(p))
		for _, r := range readRows[R](t, p) {
			info, edition := key(&r)
			year, month := report.UnknownPartition, report.UnknownPartition
			if d := info.Date; len(d) == 10 && !strings.Contains(d[:4], "?") {
				year = d[:4]
				if !strings.Contains(d[5:7], "?") {
					month = d[5:7]
				}
			}
			if w := filepath.Join("edition="+edition, "year="+year, "month="+month); rel != w {
				t.Fatalf("%s: a row of %s (date %q) is in %s", dir, edition, info.Date, rel)
			}
			got = append(got, r)
		}
	}
	order := func(a, b R) int {
		ia, ea := key(&a)
		ib, eb := key(&b)
		return cmp.Or(cmp.Compare(ia.Source, ib.Source), cmp.Compare(ia.GameIndex, ib.GameIndex), cmp.Compare(ea, eb))
	}
	slices.SortStableFunc(got, order)
	slices.SortStableFunc(want, order)
	if len(got) != len(want) || len(want) < 100 {
		t.Fatalf("%s: %d rows, the unpartitioned scan %d", dir, len(got), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Fatalf("%s: row %d differs:\n%+v\nwant\n%+v", dir, i, got[i], want[i])
		}
	}
}

// TestPartitionRefusals: --partition with CSV output, an unknown key, or a directory already
// holding files is bad usage, named in the message, and writes nothing.
func TestPartitionRefusals(t *testing.T) {
	dir := t.TempDir()
	lichess := testcorpus.Path(t, "lichess-2025-05-excerpt.pgn")
	full := filepath.Join(dir, "full")
	if err := os.MkdirAll(full, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(full, "old.parquet"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--partition", "year", "-o", filepath.Join(dir, "f.csv")}, 2, "CSV output cannot be partitioned"},
		{[]string{"--partition", "year", "-o", "-"}, 2, "CSV output cannot be partitioned"},
		{[]string{"--partition", "year", "-o", filepath.Join(dir, "p"), "--games", filepath.Join(dir, "g.csv")}, 2, "--games"},
		{[]string{"--partition", "year,day", "-o", filepath.Join(dir, "p")}, 2, "unknown partition key"},
		{[]string{"--partition", "year", "-o", full}, 1, "not empty"},
	} {
		r := pgnscan(t, append(append([]string{"scan", "-q"}, c.args...), lichess)...)
		if r.code != c.code || !strings.Contains(r.stderr, c.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, r.code, r.stderr, c.code, c.msg)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "p")); !os.IsNotExist(err) {
		t.Errorf("a refused scan left %s: %v", filepath.Join(dir, "p"), err)
	}
}

// TestScanDatasetFolder: the dataset's folder as downloaded scans like the PGN it was made
// from (the rows the dataset does not change: the scan package's test compares every column),
// and a Parquet file that holds no games is bad usage naming its columns.
func TestScanDatasetFolder(t *testing.T) {
	data, n := lichessDataset(t)
	dir := t.TempDir()
	f, g := filepath.Join(dir, "f.parquet"), filepath.Join(dir, "g.parquet")
	mustScan(t, "scan", "-q", "-o", f, "--games", g, data)
	games := readRows[report.Game](t, g)
	if len(games) != n {
		t.Fatalf("%d games rows, want %d (one per row, one edition)", len(games), n)
	}
	want := filepath.Join(data, "year=2025", "month=05", "train-00000-of-00001.parquet")
	for i, r := range games {
		if r.Source != want || r.GameIndex != int64(i) || r.Date != "2025.05.01" || r.GameID == "" {
			t.Fatalf("games row %d: source %q index %d date %q id %q", i, r.Source, r.GameIndex, r.Date, r.GameID)
		}
	}
	pf := filepath.Join(dir, "p.parquet")
	mustScan(t, "scan", "-q", "-o", pf, testcorpus.Path(t, "lichess-2025-05-excerpt.pgn"))
	if a, b := len(readRows[report.Finding](t, f)), len(readRows[report.Finding](t, pf)); a != b || a == 0 {
		t.Errorf("%d findings from the dataset, %d from the PGN", a, b)
	}

	r := pgnscan(t, "scan", "-q", "-o", filepath.Join(dir, "x.parquet"), f) // a findings file
	if r.code != 2 || !strings.Contains(r.stderr, "movetext") || !strings.Contains(r.stderr, "game_index int64") {
		t.Errorf("scanning a findings file: exit %d, stderr %q; want exit 2 naming its columns", r.code, r.stderr)
	}
}

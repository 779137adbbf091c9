package report

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestParsePartition(t *testing.T) {
	for spec, want := range map[string][]string{
		"year,month": {"year", "month"}, "edition, Year,month": {"edition", "year", "month"}, "month": {"month"},
	} {
		got, err := ParsePartition(spec)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("ParsePartition(%q) = %q, %v, want %q", spec, got, err, want)
		}
	}
	for _, spec := range []string{"", "year,day", "year,year", "site"} {
		if _, err := ParsePartition(spec); err == nil {
			t.Errorf("ParsePartition(%q) accepted", spec)
		}
	}
	if _, err := ParsePartition("day"); !errors.Is(err, ErrPartitionKey) {
		t.Errorf("unknown key: %v, want ErrPartitionKey", err)
	}
}

// TestPartitionOf: the folder of a row, from its edition and date column, worked by hand;
// dates without a usable year or month go to the null partition.
func TestPartitionOf(t *testing.T) {
	keys := []string{"edition", "year", "month"}
	u := UnknownPartition
	for date, want := range map[string][2]string{
		"2025.05.01": {"2025", "05"}, "1851.??.??": {"1851", u}, "????.??.??": {u, u}, "": {u, u},
		"2025.13.01": {"2025", u}, "2025.00.01": {"2025", u}, "2025-05-01": {"2025", u}, "20x5.05.01": {u, "05"},
		"+202.05.01": {u, "05"},
	} {
		f := Finding{GameInfo: &GameInfo{Date: date}, Edition: "fide2014"}
		got := partitionOf(&f, keys)
		w := filepath.Join("edition=fide2014", "year="+want[0], "month="+want[1])
		if got != w {
			t.Errorf("date %q: %s, want %s", date, got, w)
		}
	}
	g := Game{Edition: "", GameInfo: &GameInfo{Date: "2024.01.02"}}
	if got, want := partitionOf(&g, []string{"month", "edition"}), filepath.Join("month=01", "edition="+u); got != want {
		t.Errorf("games row: %s, want %s", got, want)
	}
	if got := hiveValue("a/b c"); got != "a%2Fb%20c" {
		t.Errorf("hiveValue = %q", got)
	}
}

// TestPartitionedWrite: rows land in their partitions' files (read back, all of them, each
// once), at most MaxOpenPartitions files are open, a partition written again after its file
// was closed gets a new part file, and a non-empty directory is refused.
func TestPartitionedWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	p, err := CreatePartitioned[Finding](dir, []string{"year", "month"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Abort()
	// Months 1..12 of 2024, twice round: more partitions than may be open, so the second
	// round reopens every month.
	var rows []Finding
	for round := range 2 {
		for m := 1; m <= 12; m++ {
			for k := range 3 {
				f := Finding{GameInfo: &GameInfo{Date: "2024." + twoDigits(m) + ".15", GameIndex: int64(len(rows))},
					Edition: "fide2017", Rule: "threefold", Ply: int32(round*100 + k)}
				rows = append(rows, f)
				if err := p.Write(&f); err != nil {
					t.Fatal(err)
				}
				if len(p.open) > MaxOpenPartitions {
					t.Fatalf("%d part files open", len(p.open))
				}
			}
		}
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "year=2024", "month=*", "part-*.parquet"))
	if err != nil || len(files) != 24 {
		t.Fatalf("%d part files (%v), want 24: two per month", len(files), err)
	}
	seen := map[int64]bool{}
	for _, f := range files {
		month := strings.TrimPrefix(filepath.Base(filepath.Dir(f)), "month=")
		if err := ReadRows[Finding](f, func(r *Finding) error {
			if seen[r.GameIndex] || r.Date[5:7] != month {
				t.Errorf("%s: row %d (date %s) seen before or in the wrong month", f, r.GameIndex, r.Date)
			}
			seen[r.GameIndex] = true
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	if len(seen) != len(rows) {
		t.Errorf("%d rows read back, want %d", len(seen), len(rows))
	}
	p.Abort() // after a successful Close: nothing removed
	if _, err := os.Stat(files[0]); err != nil {
		t.Errorf("Abort after Close removed a file: %v", err)
	}
	if _, err := CreatePartitioned[Finding](dir, []string{"year"}, Options{}); err == nil {
		t.Error("a non-empty directory was accepted")
	}
	if _, err := CreatePartitioned[Error](filepath.Join(t.TempDir(), "e"), []string{"year"}, Options{}); err == nil {
		t.Error("errors rows were partitioned")
	}
}

// TestPartitionedAbort: Abort leaves nothing: no part file, closed or open, and no folder it
// made.
func TestPartitionedAbort(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "a", "out")
	p, err := CreatePartitioned[Game](dir, []string{"edition", "month"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for m := 1; m <= MaxOpenPartitions+3; m++ {
		g := Game{GameInfo: &GameInfo{Date: "2020." + twoDigits(m) + ".01"}, Edition: "lichess"}
		if err := p.Write(&g); err != nil {
			t.Fatal(err)
		}
	}
	if len(p.Files()) != 3 {
		t.Fatalf("%d part files closed early, want 3", len(p.Files()))
	}
	p.Abort()
	if entries, err := os.ReadDir(root); err != nil || len(entries) != 0 {
		t.Errorf("after Abort %s holds %v (%v)", root, entries, err)
	}
}

func twoDigits(n int) string {
	s := strconv.Itoa(n)
	if len(s) < 2 {
		s = "0" + s
	}
	return s
}

package report

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDamagedParquet flips, one at a time, every byte of the first page header of a findings
// file (and of the page headers further on, at a stride): reading must then either fail with an
// error naming the file or give back exactly the rows written, never fewer rows without a word.
// Before the row-count check, a flip in the first page header read as an empty table ("no
// findings", exit 0).
func TestDamagedParquet(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	want := randomRows[Finding](rng, 300)
	dir := t.TempDir()
	good := filepath.Join(dir, "f.parquet")
	writeAll(t, good, Options{BatchRows: 100}, want)
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.parquet")
	var offsets []int
	for off := 4; off < 40; off++ { // the first column chunk's page header follows "PAR1"
		offsets = append(offsets, off)
	}
	for off := 40; off < len(data)-8; off += len(data) / 97 {
		offsets = append(offsets, off)
	}
	damaged := 0
	for _, off := range offsets {
		b := append([]byte(nil), data...)
		b[off] ^= 0xFF
		if err := os.WriteFile(bad, b, 0o644); err != nil {
			t.Fatal(err)
		}
		var got []Finding
		err := ReadRows(bad, func(r *Finding) error {
			row := *r
			row.GameInfo = cloneInfo(r.GameInfo)
			got = append(got, row)
			return nil
		})
		if err != nil {
			damaged++
			if !strings.Contains(err.Error(), bad) {
				t.Errorf("flip at %d: error %q does not name the file", off, err)
			}
			continue
		}
		if len(got) != len(want) { // values under a flipped data byte may change; the count may not
			t.Errorf("flip at %d: %d rows read without an error, want %d", off, len(got), len(want))
		}
	}
	if damaged == 0 {
		t.Error("no flip was detected at all")
	}
	// The first page header's first bytes hold its type and sizes: a flip there must be caught.
	b := append([]byte(nil), data...)
	b[5] ^= 0xFF
	if err := os.WriteFile(bad, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSummary(bad, testNames); err == nil {
		t.Error("ReadSummary of a file with a damaged page header: no error")
	} else if !errors.Is(err, ErrDamaged) && !strings.Contains(err.Error(), bad) {
		t.Errorf("ReadSummary: %v", err)
	}
}

// cloneInfo copies the strings of a row read back, which are valid only during the callback.
func cloneInfo(info *GameInfo) *GameInfo {
	g := *info
	g.Source, g.Event, g.Site = strings.Clone(g.Source), strings.Clone(g.Event), strings.Clone(g.Site)
	return &g
}

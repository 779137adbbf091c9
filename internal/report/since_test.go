package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadBeforeEditionVersion: a findings file written before the edition_version column
// (issue 23) still reads, by CSV, with the column's field empty; a file missing a column of
// the first contract is still refused.
func TestReadBeforeEditionVersion(t *testing.T) {
	var names []string
	for _, c := range findingColumns {
		if c.name != "edition_version" {
			names = append(names, c.name)
		}
	}
	if len(names) != len(findingColumns)-1 {
		t.Fatalf("no edition_version column among %d", len(findingColumns))
	}
	row := make([]string, len(names))
	for i, n := range names {
		switch n {
		case "game_index", "game_offset", "ply", "move_number", "repetitions", "halfmove_clock", "opportunities", "plies_after":
			row[i] = "7"
		case "missed", "result_differs":
			row[i] = "true"
		case "edition":
			row[i] = "lichess"
		}
	}
	dir := t.TempDir()
	old := filepath.Join(dir, "old.csv")
	text := strings.Join(names, ",") + "\n" + strings.Join(row, ",") + "\n"
	if err := os.WriteFile(old, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	n := 0
	err := ReadRows(old, func(f *Finding) error {
		n++
		if f.Edition != "lichess" || f.Ply != 7 || !f.Missed || f.EditionVersion != "" {
			t.Errorf("read %+v", f)
		}
		return nil
	})
	if err != nil || n != 1 {
		t.Fatalf("old file: %d rows, %v", n, err)
	}
	// Without edition_source (a column of the first contract) the file is not a findings table.
	cut := strings.Replace(text, "edition_source,", "", 1)
	if err := os.WriteFile(old, []byte(cut), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := ReadRows(old, func(*Finding) error { return nil }); err == nil {
		t.Error("a file without edition_source read")
	}
}

//go:build duckdb

package pipeline

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/duckdb/duckdb-go/v2"
)

// TestDuckDBExcept: DuckDB reads the part files of a Prism run and of a single-machine
// `pgnscan scan` of the same inputs (Hive partitions as columns), and EXCEPT ALL both ways is
// empty for findings, games and errors: the same rows, each as many times. Run with -tags
// duckdb (cgo).
func TestDuckDBExcept(t *testing.T) {
	inputs := corpusInputs(t)
	dir := t.TempDir()
	ref, out := filepath.Join(dir, "ref"), testOutputs(filepath.Join(dir, "out"))
	referenceScan(t, ref, inputs, testOptions)
	if _, err := runJob(t, inputs, out); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	lit := func(p string) string { return "'" + strings.ReplaceAll(p, "'", "''") + "'" }
	read := func(glob string) string {
		return "SELECT * FROM read_parquet(" + lit(glob) + ", hive_partitioning = true)"
	}
	for _, c := range []struct{ table, got, want string }{
		{"findings", filepath.Join(out.Findings, "**", "*.parquet"), filepath.Join(ref, "findings", "**", "*.parquet")},
		{"games", filepath.Join(out.Games, "**", "*.parquet"), filepath.Join(ref, "games", "**", "*.parquet")},
		{"errors", out.Errors, filepath.Join(ref, "errors.parquet")},
	} {
		var rows int64
		if err := db.QueryRow("SELECT count(*) FROM (" + read(c.want) + ")").Scan(&rows); err != nil {
			t.Fatalf("%s: %v", c.table, err)
		}
		if rows == 0 && c.table != "errors" {
			t.Errorf("%s: the reference scan wrote no rows; the comparison would prove nothing", c.table)
		}
		for _, q := range []string{read(c.got) + " EXCEPT ALL " + read(c.want), read(c.want) + " EXCEPT ALL " + read(c.got)} {
			var n int64
			if err := db.QueryRow("SELECT count(*) FROM (" + q + ")").Scan(&n); err != nil {
				t.Fatalf("%s: %v", c.table, err)
			}
			if n != 0 {
				t.Errorf("%s: %d rows in %s", c.table, n, q)
			}
		}
		t.Logf("%s: %d rows, EXCEPT ALL both ways empty", c.table, rows)
	}
}

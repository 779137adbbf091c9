//go:build duckdb

package report

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/duckdb/duckdb-go/v2"
)

// A real query engine reads the Parquet output: DuckDB's counts per rule
// match the summary, its column types match the contract, nulls are nulls,
// and the key-value metadata is there. Run with -tags duckdb (cgo; the
// first build takes a minute or two).
func TestDuckDBReadsFindings(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "findings.parquet")
	sum := writeFixture(t, path, Options{Version: "v9.9.9", CommandLine: []string{"pgnscan", "scan", "x.pgn"}, BatchRows: 3})

	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	lit := "'" + strings.ReplaceAll(path, "'", "''") + "'"

	// SELECT rule, count(*) ... GROUP BY rule against the summary, summed
	// over editions.
	want := map[string]int64{}
	for _, e := range sum.Editions() {
		for _, r := range e.Rules {
			want[r.Rule] += r.Findings
		}
	}
	rows, err := db.Query("SELECT rule, count(*) FROM " + lit + " GROUP BY rule")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int64{}
	for rows.Next() {
		var rule string
		var n int64
		if err := rows.Scan(&rule, &n); err != nil {
			t.Fatal(err)
		}
		got[rule] = n
	}
	rows.Close()
	if len(got) != len(want) {
		t.Errorf("DuckDB counts %v, summary %v", got, want)
	}
	for r, n := range want {
		if got[r] != n {
			t.Errorf("rule %s: DuckDB counts %d, summary %d", r, got[r], n)
		}
	}

	// Column types as DuckDB sees them.
	duck := map[string]string{"string": "VARCHAR", "int64": "BIGINT", "int32": "INTEGER", "float64": "DOUBLE", "bool": "BOOLEAN"}
	rows, err = db.Query("SELECT column_name, column_type, \"null\" FROM (DESCRIBE SELECT * FROM " + lit + ")")
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	for rows.Next() {
		var name, typ, null string
		if err := rows.Scan(&name, &typ, &null); err != nil {
			t.Fatal(err)
		}
		if i >= len(contractFindings) {
			t.Errorf("extra column %s", name)
		} else if c := contractFindings[i]; name != c.name || typ != duck[c.typ] {
			t.Errorf("column %d: DuckDB sees %s %s, contract says %s %s", i, name, typ, c.name, duck[c.typ])
		}
		i++
	}
	rows.Close()
	if i != len(contractFindings) {
		t.Errorf("DuckDB sees %d columns, contract has %d", i, len(contractFindings))
	}

	// Nulls: the fixture has one finding with no white clock and no white Elo.
	var nullClock, nullElo, missed int64
	var rate float64
	err = db.QueryRow("SELECT count(*) FILTER (WHERE white_clock_s IS NULL), count(*) FILTER (WHERE white_elo IS NULL),"+
		" count(*) FILTER (WHERE missed), sum(black_clock_s) FROM "+lit).Scan(&nullClock, &nullElo, &missed, &rate)
	if err != nil {
		t.Fatal(err)
	}
	if nullClock != 1 || nullElo != 1 || missed != 6 || rate != 0.1 {
		t.Errorf("nulls: clock %d, elo %d, missed %d, sum(black_clock_s) %v; want 1, 1, 6, 0.1", nullClock, nullElo, missed, rate)
	}

	// Key-value metadata.
	var version string
	err = db.QueryRow("SELECT decode(value) FROM parquet_kv_metadata(" + lit + ") WHERE decode(key) = '" + MetaVersion + "'").Scan(&version)
	if err != nil || version != "v9.9.9" {
		t.Errorf("version in metadata: %q, %v", version, err)
	}
}

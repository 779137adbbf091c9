//go:build duckdb

package main

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
)

// readmeJoin returns the README's query joining findings with the dataset's rows (the ```sql
// block that reads with hive_partitioning), its example folders replaced by findings and data.
func readmeJoin(t *testing.T, findings, data string) string {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, block := range strings.Split(string(readme), "```sql\n")[1:] {
		q, _, _ := strings.Cut(block, "```")
		if strings.Contains(q, "hive_partitioning") {
			q = strings.TrimSuffix(strings.TrimSpace(q), ";")
			return strings.NewReplacer("'findings/**/*.parquet'", "'"+findings+"/**/*.parquet'",
				"'standard-chess-games/data/**/*.parquet'", "'"+data+"/**/*.parquet'").Replace(q)
		}
	}
	t.Fatal("README.md has no sql block reading with hive_partitioning")
	return ""
}

// TestDuckDBPartitionedJoin scans the dataset's folder (built from the lichess excerpt) into
// partitioned findings and games, reads them with DuckDB's hive_partitioning (the partition
// columns there, a date without a month read as null), and runs the README's join on Site:
// every finding it selects comes back once, with the ratings of its own game.
func TestDuckDBPartitionedJoin(t *testing.T) {
	data, n := lichessDataset(t)
	dir := t.TempDir()
	undated := filepath.Join(dir, "undated.pgn")
	if err := os.WriteFile(undated, []byte("[Date \"2024.??.??\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fd, gd := filepath.Join(dir, "findings"), filepath.Join(dir, "games")
	mustScan(t, "scan", "-q", "--edition", "auto,lichess", "--partition", "edition,year,month", "-o", fd, "--games", gd, data, undated)
	var finds []report.Finding
	for _, p := range partFiles(t, fd) {
		finds = append(finds, readRows[report.Finding](t, p)...)
	}
	db := openDuckDB(t)
	hive := func(d string) string {
		return fmt.Sprintf("read_parquet('%s/**/*.parquet', hive_partitioning = true)", d)
	}

	var rows, months, nullMonth int64
	var year, month sql.NullInt64
	var edition string
	q := "SELECT count(*), count(DISTINCT month), count(*) FILTER (WHERE month IS NULL), min(year), max(month), min(edition) FROM " + hive(gd)
	if err := db.QueryRow(q).Scan(&rows, &months, &nullMonth, &year, &month, &edition); err != nil {
		t.Fatal(err)
	}
	if rows != int64(2*(n+1)) || months != 1 || nullMonth != 2 || year.Int64 != 2024 || month.Int64 != 5 || edition != "fide2023" {
		t.Errorf("games: %d rows, %d months, %d with a null month, min year %v, max month %v, min edition %q; want %d, 1, 2, 2024, 5, fide2023 (auto picks fide2023 for 2024-2025 games)",
			rows, months, nullMonth, year, month, edition, 2*(n+1))
	}

	want := map[string]int{} // game_id edition rule ply -> findings the README query selects
	elo := map[string]int32{}
	for _, f := range finds {
		if f.Edition == "lichess" && f.Missed && f.Site != "" {
			want[fmt.Sprint(f.GameID, f.Edition, f.Rule, f.Ply)]++
			elo[f.GameID] = f.WhiteElo.Int32
		}
	}
	if len(want) < 5 {
		t.Fatalf("only %d missed lichess findings: the excerpt should give more", len(want))
	}
	res, err := db.Query(readmeJoin(t, fd, data))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	got := map[string]int{}
	for res.Next() {
		var id, ed, rule, result, opening string
		var ply int32
		var white, black sql.NullInt32
		var utc any
		if err := res.Scan(&id, &ed, &rule, &ply, &result, &white, &black, &opening, &utc); err != nil {
			t.Fatal(err)
		}
		got[fmt.Sprint(id, ed, rule, ply)]++
		if white.Int32 != elo[id] {
			t.Errorf("%s: joined WhiteElo %v, the finding's white_elo %d", id, white, elo[id])
		}
	}
	if err := res.Err(); err != nil {
		t.Fatal(err)
	}
	for k, c := range want {
		if got[k] != c {
			t.Errorf("finding %s: %d rows from the join, want %d", k, got[k], c)
		}
	}
	if len(got) != len(want) {
		t.Errorf("the join gave %d findings, want %d", len(got), len(want))
	}
}

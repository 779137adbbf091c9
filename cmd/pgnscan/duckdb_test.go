//go:build duckdb

package main

import (
	"cmp"
	"database/sql"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	_ "github.com/duckdb/duckdb-go/v2"

	"github.com/pgnscan/pgnscan/internal/report"
)

// The README's DuckDB queries, run verbatim on pgnscan's own output and checked against
// the same numbers worked out in Go from the rows report.ReadRows reads back. A query that
// joins wrongly, misclassifies a time control or returns other rows than its comment says
// fails here, and so does a README whose example stops running. Run with -tags duckdb (cgo;
// the first build takes a minute or two).

// readmeQueries returns the statements of the README's ```sql block, split on ';', with the
// example file names replaced by quoted SQL literals of findings and games.
func readmeQueries(t *testing.T, findings, games string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	_, block, ok := strings.Cut(readme, "```sql\n")
	if ok {
		block, _, ok = strings.Cut(block, "```")
	}
	if !ok {
		t.Fatal("README.md has no ```sql block")
	}
	lit := func(p string) string { return "'" + strings.ReplaceAll(p, "'", "''") + "'" }
	var out []string
	for _, q := range strings.Split(block, ";") {
		if strings.TrimSpace(q) == "" {
			continue
		}
		if !strings.Contains(q, "'may.parquet'") {
			t.Errorf("README query does not read 'may.parquet':\n%s", q)
		}
		out = append(out, strings.NewReplacer("'may.parquet'", lit(findings), "'may-games.parquet'", lit(games)).Replace(q))
	}
	if len(out) != 2 {
		t.Fatalf("README's sql block holds %d statements, want 2 (missed threefold by speed, contradicted endings)", len(out))
	}
	if !strings.Contains(out[0], lit(games)) {
		t.Errorf("the first README query does not read 'may-games.parquet':\n%s", out[0])
	}
	return out
}

// speedClass is lichess's speed class of a TimeControl tag, worked out here from lichess's
// rule rather than taken from report.SpeedOf, so that the README query is checked against the
// rule itself: "-" is correspondence; "base" or "base+increment" in whole seconds gives the
// estimated duration base + 40 × increment, under 30 s ultrabullet, under 180 bullet, under
// 480 blitz, under 1,500 rapid, else classical; anything else (no tag, "?", "40/7200") is
// unknown, as in the summary.
func speedClass(tc string) string {
	if tc == "-" {
		return "correspondence"
	}
	var parts [2]int
	fields := strings.Split(tc, "+")
	if len(fields) > 2 {
		return "unknown"
	}
	for i, f := range fields {
		// More than nine digits: no clock lasts that long, and the sum stays in range.
		if f == "" || len(f) > 9 {
			return "unknown"
		}
		for _, c := range f {
			if c < '0' || c > '9' {
				return "unknown"
			}
			parts[i] = parts[i]*10 + int(c-'0')
		}
	}
	switch est := parts[0] + 40*parts[1]; {
	case est < 30:
		return "ultrabullet"
	case est < 180:
		return "bullet"
	case est < 480:
		return "blitz"
	case est < 1500:
		return "rapid"
	}
	return "classical"
}

// speedRate is one row of the README's first query.
type speedRate struct {
	games int64
	rate  float64 // missed threefold findings per 1,000 games
}

// missedThreefoldBySpeed runs the README's first query and returns its rows by speed class.
// It checks the order the query promises (games, largest first).
func missedThreefoldBySpeed(t *testing.T, db *sql.DB, query string) map[string]speedRate {
	t.Helper()
	rows, err := db.Query(query)
	if err != nil {
		t.Fatalf("README query 1: %v\n%s", err, query)
	}
	defer rows.Close()
	got := map[string]speedRate{}
	last := int64(math.MaxInt64)
	for rows.Next() {
		var speed sql.NullString
		var r speedRate
		if err := rows.Scan(&speed, &r.games, &r.rate); err != nil {
			t.Fatal(err)
		}
		name := speed.String
		if !speed.Valid {
			name = "NULL"
		}
		if _, dup := got[name]; dup {
			t.Errorf("speed %s appears twice", name)
		}
		if r.games > last {
			t.Errorf("rows not ordered by games, largest first: %s has %d after %d", name, r.games, last)
		}
		last = r.games
		got[name] = r
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return got
}

// checkRates compares the first query's rows with the counts worked out in Go.
func checkRates(t *testing.T, got map[string]speedRate, games, missed map[string]int64) {
	t.Helper()
	for _, s := range slices.Sorted(maps.Keys(games)) {
		want := speedRate{games: games[s], rate: 1000 * float64(missed[s]) / float64(games[s])}
		g, ok := got[s]
		if !ok {
			t.Errorf("speed %s: no row from DuckDB, want %d games, %.3f per 1,000", s, want.games, want.rate)
			continue
		}
		if g.games != want.games || math.Abs(g.rate-want.rate) > 1e-9*math.Max(1, want.rate) {
			t.Errorf("speed %s: DuckDB says %d games, %.6f missed threefold per 1,000; Go %d games, %d missed (%.6f)",
				s, g.games, g.rate, want.games, missed[s], want.rate)
		}
	}
	for s, g := range got {
		if _, ok := games[s]; !ok {
			t.Errorf("speed %s: DuckDB has a row (%d games), Go counts none", s, g.games)
		}
	}
	for s := range missed {
		if _, ok := games[s]; !ok {
			t.Errorf("speed %s: %d missed threefold findings for games that are not in the games file", s, missed[s])
		}
	}
}

// endingRow is one row of the README's second query.
type endingRow struct {
	GameID, Site, Edition, Rule string
	Ply, PliesAfter             int64
	Result, MandatedResult      string
}

// openDuckDB opens an in-memory DuckDB database, closed when the test ends.
func openDuckDB(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestDuckDBReadmeQueries scans the sample as the README scans a lichess month, runs both
// README queries on the output, and checks their rows against the rows read back in Go.
func TestDuckDBReadmeQueries(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	// The scan below is the README's own command line, on the sample.
	const readmeScan = "--edition auto,lichess -o may.parquet --games may-games.parquet"
	if !strings.Contains(string(data), readmeScan) {
		t.Errorf("README.md no longer scans with %q: update this test", readmeScan)
	}
	dir := t.TempDir()
	fpath, gpath := filepath.Join(dir, "may.parquet"), filepath.Join(dir, "may-games.parquet")
	mustScan(t, "scan", "-q", "--edition", "auto,lichess", "-o", fpath, "--games", gpath, testdataPath(t, "sample.pgn.zst"))
	findings := readRows[report.Finding](t, fpath)
	games := readRows[report.Game](t, gpath)
	queries := readmeQueries(t, fpath, gpath)
	db := openDuckDB(t)

	t.Run("missed threefold by speed", func(t *testing.T) {
		type key struct {
			source string
			index  int64
		}
		speedOf := map[key]string{}
		perSpeed := map[string]int64{}
		for i := range games {
			g := &games[i]
			if g.Edition != "lichess" {
				continue
			}
			k := key{g.Source, g.GameIndex}
			if _, dup := speedOf[k]; dup {
				t.Fatalf("game %d of %s has two lichess rows", g.GameIndex, g.Source)
			}
			s := speedClass(g.TimeControl)
			// The summary splits by report.SpeedOf: the README's query must give the same
			// classes, or the two would disagree on the same file.
			if rs := report.SpeedOf(g.TimeControl).String(); rs != s {
				t.Errorf("TimeControl %q: lichess's rule gives %s, report.SpeedOf %s", g.TimeControl, s, rs)
			}
			speedOf[k] = s
			perSpeed[s]++
		}
		missed := map[string]int64{}
		var otherEdition int
		for i := range findings {
			f := &findings[i]
			if f.Rule != "threefold" || !f.Missed {
				continue
			}
			if f.Edition != "lichess" {
				otherEdition++
				continue
			}
			s, ok := speedOf[key{f.Source, f.GameIndex}]
			if !ok {
				t.Fatalf("a lichess threefold finding for game %d of %s, which has no lichess games row", f.GameIndex, f.Source)
			}
			missed[s]++
		}
		// The sample must exercise what the query could get wrong: several classes, games
		// without a TimeControl tag, missed threefolds under lichess and under the FIDE
		// edition (which the join must leave out).
		if len(perSpeed) < 5 || perSpeed["unknown"] == 0 || len(missed) < 2 || otherEdition == 0 {
			t.Fatalf("the sample no longer exercises the query: games by speed %v, lichess missed threefolds by speed %v, other editions' %d",
				perSpeed, missed, otherEdition)
		}
		got := missedThreefoldBySpeed(t, db, queries[0])
		checkRates(t, got, perSpeed, missed)
		t.Logf("games by speed %v; missed threefold by speed %v", perSpeed, missed)
	})

	t.Run("contradicted endings", func(t *testing.T) {
		var want []endingRow
		type keyed struct {
			row    endingRow
			source string
			index  int64
		}
		var ks []keyed
		for i := range findings {
			f := &findings[i]
			if f.Kind != "automatic" || !f.ResultDiffers {
				continue
			}
			ks = append(ks, keyed{endingRow{f.GameID, f.Site, f.Edition, f.Rule, int64(f.Ply), int64(f.PliesAfter), f.Result, f.MandatedResult}, f.Source, f.GameIndex})
		}
		slices.SortStableFunc(ks, func(a, b keyed) int {
			return cmp.Or(cmp.Compare(a.source, b.source), cmp.Compare(a.index, b.index),
				cmp.Compare(a.row.Edition, b.row.Edition), cmp.Compare(a.row.Ply, b.row.Ply))
		})
		rules := map[string]int{}
		for _, k := range ks {
			want = append(want, k.row)
			rules[k.row.Rule]++
			if k.row.Result == k.row.MandatedResult {
				t.Errorf("result_differs set on a finding whose result %q is the mandated one: %+v", k.row.Result, k.row)
			}
		}
		// testdata/cases.pgn (the sample's first games) holds dead positions and a 75-move
		// ending scored as wins, lichess 50-move endings scored as wins, a mate scored as a draw
		// and a decisive stalemate: the query must list each kind.
		for _, r := range []string{"dead_position", "seventyfive_move", "fifty_move", "checkmate", "stalemate"} {
			if rules[r] == 0 {
				t.Errorf("no %s ending with a contradicting result in the sample (rules seen: %v)", r, rules)
			}
		}

		rows, err := db.Query(queries[1])
		if err != nil {
			t.Fatalf("README query 2: %v\n%s", err, queries[1])
		}
		defer rows.Close()
		var got []endingRow
		for rows.Next() {
			var r endingRow
			if err := rows.Scan(&r.GameID, &r.Site, &r.Edition, &r.Rule, &r.Ply, &r.PliesAfter, &r.Result, &r.MandatedResult); err != nil {
				t.Fatal(err)
			}
			got = append(got, r)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("README query 2 gives %d rows, Go %d", len(got), len(want))
			for i := range max(len(got), len(want)) {
				var g, w string
				if i < len(got) {
					g = fmt.Sprintf("%+v", got[i])
				}
				if i < len(want) {
					w = fmt.Sprintf("%+v", want[i])
				}
				if g != w {
					t.Errorf("row %d:\n DuckDB %s\n Go     %s", i, g, w)
				}
			}
		}
		t.Logf("%d contradicted endings: %v", len(want), rules)
	})
}

// TestDuckDBReadmeSpeedClasses runs the README's first query on a games file made here, with
// time controls on every class boundary and of every shape, and findings the join must count
// or leave out; the classes are worked by hand.
func TestDuckDBReadmeSpeedClasses(t *testing.T) {
	classes := []struct{ tc, speed string }{
		{"0+0", "ultrabullet"}, {"15+0", "ultrabullet"}, {"29+0", "ultrabullet"},
		{"30+0", "bullet"}, {"0+1", "bullet"}, {"60", "bullet"}, {"179+0", "bullet"}, {"60+2", "bullet"},
		{"180+0", "blitz"}, {"0+5", "blitz"}, {"300+3", "blitz"}, {"479+0", "blitz"},
		{"480+0", "rapid"}, {"0+12", "rapid"}, {"20+20", "rapid"}, {"1499+0", "rapid"},
		{"1500+0", "classical"}, {"900+15", "classical"}, {"0+38", "classical"}, {"5400+30", "classical"},
		{"-", "correspondence"}, {"-", "correspondence"},
		{"", "unknown"}, {"?", "unknown"}, {"40/7200", "unknown"}, {"1/86400", "unknown"}, {"40/7200:3600", "unknown"},
	}
	dir := t.TempDir()
	fpath, gpath := filepath.Join(dir, "f.parquet"), filepath.Join(dir, "g.parquet")
	gw, err := report.Create[report.Game](gpath, report.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer gw.Abort()
	games := map[string]int64{}
	for i, c := range classes {
		if s := speedClass(c.tc); s != c.speed {
			t.Errorf("speedClass(%q) = %s, want %s", c.tc, s, c.speed)
		}
		if s := report.SpeedOf(c.tc).String(); s != c.speed {
			t.Errorf("report.SpeedOf(%q) = %s, want %s", c.tc, s, c.speed)
		}
		games[c.speed]++
		for _, ed := range []string{"fide2017", "lichess"} {
			g := report.Game{GameInfo: &report.GameInfo{Source: "x.pgn", GameIndex: int64(i), TimeControl: c.tc}, Edition: ed}
			if err := gw.Write(&g); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := gw.Close(); err != nil {
		t.Fatal(err)
	}

	// Findings on game 3 (30+0, bullet) and 22 (no TimeControl): only missed threefolds
	// judged under lichess count.
	fw, err := report.Create[report.Finding](fpath, report.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer fw.Abort()
	for _, f := range []report.Finding{
		{GameInfo: &report.GameInfo{Source: "x.pgn", GameIndex: 3}, Edition: "lichess", Rule: "threefold", Missed: true},
		{GameInfo: &report.GameInfo{Source: "x.pgn", GameIndex: 3}, Edition: "lichess", Rule: "threefold", Missed: true, Side: "black"},
		{GameInfo: &report.GameInfo{Source: "x.pgn", GameIndex: 3}, Edition: "lichess", Rule: "threefold", Missed: false},
		{GameInfo: &report.GameInfo{Source: "x.pgn", GameIndex: 3}, Edition: "fide2017", Rule: "threefold", Missed: true},
		{GameInfo: &report.GameInfo{Source: "x.pgn", GameIndex: 3}, Edition: "lichess", Rule: "fivefold", Missed: true},
		{GameInfo: &report.GameInfo{Source: "y.pgn", GameIndex: 3}, Edition: "lichess", Rule: "threefold", Missed: true},
		{GameInfo: &report.GameInfo{Source: "x.pgn", GameIndex: 22}, Edition: "lichess", Rule: "threefold", Missed: true},
	} {
		if err := fw.Write(&f); err != nil {
			t.Fatal(err)
		}
	}
	if err := fw.Close(); err != nil {
		t.Fatal(err)
	}

	got := missedThreefoldBySpeed(t, openDuckDB(t), readmeQueries(t, fpath, gpath)[0])
	checkRates(t, got, games, map[string]int64{"bullet": 2, "unknown": 1})
}

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
)

// figureOf returns the HTML of the chart with the given id, "" when absent.
func figureOf(page, id string) string {
	start := strings.Index(page, `<figure class="chart" id="`+id+`">`)
	if start < 0 {
		return ""
	}
	end := strings.Index(page[start:], "</figure>")
	return page[start : start+end]
}

// tableRow matches a row of a chart's table: category, edition, games, games
// with a miss, rate, and the per-claimant count.
var tableRow = regexp.MustCompile(`<tr(?: class="few")?><td>[^<]*</td><td>([^<]*)</td><td>(\d+)</td><td>\d+</td><td>[^<]*</td><td>(\d+)</td>`)

// columnSums adds up, over the rows of one edition of a chart's table, the
// per-claimant counts (findings rows) and the games.
func columnSums(t *testing.T, fig, edition string) (rows, games int64) {
	t.Helper()
	for _, m := range tableRow.FindAllStringSubmatch(fig, -1) {
		if m[1] != edition {
			continue
		}
		g, _ := strconv.ParseInt(m[2], 10, 64)
		r, _ := strconv.ParseInt(m[3], 10, 64)
		rows, games = rows+r, games+g
	}
	return rows, games
}

// TestHTMLScanAndReport writes the sample's report both ways (scan --html,
// report --html from the files) and checks them against the files: the
// missed threefold claims by speed class add up to the findings rows read
// back, the games to the games rows, and the rates from the findings file's
// metadata equal those from the games table.
func TestHTMLScanAndReport(t *testing.T) {
	dir := t.TempDir()
	findings, games := filepath.Join(dir, "f.parquet"), filepath.Join(dir, "g.parquet")
	scanPage, withGames, fromMeta := filepath.Join(dir, "scan.html"), filepath.Join(dir, "games.html"), filepath.Join(dir, "meta.html")
	mustScan(t, "scan", "-q", "-o", findings, "--games", games, "--html", scanPage, testdataPath(t, "sample.pgn.zst"))
	if r := pgnscan(t, "report", "--html", withGames, findings, "--games", games); r.code != 0 {
		t.Fatalf("report --html --games: %+v", r)
	}
	if r := pgnscan(t, "report", "--html", fromMeta, findings); r.code != 0 {
		t.Fatalf("report --html: %+v", r)
	}
	read := func(p string) string {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	const id = "missed-threefold-speed"
	scanned, gamesFig, metaFig := figureOf(read(scanPage), id), figureOf(read(withGames), id), figureOf(read(fromMeta), id)
	if scanned == "" || scanned != gamesFig || scanned != metaFig {
		t.Fatalf("chart %s differs:\nscan --html:\n%s\nreport --games:\n%s\nreport (metadata):\n%s", id, scanned, gamesFig, metaFig)
	}
	var missed, judged int64
	if err := report.ReadRows(findings, func(f *report.Finding) error {
		if f.Edition == "fide2017" && f.Rule == "threefold" && f.Missed {
			missed++
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := report.ReadRows(games, func(g *report.Game) error {
		if g.Edition == "fide2017" {
			judged++
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if gotMissed, gotGames := columnSums(t, scanned, "fide2017"); gotMissed != missed || gotGames != judged || missed == 0 {
		t.Errorf("chart %s adds up to %d missed in %d games, the files hold %d in %d", id, gotMissed, gotGames, missed, judged)
	}
	if !strings.Contains(read(fromMeta), "rates by Elo band need --games") {
		t.Error("the page from metadata alone does not say that Elo rates need --games")
	}
}

// TestHTMLBadInput checks that files that are not findings tables give a
// clear error and no page (an existing page is left alone), that an empty
// findings table gives a page that says there is nothing to show, and that
// misused flags are usage errors.
func TestHTMLBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	games := filepath.Join(dir, "games.parquet")
	mustScan(t, "scan", "-q", "-o", filepath.Join(dir, "f.parquet"), "--games", games, testdataPath(t, "sample.pgn.zst"))
	out := write("old.html", "old page")
	for _, c := range []struct {
		name, input string
		code        int
		msg         string
	}{
		{"not a table", write("junk.csv", "hello,world\n1,2\n"), exitFailure, `not a findings table: no column "source"`},
		{"empty file", write("empty.csv", ""), exitFailure, "empty file, no header line"},
		{"games table", games, exitFailure, "not a findings table"},
		{"unknown format", write("notes.txt", "x"), exitUsage, "notes.txt"},
		{"missing", filepath.Join(dir, "none.parquet"), exitUsage, "none.parquet"},
	} {
		r := pgnscan(t, "report", "--html", out, c.input)
		if r.code != c.code || !strings.Contains(r.stderr, c.msg) || !strings.Contains(r.stderr, filepath.Base(c.input)) {
			t.Errorf("%s: exit %d, stderr %q; want exit %d naming the file and %q", c.name, r.code, r.stderr, c.code, c.msg)
		}
		if b, _ := os.ReadFile(out); string(b) != "old page" {
			t.Errorf("%s: the existing page was overwritten", c.name)
		}
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".old.html.*")); len(m) > 0 {
		t.Errorf("temporary files left behind: %v", m)
	}

	empty := filepath.Join(dir, "none.csv")
	w, err := report.Create[report.Finding](empty, report.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if r := pgnscan(t, "report", "--html", out, empty); r.code != 0 {
		t.Fatalf("empty findings table: %+v", r)
	}
	if b, _ := os.ReadFile(out); !strings.Contains(string(b), "nothing to show") || !strings.HasSuffix(strings.TrimSpace(string(b)), "</html>") {
		t.Errorf("the page of an empty findings table does not say there is nothing to show:\n%s", b)
	}

	for _, args := range [][]string{
		{"report", "--html", filepath.Join(dir, "r.parquet"), empty},
		{"report", "--games", games, empty},
		{"report", "--html", out},
		{"scan", "--html", filepath.Join(dir, "x.csv"), testdataPath(t, "sample.pgn.zst")},
		{"scan", "-o", filepath.Join(dir, "same.html.csv"), "--summary", out, "--html", out, testdataPath(t, "sample.pgn.zst")},
	} {
		if r := pgnscan(t, args...); r.code != exitUsage {
			t.Errorf("%v: exit %d (%s), want %d", args, r.code, r.stderr, exitUsage)
		}
	}
}

// TestHTMLSeveralFindingsFiles checks how report --html adds up the game
// counts of several Parquet findings files without --games: files of
// different scans add their games; files whose metadata names the same inputs
// (parts of one scan's output, here a copy) count them once.
func TestHTMLSeveralFindingsFiles(t *testing.T) {
	dir := t.TempDir()
	sample, cases := filepath.Join(dir, "sample.parquet"), filepath.Join(dir, "cases.parquet")
	mustScan(t, "scan", "-q", "-o", sample, testdataPath(t, "sample.pgn.zst"))
	mustScan(t, "scan", "-q", "-o", cases, testdataPath(t, "cases.pgn"))
	data, err := os.ReadFile(sample)
	if err != nil {
		t.Fatal(err)
	}
	part := filepath.Join(dir, "sample-part2.parquet")
	if err := os.WriteFile(part, data, 0o644); err != nil {
		t.Fatal(err)
	}
	sums := func(files ...string) (missed, games int64) {
		t.Helper()
		out := filepath.Join(dir, "r.html")
		if r := pgnscan(t, append([]string{"report", "--html", out}, files...)...); r.code != 0 {
			t.Fatalf("report --html %v: %+v", files, r)
		}
		page, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return columnSums(t, figureOf(string(page), "missed-threefold-speed"), "fide2017")
	}
	m1, g1 := sums(sample)
	m2, g2 := sums(cases)
	if m, g := sums(sample, cases); m != m1+m2 || g != g1+g2 || g2 == 0 {
		t.Errorf("two scans: %d missed in %d games, want %d in %d", m, g, m1+m2, g1+g2)
	}
	if m, g := sums(sample, part); m != 2*m1 || g != g1 {
		t.Errorf("two parts of one scan: %d missed in %d games, want %d in %d", m, g, 2*m1, g1)
	}
}

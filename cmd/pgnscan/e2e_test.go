package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// TestReadmeCommand runs the README's first command as written, in a fresh folder: it must
// exit 0, write findings.parquet there and print a summary with findings.
func TestReadmeCommand(t *testing.T) {
	sample := testdataPath(t, "sample.pgn.zst")
	t.Chdir(t.TempDir())
	r := pgnscan(t, "scan", sample)
	if r.code != exitOK {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	if r.stdout != "" {
		t.Errorf("stdout: %q", r.stdout)
	}
	for _, want := range []string{"Inputs", "complete", "Edition fide2017", "threefold", "fifty_move", "fivefold",
		"seventyfive_move", "dead_position", "checkmate", "stalemate"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("summary lacks %q:\n%s", want, r.stderr)
		}
	}
	if rows := readRows[report.Finding](t, "findings.parquet"); len(rows) < 50 {
		t.Errorf("findings.parquet holds %d rows", len(rows))
	}
}

// scanFiles runs one scan of the sample writing the three tables to dir with the given
// extension, and returns their paths.
func scanFiles(t *testing.T, dir, ext string, args ...string) (f, g, e string) {
	t.Helper()
	f, g, e = filepath.Join(dir, "f"+ext), filepath.Join(dir, "g"+ext), filepath.Join(dir, "e"+ext)
	all := append([]string{"scan", "-q", "-o", f, "--games", g, "--errors", e}, args...)
	mustScan(t, append(all, testdataPath(t, "sample.pgn.zst"))...)
	return f, g, e
}

// TestWorkersAndFormatsAgree: the output does not depend on -j (CSV byte for byte; Parquet
// row for row, its metadata holding the command line and the elapsed time), nor on the format
// (CSV and Parquet hold the same rows).
func TestWorkersAndFormatsAgree(t *testing.T) {
	eds := []string{"--edition", "auto,lichess"}
	csv1 := filepath.Join(t.TempDir())
	csv4 := filepath.Join(t.TempDir())
	pq1 := filepath.Join(t.TempDir())
	pq4 := filepath.Join(t.TempDir())
	c1f, c1g, c1e := scanFiles(t, csv1, ".csv", append(eds, "-j", "1")...)
	c4f, c4g, c4e := scanFiles(t, csv4, ".csv", append(eds, "-j", "4")...)
	p1f, p1g, p1e := scanFiles(t, pq1, ".parquet", append(eds, "-j", "1")...)
	p4f, p4g, p4e := scanFiles(t, pq4, ".parquet", append(eds, "-j", "4")...)

	for _, pair := range [][2]string{{c1f, c4f}, {c1g, c4g}, {c1e, c4e}} {
		a, err := os.ReadFile(pair[0])
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(pair[1])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: -j 1 and -j 4 differ", filepath.Base(pair[0]))
		}
	}
	allSame[report.Finding](t, "findings", c1f, p1f, p4f)
	allSame[report.Game](t, "games", c1g, p1g, p4g)
	allSame[report.Error](t, "errors", c1e, p1e, p4e)
	if n := len(readRows[report.Finding](t, c1f)); n < 100 {
		t.Errorf("only %d findings: the comparison proves little", n)
	}
}

// allSame checks that files hold the same rows, in the same order.
func allSame[R report.Row](t *testing.T, what string, paths ...string) {
	t.Helper()
	want := readRows[R](t, paths[0])
	for _, p := range paths[1:] {
		got := readRows[R](t, p)
		if len(got) != len(want) {
			t.Errorf("%s: %s has %d rows, %s %d", what, p, len(got), paths[0], len(want))
			continue
		}
		for i := range got {
			if !reflect.DeepEqual(got[i], want[i]) {
				t.Errorf("%s row %d differs between %s and %s:\n%+v\n%+v", what, i, paths[0], p, want[i], got[i])
				break
			}
		}
	}
}

// TestReportRepeatsSummary: `pgnscan report` on a Parquet findings file prints exactly the
// summary the scan printed; on a CSV file it prints the findings tallies without game counts.
func TestReportRepeatsSummary(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "f.parquet")
	sum := filepath.Join(dir, "summary.txt")
	mustScan(t, "scan", "--edition", "auto,lichess", "-o", f, "--summary", sum, testdataPath(t, "sample.pgn.zst"))
	want, err := os.ReadFile(sum)
	if err != nil {
		t.Fatal(err)
	}
	r := pgnscan(t, "report", f)
	if r.code != exitOK {
		t.Fatalf("report: exit %d\n%s", r.code, r.stderr)
	}
	if r.stdout != string(want) {
		t.Errorf("report prints\n%s\nthe scan printed\n%s", r.stdout, want)
	}

	c := filepath.Join(dir, "f.csv")
	scan := mustScan(t, "scan", "--edition", "auto,lichess", "-o", c, "--summary", "-", testdataPath(t, "sample.pgn.zst"))
	r = pgnscan(t, "report", c)
	if r.code != exitOK {
		t.Fatalf("report csv: exit %d\n%s", r.code, r.stderr)
	}
	// Every rule table line of the scan's summary starts with the rule and its findings and
	// missed counts; the CSV report must show the same counts.
	for _, l := range lines(scan.stdout) {
		f := strings.Fields(l)
		if len(f) >= 3 && contains([]string{"threefold", "fifty_move", "fivefold", "dead_position", "checkmate", "stalemate"}, f[0]) {
			prefix := f[0] + " " + f[1] + " " + f[2]
			if !strings.Contains(squeeze(r.stdout), prefix) {
				t.Errorf("the CSV report lacks %q:\n%s", prefix, r.stdout)
			}
		}
	}
}

// squeeze collapses runs of blanks, so that table columns compare as words.
func squeeze(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		b.WriteString(strings.Join(strings.Fields(l), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// TestEditions: the table lists the four editions of rules.md section 2, their aliases and the
// articles of each rule in that edition's own numbering, and the 9.5 penalties.
func TestEditions(t *testing.T) {
	r := pgnscan(t, "editions")
	if r.code != exitOK {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	// One block per edition: a line that starts with the id, then its indented lines.
	rows := map[string]string{}
	id := ""
	for _, l := range lines(r.stdout) {
		switch f := strings.Fields(l); {
		case len(f) == 0:
			id = ""
		case l[0] != ' ' && l[0] != '\t':
			id = strings.TrimSuffix(f[0], ":")
			if _, ok := rows[id]; ok {
				id = "" // not an edition's first line: keep the first block under that word
			}
			if id != "" {
				rows[id] = l
			}
		case id != "":
			rows[id] += "\n" + l
		}
	}
	want := map[string][]string{
		"fide2009": {"pre2014", "9.2a", "9.2b", "9.3a", "9.3b", "9.6", "6.9", "9.1a"},
		"fide2014": {"9.2a", "9.3a", "9.6a", "9.6b", "9.7", "6.9", "9.1a"},
		"fide2017": {"fide2018", "2017.07.01 to 2022.12.31", "9.3.1", "9.3.2", "9.6.1", "9.6.2", "5.2.2", "6.9", "9.1.1"},
		"fide2023": {"current", "from 2023.01.01", "9.3.1", "9.6.1", "9.6.2", "5.2.2", "6.9", "5.1.2", "5.2.3", "9.1.1"},
		"lichess":  {"50 moves", "material rule"},
	}
	for ed, words := range want {
		l, ok := rows[ed]
		if !ok {
			t.Errorf("no row for %s:\n%s", ed, r.stdout)
			continue
		}
		for _, w := range words {
			if !strings.Contains(l, w) {
				t.Errorf("%s row lacks %q: %s", ed, w, l)
			}
		}
	}
	if strings.Contains(rows["fide2009"], "9.6a") || strings.Contains(rows["fide2009"], "75 moves") {
		t.Errorf("fide2009 has no automatic fivefold or 75-move rule: %s", rows["fide2009"])
	}
	if !strings.Contains(r.stdout, "three minutes") || !strings.Contains(r.stdout, "two minutes") {
		t.Errorf("the 9.5 penalties (three minutes before 2014, two after) are missing:\n%s", r.stdout)
	}
}

func TestVersion(t *testing.T) {
	r := pgnscan(t, "version")
	if r.code != exitOK || !strings.HasPrefix(r.stdout, "pgnscan ") || len(lines(r.stdout)) != 1 || r.stderr != "" {
		t.Errorf("version: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// TestHelp: every command explains itself, and help is not an error.
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"scan", "--help"}, {"report", "--help"}, {"editions", "--help"}} {
		r := pgnscan(t, args...)
		if r.code != exitOK || len(r.stdout) < 100 {
			t.Errorf("%v: exit %d, %d bytes of help", args, r.code, len(r.stdout))
		}
	}
	r := pgnscan(t, "scan", "--help")
	for _, flag := range []string{"--edition", "--fallback-edition", "--fivefold-2014", "--out", "--games", "--errors", "--workers", "--progress", "--summary", "--quiet", "Exit status"} {
		if !strings.Contains(r.stdout, flag) {
			t.Errorf("scan --help does not mention %s", flag)
		}
	}
}

// TestStdinAndDirectory: the sample read from standard input ("-"), and from a directory,
// gives the same rows as read from its file; the source column says where each came from.
func TestStdinAndDirectory(t *testing.T) {
	data, err := os.ReadFile(testdataPath(t, "sample.pgn.zst"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	fromFile, _, _ := scanFiles(t, dir, ".csv")
	want := readRows[report.Finding](t, fromFile)

	stdinOut := filepath.Join(dir, "stdin.csv")
	r := pgnscanStdin(t, data, "scan", "-q", "-o", stdinOut, "-")
	if r.code != exitOK {
		t.Fatalf("stdin: exit %d\n%s", r.code, r.stderr)
	}
	got := readRows[report.Finding](t, stdinOut)
	for i := range got {
		if got[i].Source != "-" {
			t.Fatalf("source %q for standard input", got[i].Source)
		}
	}
	sameRows(t, "stdin", got, append([]report.Finding(nil), want...), func(r *report.Finding) { r.Source = "" })

	// A directory: its PGN archives in name order, other files ignored.
	in := filepath.Join(t.TempDir(), "in")
	if err := os.Mkdir(in, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"b.pgn.zst", "a.pgn.zst"} {
		if err := os.WriteFile(filepath.Join(in, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(in, "notes.txt"), []byte("not a PGN archive"), 0o644); err != nil {
		t.Fatal(err)
	}
	dirOut := filepath.Join(dir, "dir.csv")
	mustScan(t, "scan", "-q", "-o", dirOut, in)
	rows := readRows[report.Finding](t, dirOut)
	a, b := filepath.Join(in, "a.pgn.zst"), filepath.Join(in, "b.pgn.zst")
	sameRows(t, "directory, first file", pick(rows, func(r *report.Finding) bool { return r.Source == a }),
		append([]report.Finding(nil), want...), func(r *report.Finding) { r.Source = "" })
	if len(rows) != 2*len(want) || rows[0].Source != a || rows[len(rows)-1].Source != b {
		t.Errorf("directory: %d rows from %s to %s, want %d from a.pgn.zst to b.pgn.zst", len(rows), rows[0].Source, rows[len(rows)-1].Source, 2*len(want))
	}
}

// corpusGames are the game counts of ../shared/corpus/README.md.
var corpusGames = map[string]int64{
	"tcec-engines.pgn.zst":        2738,
	"lichess-2025-05-excerpt.pgn": 438,
	"twic1599-excerpt.pgn":        1110,
	"fics-2000-2199-crlf.pgn":     1453,
	"chesscom-one-player.pgn":     1667,
}

// TestCorpusCounts scans the real archives of ../shared/corpus (but the 344,085 OTB games,
// which the slow tests scan): every game of the README's count is accounted for, with its
// games row or, when it could not be judged, its errors row, and the summary says so.
func TestCorpusCounts(t *testing.T) {
	for name, n := range corpusGames {
		t.Run(name, func(t *testing.T) {
			checkCorpusFile(t, testcorpus.Path(t, name), n)
		})
	}
}

func checkCorpusFile(t *testing.T, path string, n int64) {
	t.Helper()
	dir := t.TempDir()
	f, g, e := filepath.Join(dir, "f.parquet"), filepath.Join(dir, "g.parquet"), filepath.Join(dir, "e.csv")
	r := mustScan(t, "scan", "--summary", "-", "-o", f, "--games", g, "--errors", e, path)
	games := readRows[report.Game](t, g)
	errs := readRows[report.Error](t, e)
	accountFor(t, filepath.Base(path), games, errs, n)
	want := fmt.Sprintf("Games: %s read, %s with errors", fmtCount(n), fmtCount(int64(len(errs))))
	if !strings.Contains(r.stdout, want) {
		t.Errorf("summary lacks %q:\n%s", want, r.stdout)
	}
	for _, row := range readRows[report.Finding](t, f) {
		if row.Source != path || row.GameIndex < 0 || row.GameIndex >= n {
			t.Fatalf("finding of %s game %d", row.Source, row.GameIndex)
		}
	}
}

// TestCSVToStandardOutput: "-o -" writes the findings as CSV on standard output, the same
// rows as a file, and nothing else goes there.
func TestCSVToStandardOutput(t *testing.T) {
	dir := t.TempDir()
	f, _, _ := scanFiles(t, dir, ".csv")
	r := mustScan(t, "scan", "-o", "-", testdataPath(t, "sample.pgn.zst"))
	want, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	if r.stdout != string(want) {
		t.Errorf("-o - wrote %d bytes, the file %d", len(r.stdout), len(want))
	}
	if !strings.Contains(r.stderr, "Inputs") {
		t.Errorf("the summary should go to standard error:\n%s", r.stderr)
	}
}

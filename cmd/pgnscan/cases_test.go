package main

import (
	"bufio"
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
	"github.com/pgnscan/pgnscan/internal/mate"
	"github.com/pgnscan/pgnscan/internal/report"
)

// The hand-built rule cases of testdata/cases.pgn carry their expected findings in tags whose
// format testdata/README.md describes. This file reads them and checks them against the rows
// a scan of testdata/sample.pgn.zst writes (the cases are its first games).

// allEditions are the editions every case is judged under in the checks, each by flag.
var allEditions = []string{"fide2009", "fide2014", "fide2017", "fide2023", "lichess"}

// editionSuffix is the suffix of the Expect and End tags that override the plain tag for an
// edition.
var editionSuffix = map[string]string{"fide2009": "2009", "fide2014": "2014", "fide2017": "2017", "fide2023": "2023", "lichess": "Lichess"}

// caseGame is one game of cases.pgn and its expectation tags.
type caseGame struct {
	index int               // 0-based game index in cases.pgn, and in the sample
	tags  map[string]string // all tags; a game without tags has its expectations on "% Key" lines
	line  int               // line of the game's first tag or pseudo-tag
}

// name is how failures name the case.
func (c *caseGame) name() string {
	if e := c.tags["Event"]; e != "" {
		return fmt.Sprintf("game %d (%s)", c.index, e)
	}
	return fmt.Sprintf("game %d (no tags, line %d)", c.index, c.line)
}

// expectFor returns the expected findings tag for an edition: Expect<suffix>, else Expect.
func (c *caseGame) expectFor(edition string) (string, bool) {
	if v, ok := c.tags["Expect"+editionSuffix[edition]]; ok {
		return v, true
	}
	v, ok := c.tags["Expect"]
	return v, ok
}

// endFor returns the expected games-row tag for an edition: End<suffix>, else End.
func (c *caseGame) endFor(edition string) (string, bool) {
	if v, ok := c.tags["End"+editionSuffix[edition]]; ok {
		return v, true
	}
	v, ok := c.tags["End"]
	return v, ok
}

// parseCases reads cases.pgn with a line parser of its own (independent of internal/pgn):
// tag lines "[Name "value"]", pseudo-tag lines "% Name "value"" for the game without tags,
// and movetext lines; a game ends with the movetext line whose last word is a result.
func parseCases(t testing.TB, data []byte) []caseGame {
	t.Helper()
	var games []caseGame
	cur := caseGame{tags: map[string]string{}}
	started := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		switch {
		case l == "":
		case strings.HasPrefix(l, "["), strings.HasPrefix(l, "% ") && strings.Contains(l, "\""):
			body := strings.TrimPrefix(strings.TrimSuffix(strings.TrimPrefix(l, "["), "]"), "% ")
			sp := strings.IndexByte(body, ' ')
			if sp < 0 {
				t.Fatalf("cases.pgn:%d: bad tag %q", n, l)
			}
			name := body[:sp]
			val, err := strconv.Unquote(strings.TrimSpace(body[sp+1:]))
			if err != nil {
				if strings.HasPrefix(l, "%") {
					continue // a plain comment line
				}
				t.Fatalf("cases.pgn:%d: bad tag value %q: %v", n, l, err)
			}
			if !started {
				cur.line, started = n, true
			}
			cur.tags[name] = val
		case strings.HasPrefix(l, "%"):
		default:
			if !started {
				cur.line, started = n, true
			}
			words := strings.Fields(l)
			switch words[len(words)-1] {
			case "1-0", "0-1", "1/2-1/2", "*":
				cur.index = len(games)
				games = append(games, cur)
				cur, started = caseGame{tags: map[string]string{}}, false
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return games
}

// findingSpec is one expected finding: "RULE KIND SIDE PLY key=value ...".
type findingSpec struct {
	rule, kind, side string
	ply              int32
	keys             map[string]string
	text             string
}

// parseFindings reads an Expect tag: findings separated by ";", none for an empty tag.
func parseFindings(s string) ([]findingSpec, error) {
	var out []findingSpec
	for _, part := range strings.Split(s, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		f := strings.Fields(part)
		if len(f) < 4 {
			return nil, fmt.Errorf("finding %q: want RULE KIND SIDE PLY [key=value...]", part)
		}
		ply, err := strconv.Atoi(f[3])
		if err != nil {
			return nil, fmt.Errorf("finding %q: ply: %v", part, err)
		}
		keys, err := parseKeys(f[4:])
		if err != nil {
			return nil, fmt.Errorf("finding %q: %v", part, err)
		}
		out = append(out, findingSpec{rule: f[0], kind: f[1], side: f[2], ply: int32(ply), keys: keys, text: part})
	}
	return out, nil
}

// parseKeys reads key=value words.
func parseKeys(words []string) (map[string]string, error) {
	keys := map[string]string{}
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			return nil, fmt.Errorf("%q is not key=value", w)
		}
		keys[k] = v
	}
	return keys, nil
}

// checkFinding compares a findings row with its spec and returns the mismatches.
func checkFinding(spec findingSpec, r *report.Finding) []string {
	var bad []string
	want := func(what, got, want string) {
		if got != want {
			bad = append(bad, fmt.Sprintf("%s = %q, want %q", what, got, want))
		}
	}
	want("kind", r.Kind, spec.kind)
	want("ply", strconv.Itoa(int(r.Ply)), strconv.Itoa(int(spec.ply)))
	for k, v := range spec.keys {
		switch k {
		case "move":
			want(k, strings.TrimRight(r.Move, "+#"), v)
		case "rep":
			want(k, strconv.Itoa(int(r.Repetitions)), v)
		case "hmc":
			want(k, strconv.Itoa(int(r.HalfmoveClock)), v)
		case "opp":
			want(k, strconv.Itoa(int(r.Opportunities)), v)
		case "after":
			want(k, strconv.Itoa(int(r.PliesAfter)), v)
		case "missed":
			want(k, strconv.FormatBool(r.Missed), v)
		case "outcome":
			want(k, r.ClaimantOutcome, v)
		case "differs":
			want(k, strconv.FormatBool(r.ResultDiffers), v)
		case "mandated":
			want(k, r.MandatedResult, v)
		case "wclk":
			want(k, fmtClock(r.WhiteClock), v)
		case "bclk":
			want(k, fmtClock(r.BlackClock), v)
		case "eval":
			want(k, r.Eval, v)
		case "proof":
			want(k, r.Proof, v)
		default:
			bad = append(bad, fmt.Sprintf("unknown key %q in the expectation", k))
		}
	}
	// Every automatic ending mandates a draw (rules.md 4.1); claims mandate nothing.
	// unwinnable losses mandate a draw too (rules.md 7.3); an early agreement mandates nothing
	// (rules.md 8). proof is set exactly for dead_position and unwinnable_* rows.
	switch r.Rule {
	case "dead_position", "unwinnable_timeout", "unwinnable_resignation":
		if r.Proof != "material" && r.Proof != "search" {
			bad = append(bad, fmt.Sprintf("proof = %q, want material or search", r.Proof))
		}
	default:
		want("proof", r.Proof, "")
	}
	switch r.Rule {
	case "fivefold", "seventyfive_move", "dead_position", "unwinnable_timeout", "unwinnable_resignation":
		want("mandated_result", r.MandatedResult, "1/2-1/2")
	case "early_agreement":
		want("mandated_result", r.MandatedResult, "")
		want("result_differs", strconv.FormatBool(r.ResultDiffers), "true")
	case "fifty_move":
		if r.Kind == "automatic" {
			want("mandated_result", r.MandatedResult, "1/2-1/2")
		} else {
			want("mandated_result", r.MandatedResult, "")
		}
	case "threefold":
		want("mandated_result", r.MandatedResult, "")
	}
	return bad
}

func fmtClock(c report.NullFloat64) string {
	if !c.Valid {
		return "null"
	}
	return strconv.FormatFloat(c.Float64, 'f', -1, 64)
}

// checkGameRow compares a games row with an End spec.
func checkGameRow(spec map[string]string, g *report.Game) []string {
	var bad []string
	want := func(what, got, want string) {
		if got != want {
			bad = append(bad, fmt.Sprintf("%s = %q, want %q", what, got, want))
		}
	}
	null := func(n report.NullInt32) string {
		if !n.Valid {
			return "none"
		}
		return strconv.Itoa(int(n.Int32))
	}
	for k, v := range spec {
		switch k {
		case "end":
			got := "none"
			if g.EndRule != "" || g.EndPly.Valid {
				got = g.EndRule + "@" + null(g.EndPly)
			}
			want(k, got, v)
		case "plies":
			want(k, strconv.Itoa(int(g.Plies)), v)
		case "ft":
			want(k, null(g.FirstThreefoldPly), v)
		case "ff":
			want(k, null(g.FirstFiftyPly), v)
		case "final":
			want(k, g.FinalClaims, v)
		case "maxrep":
			want(k, strconv.Itoa(int(g.MaxRepetitions)), v)
		case "maxhmc":
			want(k, strconv.Itoa(int(g.MaxHalfmoveClock)), v)
		case "ended":
			want(k, g.EndedBy, v)
		case "wcm":
			want(k, g.WhiteCanMate, v)
		case "bcm":
			want(k, g.BlackCanMate, v)
		default:
			bad = append(bad, fmt.Sprintf("unknown key %q in the expectation", k))
		}
	}
	return bad
}

// wantArticle returns the article a findings row must carry (rules.md section 2 and 4, in each
// edition's own numbering), or "" when any non-empty text will do (lichess's house rules, and
// checkmate and stalemate, which rules.md cites only as 5.1 and 5.2).
//
// One deliberate departure from rules.md: it cites the 2017 threefold claim as 9.2.1 (by
// intended move) and 9.2.2 (on the board), but in the 2017 Laws 9.2.2 defines "the same
// position"; the claim is 9.2.1 with 9.2.1.1 (the position is about to appear) and 9.2.1.2 (it
// has just appeared). The check follows the Laws.
func wantArticle(edition, rule, kind string) string {
	onBoard := kind == "on_board"
	pick := func(intended, board string) string {
		if onBoard {
			return board
		}
		return intended
	}
	switch edition {
	case "fide2009", "fide2014":
		switch rule {
		case "threefold":
			return pick("9.2a", "9.2b")
		case "fifty_move":
			return pick("9.3a", "9.3b")
		case "unwinnable_timeout":
			return "6.9"
		case "dead_position":
			if edition == "fide2009" {
				return "9.6"
			}
			return "9.7"
		case "fivefold":
			return "9.6a"
		case "seventyfive_move":
			return "9.6b"
		}
	case "fide2017", "fide2023":
		switch rule {
		case "unwinnable_timeout":
			return "6.9"
		case "unwinnable_resignation":
			return "5.1.2"
		case "threefold":
			return pick("9.2.1.1", "9.2.1.2")
		case "fifty_move":
			return pick("9.3.1", "9.3.2")
		case "dead_position":
			return "5.2.2"
		case "fivefold":
			return "9.6.1"
		case "seventyfive_move":
			return "9.6.2"
		}
	}
	return ""
}

// sampleScan is the output of one scan of the sample.
type sampleScan struct {
	findings []report.Finding
	games    []report.Game
	errors   []report.Error
	summary  string
}

// scanSample scans testdata/sample.pgn.zst with extra args into dir, writing the three tables
// in the format of ext (".csv" or ".parquet").
func scanSample(t testing.TB, dir, ext string, args ...string) sampleScan {
	t.Helper()
	f, g, e := filepath.Join(dir, "findings"+ext), filepath.Join(dir, "games"+ext), filepath.Join(dir, "errors"+ext)
	all := append([]string{"scan", "-o", f, "--games", g, "--errors", e, "--summary", "-"}, args...)
	all = append(all, testdataPath(t, "sample.pgn.zst"))
	r := mustScan(t, all...)
	return sampleScan{
		findings: readRows[report.Finding](t, f),
		games:    readRows[report.Game](t, g),
		errors:   readRows[report.Error](t, e),
		summary:  r.stdout,
	}
}

func loadCases(t testing.TB) []caseGame {
	t.Helper()
	data, err := os.ReadFile(testdataPath(t, "cases.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	cases := parseCases(t, data)
	if len(cases) != casesGames {
		t.Fatalf("cases.pgn holds %d games, want %d", len(cases), casesGames)
	}
	return cases
}

// TestCases checks every case of cases.pgn, judged under the four editions, against its
// Expect, End and ExpectError tags, in both output formats.
func TestCases(t *testing.T) {
	cases := loadCases(t)
	for _, ext := range []string{".csv", ".parquet"} {
		t.Run(ext[1:], func(t *testing.T) {
			s := scanSample(t, t.TempDir(), ext, "--edition", strings.Join(allEditions, ","))
			checkCases(t, cases, s)
		})
	}
}

// byGame groups rows by game index.
func byGame[R any](rows []R, index func(*R) int64) map[int64][]*R {
	m := map[int64][]*R{}
	for i := range rows {
		k := index(&rows[i])
		m[k] = append(m[k], &rows[i])
	}
	return m
}

func checkCases(t *testing.T, cases []caseGame, s sampleScan) {
	findings := byGame(s.findings, func(r *report.Finding) int64 { return r.GameIndex })
	games := byGame(s.games, func(r *report.Game) int64 { return r.GameIndex })
	errs := byGame(s.errors, func(r *report.Error) int64 { return r.GameIndex })
	checked, waiting := 0, 0
	ready := deciderReady(t)
	for i := range cases {
		c := &cases[i]
		idx := int64(c.index)
		if c.tags["Decider"] == "needed" && !ready {
			// Its rows need the decider's search (issue 13); internal/rules checks the case
			// with hand-labelled answers meanwhile (TestTestdataCases).
			waiting++
			continue
		}
		judged := true
		if spec, ok := c.tags["ExpectError"]; ok {
			checkErrorRow(t, c, spec, errs[idx], &judged)
		} else if len(errs[idx]) > 0 {
			t.Errorf("%s: unexpected errors row: %+v", c.name(), *errs[idx][0])
		}
		if !judged {
			if len(games[idx]) != 0 || len(findings[idx]) != 0 {
				t.Errorf("%s: never judged, but has %d games rows and %d findings rows", c.name(), len(games[idx]), len(findings[idx]))
			}
			continue
		}
		gs := map[string]*report.Game{}
		for _, g := range games[idx] {
			if g.Event != c.tags["Event"] {
				t.Fatalf("games row %d has event %q, want %q: the sample and cases.pgn are out of step", idx, g.Event, c.tags["Event"])
			}
			if g.EditionSource != "flag" {
				t.Errorf("%s: games row under %s has edition_source %q, want flag", c.name(), g.Edition, g.EditionSource)
			}
			gs[g.Edition] = g
		}
		if len(gs) != len(allEditions) || len(games[idx]) != len(allEditions) {
			t.Errorf("%s: %d games rows for editions %v, want one for each of %v", c.name(), len(games[idx]), keys(gs), allEditions)
		}
		// edition_version (rules.md 10): lichess's version by the game's date, where the case
		// states it (LichessVersion); empty for every FIDE edition; a finding carries its game's.
		for ed, g := range gs {
			want, stated := c.tags["LichessVersion"], true
			if ed != "lichess" {
				want = ""
			} else if _, stated = c.tags["LichessVersion"]; !stated {
				want = g.EditionVersion
			}
			if g.EditionVersion != want || (ed == "lichess" && g.EditionVersion == "") {
				t.Errorf("%s: %s games row has edition_version %q, want %q", c.name(), ed, g.EditionVersion, want)
			}
			for _, f := range findings[idx] {
				if f.Edition == ed && f.EditionVersion != g.EditionVersion {
					t.Errorf("%s: %s finding has edition_version %q, its game %q", c.name(), ed, f.EditionVersion, g.EditionVersion)
				}
			}
		}
		for _, ed := range allEditions {
			if spec, ok := c.endFor(ed); ok && gs[ed] != nil {
				keys, err := parseKeys(strings.Fields(spec))
				if err != nil {
					t.Fatalf("%s: End tag: %v", c.name(), err)
				}
				for _, m := range checkGameRow(keys, gs[ed]) {
					t.Errorf("%s, %s games row: %s", c.name(), ed, m)
				}
			}
			spec, ok := c.expectFor(ed)
			if !ok {
				t.Errorf("%s: no Expect tag for %s", c.name(), ed)
				continue
			}
			want, err := parseFindings(spec)
			if err != nil {
				t.Fatalf("%s: %v", c.name(), err)
			}
			var got []*report.Finding
			for _, f := range findings[idx] {
				if f.Edition == ed {
					got = append(got, f)
				}
			}
			checkFindings(t, c.name()+", "+ed, want, got)
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no case was checked")
	}
	if waiting > 0 {
		t.Logf("%d cases marked [Decider \"needed\"] not checked end to end: the decider does not yet prove their positions", waiting)
	}
}

// deciderReady reports whether the decider proves what the [Decider "needed"] cases need:
// the wall of rules.md 6 is dead, a lone king cannot mate, and the other positions the cases
// 14 and 44 rest on (argued in internal/rules/decider_test.go).
func deciderReady(t testing.TB) bool {
	t.Helper()
	d := mate.NewDecider(0)
	for _, c := range []struct {
		fen  string
		side board.Color
	}{
		{"8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/2B5 b - - 0 1", board.White},
		{"8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/2B5 b - - 0 1", board.Black},
		{"4k3/8/8/8/8/8/q7/4K3 w - - 0 1", board.White},
		{"8/8/8/3k4/8/8/3q4/3K4 w - - 0 60", board.Black}, // case 14: only Kxd2
		{"7k/8/8/8/8/8/6q1/K1N5 b - - 0 1", board.White},  // case 44: K+N v K+Q
	} {
		p, err := board.FromFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if d.CanMate(&p, c.side).Answer != mate.No {
			return false
		}
	}
	return true
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// checkFindings matches the rows of one game and edition with the expected findings: one row
// per (rule, side), rules.md 4.2 and 4.3.
func checkFindings(t *testing.T, what string, want []findingSpec, got []*report.Finding) {
	t.Helper()
	used := make([]bool, len(got))
	for _, w := range want {
		found := false
		for j, r := range got {
			if used[j] || r.Rule != w.rule || r.Side != w.side {
				continue
			}
			used[j], found = true, true
			for _, m := range checkFinding(w, r) {
				t.Errorf("%s: %s %s: %s\n\twant %s", what, w.rule, w.side, m, w.text)
			}
			if a := wantArticle(r.Edition, r.Rule, r.Kind); a != "" && r.Article != a || r.Article == "" {
				t.Errorf("%s: %s %s: article %q, want %q", what, w.rule, w.side, r.Article, a)
			}
			break
		}
		if !found {
			t.Errorf("%s: missing finding %s", what, w.text)
		}
	}
	for j, r := range got {
		if !used[j] {
			t.Errorf("%s: unexpected finding %s %s %s ply %d (%s)", what, r.Rule, r.Kind, r.Side, r.Ply, r.FEN)
		}
	}
}

// checkErrorRow checks the errors row of a case against "ply=N|none judged=true|false msg=TEXT".
func checkErrorRow(t *testing.T, c *caseGame, spec string, rows []*report.Error, judged *bool) {
	t.Helper()
	msg := ""
	if i := strings.Index(spec, "msg="); i >= 0 {
		msg, spec = spec[i+len("msg="):], spec[:i]
	}
	keys, err := parseKeys(strings.Fields(spec))
	if err != nil {
		t.Fatalf("%s: ExpectError: %v", c.name(), err)
	}
	*judged = keys["judged"] != "false"
	if len(rows) != 1 {
		t.Errorf("%s: %d errors rows, want 1", c.name(), len(rows))
		return
	}
	e := rows[0]
	ply := "none"
	if e.Ply.Valid {
		ply = strconv.Itoa(int(e.Ply.Int32))
	}
	if w, ok := keys["ply"]; ok && ply != w {
		t.Errorf("%s: errors row ply %s, want %s (%s)", c.name(), ply, w, e.Message)
	}
	if !strings.Contains(e.Message, msg) {
		t.Errorf("%s: errors row message %q does not contain %q", c.name(), e.Message, msg)
	}
	if e.Line <= 0 || e.Source == "" {
		t.Errorf("%s: errors row without position: %+v", c.name(), *e)
	}
}

// TestCasesAuto scans the sample with the default edition choice (the README's command) and
// checks, for each case, the edition auto chose (ExpectAuto, where the case states it) and
// that the findings are those expected under that edition.
func TestCasesAuto(t *testing.T) {
	cases := loadCases(t)
	s := scanSample(t, t.TempDir(), ".parquet")
	findings := byGame(s.findings, func(r *report.Finding) int64 { return r.GameIndex })
	games := byGame(s.games, func(r *report.Game) int64 { return r.GameIndex })
	stated := 0
	ready := deciderReady(t)
	for i := range cases {
		c := &cases[i]
		gs := games[int64(c.index)]
		if c.tags["Decider"] == "needed" && !ready {
			continue // as in checkCases
		}
		if spec, ok := c.tags["ExpectError"]; ok && strings.Contains(spec, "judged=false") {
			if len(gs) != 0 {
				t.Errorf("%s: never judged, but has games rows", c.name())
			}
			continue
		}
		if len(gs) != 1 {
			t.Errorf("%s: %d games rows under auto, want 1", c.name(), len(gs))
			continue
		}
		g := gs[0]
		if w, ok := c.tags["ExpectAuto"]; ok {
			stated++
			if got := g.Edition + " " + g.EditionSource; got != w {
				t.Errorf("%s: auto chose %q, want %q", c.name(), got, w)
			}
		} else if g.EditionSource != "date" {
			t.Errorf("%s: edition_source %q, want date", c.name(), g.EditionSource)
		}
		spec, ok := c.expectFor(g.Edition)
		if !ok {
			continue
		}
		want, err := parseFindings(spec)
		if err != nil {
			t.Fatal(err)
		}
		var got []*report.Finding
		for _, f := range findings[int64(c.index)] {
			if f.Edition != g.Edition || f.EditionSource != g.EditionSource {
				t.Errorf("%s: finding under %s/%s, the game under %s/%s", c.name(), f.Edition, f.EditionSource, g.Edition, g.EditionSource)
			}
			got = append(got, f)
		}
		checkFindings(t, c.name()+", auto "+g.Edition, want, got)
	}
	if stated < 8 {
		t.Errorf("only %d cases state their auto edition", stated)
	}
}

// TestFivefold2014Any: with --fivefold-2014 any, fide2014 reads its fivefold rule as fide2017
// does (rules.md 4.1), so case 11 (five times, not on consecutive moves) ends at ply 18 under
// it too, with the findings its plain Expect tag gives.
func TestFivefold2014Any(t *testing.T) {
	cases := loadCases(t)
	c := &cases[10]
	if !strings.HasPrefix(c.tags["Event"], "case 11:") {
		t.Fatalf("game 10 is %q", c.tags["Event"])
	}
	want, err := parseFindings(c.tags["Expect"])
	if err != nil {
		t.Fatal(err)
	}
	s := scanSample(t, t.TempDir(), ".csv", "--edition", "fide2014", "--fivefold-2014", "any")
	var got []*report.Finding
	for i := range s.findings {
		if s.findings[i].GameIndex == 10 {
			got = append(got, &s.findings[i])
		}
	}
	checkFindings(t, c.name()+", fide2014 any order", want, got)
}

// TestNoAgreementBefore: --no-agreement-before 11 adds the competition rule of 9.1a / 9.1.1
// in every FIDE edition (rules.md 8): case 46, a draw agreed after ten moves by each player
// (n = 20 < 22), and case 45, agreed after one half-move, become early_agreement rows, worked
// by hand: kind agreement, at Pn, side to move there, result_differs true, mandated_result
// empty. Under fide2023, case 45 is 5.2.3 (the Laws' own rule comes first); lichess has no
// such rule. With 10 (n = 20 is not < 20) case 46 stands.
func TestNoAgreementBefore(t *testing.T) {
	cases := loadCases(t)
	c45, c46 := &cases[44], &cases[45]
	if !strings.HasPrefix(c45.tags["Event"], "case 45:") || !strings.HasPrefix(c46.tags["Event"], "case 46:") {
		t.Fatalf("games 44, 45 are %q, %q", c45.tags["Event"], c46.tags["Event"])
	}
	want := map[string]map[int64]string{ // edition -> game index -> article (ply, side)
		"fide2009": {44: "9.1a 1 black", 45: "9.1a 20 white"},
		"fide2014": {44: "9.1a 1 black", 45: "9.1a 20 white"},
		"fide2017": {44: "9.1.1 1 black", 45: "9.1.1 20 white"},
		"fide2023": {44: "5.2.3 1 black", 45: "9.1.1 20 white"},
		"lichess":  {},
	}
	for _, n := range []string{"11", "10"} {
		s := scanSample(t, t.TempDir(), ".csv", "--edition", strings.Join(allEditions, ","), "--no-agreement-before", n)
		got := map[string]map[int64]string{}
		for _, ed := range allEditions {
			got[ed] = map[int64]string{}
		}
		for i := range s.findings {
			f := &s.findings[i]
			if f.Rule != "early_agreement" {
				continue
			}
			// Every row, in the cases and in the corpus games of the sample alike: a draw
			// with fewer than N moves by each player (n < 2N; 5.2.3: n < 2).
			limit, _ := strconv.Atoi(n)
			if f.Article == "5.2.3" {
				limit = 1
			}
			if f.Kind != "agreement" || !f.ResultDiffers || f.MandatedResult != "" || f.Proof != "" || f.PliesAfter != 0 ||
				f.ClaimantOutcome != "draw" || f.Result != "1/2-1/2" || int(f.Ply) >= 2*limit {
				t.Errorf("--no-agreement-before %s: game %d %s: %+v", n, f.GameIndex, f.Edition, *f)
			}
			if f.GameIndex == 44 || f.GameIndex == 45 {
				got[f.Edition][f.GameIndex] = fmt.Sprintf("%s %d %s", f.Article, f.Ply, f.Side)
			}
		}
		for _, ed := range allEditions {
			w := maps.Clone(want[ed])
			if n == "10" {
				delete(w, 45)
			}
			if !maps.Equal(got[ed], w) {
				t.Errorf("--no-agreement-before %s, %s: early agreements %v, want %v", n, ed, got[ed], w)
			}
		}
	}
	if r := pgnscan(t, "scan", "--no-agreement-before", "-1", testdataPath(t, "sample.pgn.zst")); r.code != exitUsage {
		t.Errorf("--no-agreement-before -1: exit %d, want %d", r.code, exitUsage)
	}
}

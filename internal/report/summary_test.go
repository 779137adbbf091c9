package report

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestSpeedOf(t *testing.T) {
	// Estimated duration = base + 40 × increment; lichess's classes are
	// 0-29, 30-179, 180-479, 480-1499, 1500+ (bounds inclusive, scalachess
	// chess.Speed), "-" correspondence.
	cases := map[string]Speed{
		"15+0":                      UltraBullet, // 15
		"29":                        UltraBullet, // 29, the last ultrabullet second
		"30+0":                      Bullet,      // 30
		"0+1":                       Bullet,      // 40
		"60+0":                      Bullet,      // 60
		"120+1":                     Bullet,      // 160
		"179":                       Bullet,      // 179
		"180+0":                     Blitz,       // 180
		"60+3":                      Blitz,       // 60 + 120 = 180
		"180+2":                     Blitz,       // 260
		" 300+3 ":                   Blitz,       // 420, spaces trimmed
		"479":                       Blitz,
		"480+0":                     Rapid,
		"240+6":                     Rapid, // 480
		"600+5":                     Rapid, // 800
		"1499":                      Rapid,
		"900+15":                    Classical, // 1500
		"1800+30":                   Classical, // 3000
		"10800+180":                 Classical,
		"-":                         Correspondence,
		"":                          SpeedUnknown,
		"?":                         SpeedUnknown,
		"40/7200:3600":              SpeedUnknown,
		"1/86400":                   SpeedUnknown,
		"300+":                      SpeedUnknown,
		"+3":                        SpeedUnknown,
		"5 min":                     SpeedUnknown,
		"99999999999999999999999+1": Classical, // saturates, no overflow
	}
	for tc, want := range cases {
		if got := SpeedOf(tc); got != want {
			t.Errorf("SpeedOf(%q) = %v, want %v", tc, got, want)
		}
	}
}

// fixtureSummary feeds the fixture scan (fixtures_test.go) through Outputs
// without files.
func fixtureSummary(t *testing.T) *Summary {
	t.Helper()
	o := &Outputs{Summary: NewSummary(testNames)}
	if err := feedFixture(o); err != nil {
		t.Fatal(err)
	}
	return o.Summary
}

// The numbers below are worked by hand from the fixture's table.
func TestSummaryCounts(t *testing.T) {
	s := fixtureSummary(t)
	if s.Games() != 8 || s.GamesWithErrors() != 2 || s.Findings() != 8 {
		t.Errorf("games %d, with errors %d, findings %d; want 8, 2, 8", s.Games(), s.GamesWithErrors(), s.Findings())
	}
	ins := s.Inputs()
	if len(ins) != 2 || ins[0].Name != "a.pgn" || ins[0].Games != 5 || ins[0].Errors != 1 ||
		ins[1].Name != "b.pgn.zst" || ins[1].Games != 3 || ins[1].Errors != 1 || ins[1].Err != "zstd: corrupt input" {
		t.Errorf("inputs %+v", ins)
	}
	eds := s.Editions()
	if len(eds) != 2 || eds[0].Edition != "fide2017" || eds[1].Edition != "lichess" {
		t.Fatalf("editions %+v", eds)
	}
	f17, li := eds[0], eds[1]
	if f17.Games != 7 || li.Games != 7 {
		t.Errorf("games per edition %d, %d; want 7, 7", f17.Games, li.Games)
	}
	if !reflect.DeepEqual(f17.GamesBySource, map[string]int64{"date": 6, "fallback": 1}) {
		t.Errorf("fide2017 by source %v", f17.GamesBySource)
	}
	// One game in each class: 60+0 bullet, 180+2 blitz, 15+0 ultrabullet,
	// - correspondence, none unknown, 600+5 rapid, 1800+30 classical.
	want := [NumSpeeds]int64{SpeedUnknown: 1, UltraBullet: 1, Bullet: 1, Blitz: 1, Rapid: 1, Classical: 1, Correspondence: 1}
	if f17.GamesBySpeed != want || li.GamesBySpeed != want {
		t.Errorf("games by speed %v, %v; want %v", f17.GamesBySpeed, li.GamesBySpeed, want)
	}
	rules := func(e EditionStats) map[string]Counts {
		m := map[string]Counts{}
		for _, r := range e.Rules {
			m[r.Rule] = r.Counts
		}
		return m
	}
	if got, want := rules(f17), map[string]Counts{
		"threefold":  {Findings: 3, Missed: 2, MissedThenClaim: 1, MissedThenDecided: 1},
		"fifty_move": {Findings: 1, Missed: 1, MissedThenDecided: 1},
		"fivefold":   {Findings: 1, Missed: 1, ResultDiffers: 1},
		"checkmate":  {Findings: 1, ResultDiffers: 1},
	}; !reflect.DeepEqual(got, want) {
		t.Errorf("fide2017 rules %v, want %v", got, want)
	}
	var order []string
	for _, r := range f17.Rules {
		order = append(order, r.Rule)
	}
	if strings.Join(order, " ") != "threefold fifty_move fivefold checkmate" {
		t.Errorf("rule order %v, want the contract's", order)
	}
	if got, want := rules(li), map[string]Counts{
		"threefold":  {Findings: 1, Missed: 1, MissedThenDecided: 1},
		"fifty_move": {Findings: 1, Missed: 1, ResultDiffers: 1, MissedThenDecided: 1},
	}; !reflect.DeepEqual(got, want) {
		t.Errorf("lichess rules %v, want %v", got, want)
	}
	// fide2017 threefold by speed: bullet missed and lost (a0), blitz not
	// missed (a1), rapid missed and drawn by a later claim (b0).
	tf := f17.Rules[0].BySpeed
	if tf[Bullet] != (Counts{Findings: 1, Missed: 1, MissedThenDecided: 1}) || tf[Blitz] != (Counts{Findings: 1}) ||
		tf[Rapid] != (Counts{Findings: 1, Missed: 1, MissedThenClaim: 1}) || tf[Classical] != (Counts{}) {
		t.Errorf("threefold by speed %v", tf)
	}
}

// fields returns the whitespace-separated fields of the first line of text
// whose first field is first.
func fields(text, first string) []string {
	for _, l := range strings.Split(text, "\n") {
		if f := strings.Fields(l); len(f) > 0 && f[0] == first {
			return f
		}
	}
	return nil
}

func TestSummaryText(t *testing.T) {
	text := fixtureSummary(t).String()
	t.Log("\n" + text)
	check := func(section, first string, want ...string) {
		t.Helper()
		if got := fields(section, first); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("line %q: %q, want %q", first, got, want)
		}
	}
	head, rest, _ := strings.Cut(text, "\nEdition fide2017")
	f17, li, ok := strings.Cut(rest, "\nEdition lichess")
	if !ok {
		t.Fatalf("no edition sections in\n%s", text)
	}
	check(head, "a.pgn", "a.pgn", "3.0", "MB", "3.0", "MB", "20.0", "MB", "5", "1", "complete")
	check(head, "b.pgn.zst", "b.pgn.zst", "2.0", "MB", "600.0", "kB", "4.0", "MB", "3", "1", "failed", "at", "30%:", "zstd:", "corrupt", "input")
	check(head, "Games:", "Games:", "8", "read,", "2", "with", "errors")
	check(head, "a.pgn", "a.pgn", "3.0", "MB", "3.0", "MB", "20.0", "MB", "5", "1", "complete")
	if !strings.Contains(head, "  a.pgn game 4, line 123456789012, ply 12: illegal move Nf9\n") ||
		!strings.Contains(head, `  b.pgn.zst game 2, line 99: tag "Event" not closed`+"\n") {
		t.Errorf("error messages missing from\n%s", head)
	}
	// 8 games in 2 s; 3.6 MB read and 24 MB of PGN in 2 s.
	check(head, "Elapsed:", "Elapsed:", "2s,", "4", "games/s,", "1.8", "MB/s", "read,", "12.0", "MB/s", "PGN")

	if !strings.HasPrefix(f17, ": 7 games (date 6, fallback 1)\n") {
		t.Errorf("fide2017 heading: %q", strings.SplitN(f17, "\n", 2)[0])
	}
	// Rates per 1,000 of the edition's 7 games: 3/7 = 428.57, 2/7 = 285.71, 1/7 = 142.86.
	check(f17, "threefold", "threefold", "3", "2", "0", "428.57", "285.71")
	check(f17, "fifty_move", "fifty_move", "1", "1", "0", "142.86", "142.86")
	check(f17, "fivefold", "fivefold", "1", "1", "1", "142.86", "142.86")
	check(f17, "checkmate", "checkmate", "1", "0", "1", "142.86", "0.00")
	// By speed: one game per class, so a missed finding is 1000.00.
	// Columns: games, threefold, fifty_move, fivefold, checkmate.
	check(f17, "speed", "speed", "games", "threefold", "fifty_move", "fivefold", "checkmate")
	check(f17, "ultrabullet", "ultrabullet", "1", "0.00", "0.00", "0.00", "0.00")
	check(f17, "bullet", "bullet", "1", "1000.00", "0.00", "0.00", "0.00")
	check(f17, "blitz", "blitz", "1", "0.00", "1000.00", "0.00", "0.00")
	check(f17, "rapid", "rapid", "1", "1000.00", "0.00", "0.00", "0.00")
	check(f17, "classical", "classical", "1", "0.00", "0.00", "0.00", "0.00")
	check(f17, "correspondence", "correspondence", "1", "0.00", "0.00", "1000.00", "0.00")
	check(f17, "unknown", "unknown", "1", "0.00", "0.00", "0.00", "0.00")

	check(li, "threefold", "threefold", "1", "1", "0", "142.86", "142.86")
	check(li, "fifty_move", "fifty_move", "1", "1", "1", "142.86", "142.86")
	check(li, "classical", "classical", "1", "0.00", "1000.00")
	check(li, "bullet", "bullet", "1", "1000.00", "0.00")

	// What followed the missed claims: fide2017's threefold missed twice,
	// once drawn by a later claim (b0), once lost (a0).
	_, fates, _ := strings.Cut(f17, "Missed claims, what followed")
	if got := fields(fates, "threefold"); strings.Join(got, " ") != "threefold 2 1 1 0" {
		t.Errorf("fates of fide2017's missed threefold claims: %v", got)
	}
	// Columns line up: every line of a table has its numbers ending in the
	// same column as the header's.
	lines := strings.Split(f17, "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "rule ") {
			for _, r := range lines[i+1 : i+3] {
				if len(r) != len(l) {
					t.Errorf("misaligned:\n%s\n%s", l, r)
				}
			}
		}
	}
}

func TestSummaryWithoutTimeControlsHasNoSpeedTable(t *testing.T) {
	s := NewSummary(testNames)
	g := Game{GameInfo: &GameInfo{Source: "otb.pgn", TimeControl: "?"}, Edition: "fide2009", EditionSource: "date"}
	s.AddGame(&g)
	f := Finding{GameInfo: g.GameInfo, Edition: "fide2009", Rule: "threefold", Missed: true}
	s.AddFinding(&f)
	text := s.String()
	if strings.Contains(text, "by speed") || !strings.Contains(text, "Edition fide2009: 1 games (date 1)") {
		t.Errorf("summary:\n%s", text)
	}
	check := fields(text, "threefold")
	if strings.Join(check, " ") != "threefold 1 1 0 1000.00 1000.00" {
		t.Errorf("threefold line %q", check)
	}
}

func TestSummaryInterruptedInput(t *testing.T) {
	s := NewSummary(testNames)
	s.SetInput(Input{Name: "big.pgn.zst", Size: 1_000_000_000, Read: 250_000_000, Decompressed: 1_750_000_000})
	s.SetInterrupted()
	text := s.String()
	if f := fields(text, "big.pgn.zst"); strings.Join(f, " ") != "big.pgn.zst 1.0 GB 250.0 MB 1.8 GB 0 0 stopped at 25%" {
		t.Errorf("input line %q", f)
	}
	if !strings.Contains(text, "interrupted") {
		t.Errorf("no word of the interrupt in\n%s", text)
	}
}

func TestFormatting(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -1234: "-1,234"} {
		if got := fmtInt(n); got != want {
			t.Errorf("fmtInt(%d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int64]string{0: "0 B", 999: "999 B", 1000: "1.0 kB", 999_949: "999.9 kB", 999_950: "1.0 MB", 28_100_000_000: "28.1 GB"} {
		if got := fmtBytes(n); got != want {
			t.Errorf("fmtBytes(%d) = %q, want %q", n, got, want)
		}
	}
	for d, want := range map[time.Duration]string{1234567 * time.Microsecond: "1.23s", 61500 * time.Millisecond: "1m2s", 3723 * time.Second: "1h2m3s"} {
		if got := fmtDuration(d); got != want {
			t.Errorf("fmtDuration(%v) = %q, want %q", d, got, want)
		}
	}
}

// The summary rebuilt from the Parquet findings file equals the summary of
// the scan: numbers and text.
func TestReportFromParquetEqualsScan(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "findings.parquet")
	fw, err := Create[Finding](path, Options{Version: "test", BatchRows: 3})
	if err != nil {
		t.Fatal(err)
	}
	gw, err := Create[Game](filepath.Join(dir, "games.parquet"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	o := &Outputs{Findings: fw, Games: gw, Summary: NewSummary(testNames)}
	if err := feedFixture(o); err != nil {
		t.Fatal(err)
	}
	o.Summary.SetInterrupted()
	if err := o.Close(); err != nil {
		t.Fatal(err)
	}
	got, err := ReadSummary(path, testNames)
	if err != nil {
		t.Fatal(err)
	}
	want := o.Summary
	if !got.CountsKnown() || got.Games() != want.Games() || got.GamesWithErrors() != want.GamesWithErrors() ||
		got.Findings() != want.Findings() || got.Elapsed() != want.Elapsed() || !got.Interrupted() {
		t.Errorf("totals differ: games %d/%d errors %d/%d findings %d/%d elapsed %v/%v",
			got.Games(), want.Games(), got.GamesWithErrors(), want.GamesWithErrors(),
			got.Findings(), want.Findings(), got.Elapsed(), want.Elapsed())
	}
	if !reflect.DeepEqual(got.Inputs(), want.Inputs()) {
		t.Errorf("inputs\n%+v\nwant\n%+v", got.Inputs(), want.Inputs())
	}
	if !reflect.DeepEqual(got.Editions(), want.Editions()) {
		t.Errorf("editions\n%+v\nwant\n%+v", got.Editions(), want.Editions())
	}
	if got.String() != want.String() {
		t.Errorf("text\n%s\nwant\n%s", got, want)
	}
	// The games table is not a findings table.
	if _, err := ReadSummary(filepath.Join(dir, "games.parquet"), testNames); err == nil || !strings.Contains(err.Error(), "games") {
		t.Errorf("ReadSummary(games.parquet, testNames): %v", err)
	}
}

// From CSV the findings tallies are the same, the game counts unknown.
func TestReportFromCSV(t *testing.T) {
	path := filepath.Join(t.TempDir(), "findings.csv")
	sum := writeFixture(t, path, Options{})
	got, err := ReadSummary(path, testNames)
	if err != nil {
		t.Fatal(err)
	}
	if got.CountsKnown() {
		t.Error("CountsKnown from a CSV file")
	}
	ge, we := got.Editions(), sum.Editions()
	if len(ge) != len(we) {
		t.Fatalf("%d editions, want %d", len(ge), len(we))
	}
	for i := range ge {
		if !reflect.DeepEqual(ge[i].Rules, we[i].Rules) || ge[i].Games != 0 {
			t.Errorf("edition %s: rules %+v games %d, want rules %+v and no games", ge[i].Edition, ge[i].Rules, ge[i].Games, we[i].Rules)
		}
	}
	text := got.String()
	if !strings.Contains(text, "Games: unknown") || strings.Contains(text, "/1k") {
		t.Errorf("CSV summary should say games are unknown and give no rates:\n%s", text)
	}
	// Missed by speed, as counts: fide2017 threefold bullet 1, blitz 0, rapid 1.
	f17 := text[strings.Index(text, "Edition fide2017"):strings.Index(text, "Edition lichess")]
	if f := fields(f17, "bullet"); strings.Join(f, " ") != "bullet 1 0 0 0" {
		t.Errorf("bullet line %q in\n%s", f, f17)
	}
	t.Log("\n" + text)
}

// TestSummaryNewRulesBySpeed: the rules of rules.md 7.3 and 8 are counted by speed class like
// the others, after them in the contract's order, and fide2023 after fide2017.
func TestSummaryNewRulesBySpeed(t *testing.T) {
	s := NewSummary(testNames)
	add := func(ed, tc, rule string, missed bool) {
		g := Game{GameInfo: &GameInfo{Source: "l.pgn", TimeControl: tc}, Edition: ed, EditionSource: "date"}
		s.AddGame(&g)
		f := Finding{GameInfo: g.GameInfo, Edition: ed, Rule: rule, Missed: missed, ResultDiffers: true}
		s.AddFinding(&f)
	}
	add("fide2023", "60+0", "early_agreement", false)
	add("fide2023", "60+0", "unwinnable_timeout", true)
	add("fide2023", "180+0", "unwinnable_resignation", true)
	add("fide2023", "180+0", "threefold", true)
	add("fide2017", "180+0", "unwinnable_timeout", true)
	eds := s.Editions()
	if len(eds) != 2 || eds[0].Edition != "fide2017" || eds[1].Edition != "fide2023" {
		t.Fatalf("editions %+v", eds)
	}
	var order []string
	for _, r := range eds[1].Rules {
		order = append(order, r.Rule)
	}
	if got := strings.Join(order, " "); got != "threefold unwinnable_timeout unwinnable_resignation early_agreement" {
		t.Errorf("fide2023 rules in order %q", got)
	}
	for _, r := range eds[1].Rules {
		want := map[string][2]int64{ // bullet, blitz findings
			"threefold": {0, 1}, "unwinnable_timeout": {1, 0}, "unwinnable_resignation": {0, 1}, "early_agreement": {1, 0},
		}[r.Rule]
		if got := [2]int64{r.BySpeed[Bullet].Findings, r.BySpeed[Blitz].Findings}; got != want {
			t.Errorf("%s: bullet, blitz %v, want %v", r.Rule, got, want)
		}
	}
	if text := s.String(); !strings.Contains(text, "unwinnable_resignation") || !strings.Contains(text, "by speed") {
		t.Errorf("summary:\n%s", text)
	}
}

package rules

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestParseDate(t *testing.T) {
	cases := []struct {
		in   string
		want Date
	}{
		{"2014.07.01", Date{2014, 7, 1}},
		{"2014.??.??", Date{2014, 0, 0}},
		{"2014.07.??", Date{2014, 7, 0}},
		{"????.??.??", Date{}},
		{"", Date{}},
		{" 2017.7.1 ", Date{2017, 7, 1}}, // blanks around, one-digit fields
		{"2017-07-01", Date{2017, 7, 1}}, // ISO separators
		{"2017/07/01", Date{2017, 7, 1}},
		{"2017", Date{2017, 0, 0}},
		{"0000.00.00", Date{}},             // a zero year is not a year
		{"17.07.01", Date{0, 7, 1}},        // two-digit year: unknown (the rest is kept but unused)
		{"2017.13.40", Date{2017, 0, 0}},   // month and day out of range: unknown
		{"2017.?7.01", Date{2017, 0, 1}},   // half-known month: unknown
		{"20170.07.01", Date{0, 7, 1}},     // five-digit year: unknown
		{"2017.07.01.5", Date{2017, 7, 1}}, // extra fields ignored
	}
	for _, c := range cases {
		if got := ParseDate(c.in); got != c.want {
			t.Errorf("ParseDate(%q) = %+v, want %+v", c.in, got, c.want)
		}
		if got := ParseDate([]byte(c.in)); got != c.want {
			t.Errorf("ParseDate([]byte(%q)) = %+v, want %+v", c.in, got, c.want)
		}
	}
}

func TestDateEarliest(t *testing.T) {
	// rules.md 2: an unknown month or day counts as the earliest possible.
	if got := ParseDate("2014.??.??").Earliest(); got != 20140101 {
		t.Errorf("2014.??.?? earliest = %d, want 20140101", got)
	}
	if got := ParseDate("2014.07.??").Earliest(); got != 20140701 {
		t.Errorf("2014.07.?? earliest = %d, want 20140701", got)
	}
}

func mustSelection(t *testing.T, list, fallback, five string) *Selection {
	t.Helper()
	s, err := NewSelection(list, fallback, five)
	if err != nil {
		t.Fatalf("NewSelection(%q, %q, %q): %v", list, fallback, five, err)
	}
	return s
}

func TestAutoByDate(t *testing.T) {
	s := mustSelection(t, "auto", "", "")
	cases := []struct {
		event, date, utc string
		id               string
		src              EditionSource
		why              string
	}{
		{"", "2014.??.??", "", "fide2009", SourceDate, "unknown month and day = 2014-01-01, before 2014-07-01"},
		{"", "2014.07.01", "", "fide2014", SourceDate, "first day of the 2014 Laws"},
		{"", "2014.06.30", "", "fide2009", SourceDate, "last day of the 2009 Laws"},
		{"", "2014.07.??", "", "fide2014", SourceDate, "earliest = 2014-07-01"},
		{"", "2014.06.??", "", "fide2009", SourceDate, "earliest = 2014-06-01"},
		{"", "2017.06.30", "", "fide2014", SourceDate, "last day of the 2014 Laws"},
		{"", "2017.07.01", "", "fide2017", SourceDate, "first day of the 2017 Laws"},
		{"", "2017.??.??", "", "fide2014", SourceDate, "earliest = 2017-01-01"},
		{"", "1851.??.??", "", "fide2009", SourceDate, "1800s games fall under the oldest edition"},
		{"", "2022.12.31", "", "fide2017", SourceDate, "last day of the 2017 Laws"},
		{"", "2023.01.01", "", "fide2023", SourceDate, "first day of the 2023 Laws"},
		{"", "2023.??.??", "", "fide2023", SourceDate, "earliest = 2023-01-01"},
		{"", "2025.05.01", "", "fide2023", SourceDate, "today"},
		{"", "????.??.??", "", "fide2023", SourceFallback, "no known year: fallback"},
		{"", "", "", "fide2023", SourceFallback, "no date tags at all: fallback"},
		{"2013.12.30", "2014.07.02", "", "fide2009", SourceDate, "EventDate comes first"},
		{"????.??.??", "2014.07.02", "", "fide2014", SourceDate, "unknown EventDate: Date"},
		{"????.??.??", "????.??.??", "2018.01.01", "fide2017", SourceDate, "then UTCDate"},
		{"", "", "2016.01.01", "fide2014", SourceDate, "UTCDate alone"},
	}
	for _, c := range cases {
		got := s.Choose(nil, ParseDate(c.event), ParseDate(c.date), ParseDate(c.utc))
		if len(got) != 1 || got[0].Edition.ID != c.id || got[0].EditionSource != c.src {
			t.Errorf("event %q date %q utc %q (%s): got %v, want %s/%s", c.event, c.date, c.utc, c.why, choiceIDs(got), c.id, c.src)
		}
	}
}

func choiceIDs(cs []Choice) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(c.Edition.ID + "/" + c.EditionSource.String())
	}
	return b.String()
}

func TestChooseLists(t *testing.T) {
	d2018 := ParseDate("2018.03.01")
	d2010 := ParseDate("2010.03.01")
	cases := []struct {
		list, fallback string
		date           Date
		want           string
	}{
		{"", "", d2018, "fide2017/date"},
		{"auto", "lichess", Date{}, "lichess/fallback"},
		{"auto,lichess", "", d2010, "fide2009/date,lichess/flag"},
		{"lichess,auto", "", d2010, "lichess/flag,fide2009/date"},
		{"fide2009,fide2017", "", d2018, "fide2009/flag,fide2017/flag"},
		// auto picks an edition that is also listed: judged once, at the earlier place, as auto chose it.
		{"auto,fide2017", "", d2018, "fide2017/date"},
		{"fide2017,auto", "", d2018, "fide2017/date"},
		{"fide2017,auto", "", d2010, "fide2017/flag,fide2009/date"},
		{"current,fide2018,fide2017,fide2023", "", d2010, "fide2023/flag,fide2017/flag"}, // aliases collapse
		{"auto,auto,pre2014", "", Date{}, "fide2023/fallback,fide2009/flag"},
		{"auto,fide2023", "", Date{}, "fide2023/fallback"},
		{"auto,fide2017", "", Date{}, "fide2023/fallback,fide2017/flag"},
		{" FIDE2014 , Lichess ", "", Date{}, "fide2014/flag,lichess/flag"},
		{"fide2009,fide2014,fide2017,lichess", "", d2018, "fide2009/flag,fide2014/flag,fide2017/flag,lichess/flag"},
	}
	for _, c := range cases {
		s := mustSelection(t, c.list, c.fallback, "")
		if got := choiceIDs(s.Choose(nil, Date{}, c.date, Date{})); got != c.want {
			t.Errorf("--edition %q --fallback %q date %v: %s, want %s", c.list, c.fallback, c.date, got, c.want)
		}
	}
}

func TestChooseAppendsWithoutAllocating(t *testing.T) {
	s := mustSelection(t, "auto,lichess", "", "")
	buf := make([]Choice, 0, 4)
	d := ParseDate("2015.01.01")
	allocs := testing.AllocsPerRun(100, func() { buf = s.Choose(buf[:0], Date{}, d, Date{}) })
	if allocs != 0 {
		t.Errorf("Choose allocates %v times per call", allocs)
	}
	// Appending keeps what dst already holds, and dedupes only what it adds.
	pre := []Choice{{s.edition("lichess"), SourceFlag}}
	if got := choiceIDs(s.Choose(pre, Date{}, d, Date{})); got != "lichess/flag,fide2014/date,lichess/flag" {
		t.Errorf("append: %s", got)
	}
}

func TestSelectionErrors(t *testing.T) {
	cases := []struct {
		list, fallback, five string
		want                 error
		mention              string
	}{
		{"fide2010", "", "", ErrUnknownEdition, `"fide2010"`},
		{"auto,fide", "", "", ErrUnknownEdition, `"fide"`},
		{"auto", "auto", "", ErrUnknownEdition, "--fallback-edition"},
		{"auto", "fide1999", "", ErrUnknownEdition, "--fallback-edition"},
		{"auto,,lichess", "", "", ErrBadOption, "--edition"},
		{"auto", "", "sometimes", ErrBadOption, "--fivefold-2014"},
	}
	for _, c := range cases {
		_, err := NewSelection(c.list, c.fallback, c.five)
		if !errors.Is(err, c.want) {
			t.Errorf("NewSelection(%q, %q, %q) = %v, want %v", c.list, c.fallback, c.five, err, c.want)
			continue
		}
		var oe *OptionError
		if !errors.As(err, &oe) || !strings.Contains(err.Error(), c.mention) {
			t.Errorf("error %q should be an *OptionError mentioning %s", err, c.mention)
		}
	}
	if _, err := Lookup("nope"); !errors.Is(err, ErrUnknownEdition) || !strings.Contains(err.Error(), "fide2017") {
		t.Errorf("Lookup(nope) = %v: want ErrUnknownEdition listing the known ids", err)
	}
}

func TestFivefold2014Reading(t *testing.T) {
	cons := mustSelection(t, "fide2014", "", "")
	anyS := mustSelection(t, "fide2014", "", "any")
	if r := cons.Listed()[0].Fivefold; r != FivefoldConsecutive {
		t.Errorf("default reading %v, want consecutive", r)
	}
	if r := anyS.Listed()[0].Fivefold; r != FivefoldAny {
		t.Errorf("--fivefold-2014=any gives %v", r)
	}
	// auto's fide2014 is the same copy as the listed one, with the same reading.
	if c := anyS.ByDate(ParseDate("2015.01.01")); c.Edition != anyS.Listed()[0] {
		t.Errorf("auto picked a different fide2014 than the listed one")
	}
	// The package table itself is untouched.
	if ed, _ := Lookup("fide2014"); ed.Fivefold != FivefoldConsecutive {
		t.Errorf("the table's fide2014 changed to %v", ed.Fivefold)
	}
}

func TestEditionData(t *testing.T) {
	type row struct {
		id                                    string
		threefold, fifty                      bool
		five                                  FivefoldReading
		seventyFive, fiftyAuto                bool
		t3i, t3b, f50i, f50b, f5, f75, fa, dd string
	}
	// rules.md section 2 (claims, automatic endings, dead position), with
	// each edition's own article numbers: see the report for the sources.
	rows := []row{
		{"fide2009", true, true, NoFivefold, false, false, "9.2a", "9.2b", "9.3a", "9.3b", "", "", "", "9.6"},
		{"fide2014", true, true, FivefoldConsecutive, true, false, "9.2a", "9.2b", "9.3a", "9.3b", "9.6a", "9.6b", "", "9.7"},
		{"fide2017", true, true, FivefoldAny, true, false, "9.2.1.1", "9.2.1.2", "9.3.1", "9.3.2", "9.6.1", "9.6.2", "", "5.2.2"},
		{"fide2023", true, true, FivefoldAny, true, false, "9.2.1.1", "9.2.1.2", "9.3.1", "9.3.2", "9.6.1", "9.6.2", "", "5.2.2"},
		{"lichess", true, false, FivefoldAny, false, true, "lichess threefold claim", "lichess threefold claim", "", "", "lichess fivefold", "", "lichess 50 moves", "lichess insufficient material"},
	}
	eds := Editions()
	if len(eds) != len(rows) {
		t.Fatalf("%d editions, want %d", len(eds), len(rows))
	}
	for i, r := range rows {
		ed := &eds[i]
		if ed.ID != r.id || ed.ThreefoldClaim != r.threefold || ed.FiftyClaim != r.fifty || ed.Fivefold != r.five ||
			ed.SeventyFive != r.seventyFive || ed.FiftyAutomatic != r.fiftyAuto {
			t.Errorf("edition %d = %+v, want %+v", i, ed, r)
		}
		got := []string{
			ed.Article(Threefold, MoveAvailable), ed.Article(Threefold, OnBoard),
			ed.Article(FiftyMove, MovePlayed), ed.Article(FiftyMove, OnBoard),
			ed.Article(Fivefold, Automatic), ed.Article(SeventyFiveMove, Automatic),
			ed.Article(FiftyMove, Automatic), ed.Article(DeadPosition, Automatic),
		}
		want := []string{r.t3i, r.t3b, r.f50i, r.f50b, r.f5, r.f75, r.fa, r.dd}
		for k := range got {
			if got[k] != want[k] {
				t.Errorf("%s article %d = %q, want %q", r.id, k, got[k], want[k])
			}
		}
		if ed.Article(Threefold, MovePlayed) != ed.Article(Threefold, MoveAvailable) {
			t.Errorf("%s: both intended-move kinds come from one article", r.id)
		}
		// rules.md 2, the last two columns: 6.9 in every FIDE edition, lichess's own rule,
		// 5.1.2 and 5.2.3 in fide2023 only, the flag's 9.1a / 9.1.1 in every FIDE edition.
		a := ed.Articles
		wantSec := map[string][4]string{
			"fide2009": {"6.9", "", "", "9.1a"}, "fide2014": {"6.9", "", "", "9.1a"},
			"fide2017": {"6.9", "", "", "9.1.1"}, "fide2023": {"6.9", "5.1.2", "5.2.3", "9.1.1"},
			"lichess": {"lichess timeout material rule", "lichess resignation material rule", "", ""}, // the newest version
		}[r.id]
		if got := [4]string{a.UnwinnableTimeout, a.UnwinnableResignation, a.EarlyAgreement, a.AgreementFlag}; got != wantSec {
			t.Errorf("%s: articles of 7.3 and 8 = %q, want %q", r.id, got, wantSec)
		}
		if ed.Material.On != (r.id == "lichess") || ed.DeadBySearch != (r.id != "lichess") {
			t.Errorf("%s: Material.On = %t, DeadBySearch = %t", r.id, ed.Material.On, ed.DeadBySearch)
		}
		if ed.Penalty == "" || ed.Article(Checkmate, Automatic) == "" || ed.Article(Stalemate, Automatic) == "" {
			t.Errorf("%s: missing penalty or 5.1/5.2 articles", r.id)
		}
	}
}

func TestWriteTable(t *testing.T) {
	var b bytes.Buffer
	if err := WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"fide2009", "pre2014", "fide2014", "fide2017", "fide2018", "fide2023", "current", "lichess",
		"until 2014.06.30", "2014.07.01 to 2017.06.30", "2017.07.01 to 2022.12.31", "from 2023.01.01",
		"6.9", "5.1.2", "5.2.3", "9.1a", "9.1.1", "material rule",
		"three minutes", "two minutes", "half of the claimant", "9.6a", "9.6.2", "5.2.2", "9.7",
		"9.2.1.1", "9.3b", "2020.01.14", "scalachess #184", "lila #20172", "scalachess #821", "2026.04.11",
		"initial", "uncertain", "2015.10.27", "scalachess #47", "8e3b146", "2018.08.27", "2016.01.30", "2017.03.31", "2018.09.13", "2019.01.18", "scalachess #164",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("edition table lacks %q:\n%s", want, out)
		}
	}
}

func TestStandardVariant(t *testing.T) {
	for _, c := range []struct {
		tag string
		ok  bool
	}{
		{"", true}, {"Standard", true}, {"standard", true}, {"From Position", true}, {"from position", true},
		{"normal", true}, {"Normal", true}, {"chess", true}, {"CHESS", true},
		{"Chess960", false}, {"fischerandom", false}, {"Crazyhouse", false}, {"Standard ", false},
	} {
		if StandardVariant(c.tag) != c.ok || StandardVariant([]byte(c.tag)) != c.ok {
			t.Errorf("StandardVariant(%q) != %t", c.tag, c.ok)
		}
	}
	for _, c := range []struct {
		tag  string
		want Variant
		col  string
	}{
		{"", Standard, "standard"}, {"From Position", Standard, "standard"}, {"NORMAL", Standard, "standard"},
		{"Chess960", Chess960, "chess960"}, {"chess960", Chess960, "chess960"}, {"fischerandom", Chess960, "chess960"},
		{"Fischerandom", Chess960, "chess960"}, {"chess 960", Chess960, "chess960"}, {"960", Chess960, "chess960"},
		{"Crazyhouse", UnsupportedVariant, ""}, {"Atomic", UnsupportedVariant, ""}, {"chess960 ", UnsupportedVariant, ""},
		{"fischer random", UnsupportedVariant, ""}, {"9600", UnsupportedVariant, ""},
	} {
		if got := ParseVariant(c.tag); got != c.want || got.String() != c.col {
			t.Errorf("ParseVariant(%q) = %v (%q), want %v (%q)", c.tag, got, got, c.want, c.col)
		}
	}
	if a := testing.AllocsPerRun(100, func() { StandardVariant([]byte("From Position")) }); a != 0 {
		t.Errorf("StandardVariant allocates %v", a)
	}
}

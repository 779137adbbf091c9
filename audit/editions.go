package audit

import (
	"io"

	"github.com/pgnscan/pgnscan/internal/rules"
)

// Edition is one set of rules games are judged under (rules.md 2): a FIDE Laws of Chess
// edition, or lichess's house rules.
type Edition struct {
	ID      string   // as Options.Editions, Verdict.Edition and Finding.Edition name it
	Aliases []string // other names Options.Editions accepts
	Name    string   // what the rules are
	// Auto editions are those "auto" picks among by the game's date, over From to Until
	// (PGN dates, "2014.07.01"; "" is open).
	Auto        bool
	From, Until string
	Penalty     string // what the edition does with an incorrect claim (9.5), which no game score shows
	Note        string // what to know when reading its findings, or ""

	ed rules.Edition
}

// Editions returns the editions in the order `pgnscan editions` prints them: fide2009,
// fide2014, fide2017, fide2023, lichess.
func Editions() []Edition {
	var out []Edition
	for _, ed := range rules.Editions() {
		e := Edition{ID: ed.ID, Aliases: ed.Aliases, Name: ed.Name, Auto: ed.Auto, Penalty: ed.Penalty, Note: ed.Note, ed: ed}
		if ed.Auto && !ed.From.IsZero() {
			e.From = ed.From.String()
		}
		if ed.Auto && !ed.Until.IsZero() {
			e.Until = ed.Until.String()
		}
		out = append(out, e)
	}
	return out
}

// Article returns the edition's article for a finding of rule and kind (as Finding.Rule and
// Finding.Kind spell them: "threefold", "on_board" gives "9.2.1.2" in fide2017), or "" when
// the edition has no such rule.
func (e Edition) Article(rule, kind string) string {
	for _, r := range rules.Rules() {
		if r.String() != rule {
			continue
		}
		for _, k := range rules.Kinds() {
			if k.String() == kind {
				return e.ed.Article(r, k)
			}
		}
	}
	return ""
}

// WriteEditions writes the table `pgnscan editions` prints: for each edition its names, the
// dates auto picks it for, the article of every rule, the incorrect-claim penalty, and
// lichess's versions with their sources.
func WriteEditions(w io.Writer) error { return rules.WriteTable(w) }

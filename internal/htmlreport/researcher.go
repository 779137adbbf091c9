package htmlreport

import (
	"fmt"
	"slices"
	"sort"

	"github.com/pgnscan/pgnscan/internal/report"
)

// speedsShown is the order of speed classes on the page: fastest first,
// correspondence, then games whose TimeControl says nothing.
var speedsShown = func() []report.Speed {
	var s []report.Speed
	for sp := report.Speed(1); sp < report.NumSpeeds; sp++ {
		s = append(s, sp)
	}
	return append(s, report.SpeedUnknown)
}()

// ruleLabel names a rule under an edition for a chart's category.
func ruleLabel(rule, edition string) string { return fmt.Sprintf("%s (%s)", rule, edition) }

// noteNeedGames says why a chart gives counts, not rates.
const noteNeedGames = "Counts only: rates per 1,000 games need the number of games, " +
	"which a findings file does not hold for games without findings. Give the games table of the same scan with --games GAMES."

// speedCountsKnown reports whether games per speed class are known.
func (a *Aggregate) speedCountsKnown() bool { return a.gamesByRows || a.gamesByMeta }

// editionsOf returns the editions of a tally's keys, sorted (fide2009 … lichess sort by name).
func editionsOf[T any](m map[ruleKey]T) []string {
	var eds []string
	for k := range m {
		if !slices.Contains(eds, k.edition) {
			eds = append(eds, k.edition)
		}
	}
	sort.Strings(eds)
	return eds
}

// claimCharts returns, for each edition and claim rule with rows, the missed
// claims by speed class and by Elo band: per 1,000 games when the games are
// known, else counts.
func (a *Aggregate) claimCharts() []chart {
	var out []chart
	for _, ed := range editionsOf(a.claims) {
		for _, rule := range claimRules {
			t, ok := a.claims[ruleKey{ed, rule}]
			if !ok {
				continue
			}
			out = append(out, a.claimsBySpeed(ed, rule, t), a.claimsByBand(ed, rule, t))
		}
	}
	return out
}

func (a *Aggregate) claimsBySpeed(ed, rule string, t *claimTally) chart {
	g := a.games[ed]
	c := chart{ID: fmt.Sprintf("missed-%s-%s-speed", rule, ed), Title: fmt.Sprintf("Missed %s claims by speed class, %s", rule, ed)}
	known := a.speedCountsKnown() && g != nil
	for _, sp := range speedsShown {
		missed, games := t.bySpeed[sp], int64(0)
		if g != nil {
			games = g.bySpeed[sp]
		}
		if missed == 0 && games == 0 {
			continue
		}
		c.Rows = append(c.Rows, countOrRate(sp.String(), missed, games, known))
	}
	c.Head, c.Note = heads("speed class", known)
	return c
}

func (a *Aggregate) claimsByBand(ed, rule string, t *claimTally) chart {
	g := a.games[ed]
	c := chart{ID: fmt.Sprintf("missed-%s-%s-elo", rule, ed), Title: fmt.Sprintf("Missed %s claims by Elo band (average of both ratings), %s", rule, ed)}
	known := a.gamesByRows && g != nil
	bands := map[int32]bool{}
	for b := range t.byBand {
		bands[b] = true
	}
	if known {
		for b := range g.byBand {
			bands[b] = true
		}
	}
	order := make([]int32, 0, len(bands))
	for b := range bands {
		order = append(order, b)
	}
	sort.Slice(order, func(i, j int) bool { // no rating last
		if (order[i] == noRating) != (order[j] == noRating) {
			return order[j] == noRating
		}
		return order[i] < order[j]
	})
	for _, b := range order {
		var games int64
		if known {
			games = g.byBand[b]
		}
		c.Rows = append(c.Rows, countOrRate(eloLabel(b), t.byBand[b], games, known))
	}
	c.Head, c.Note = heads("Elo band", known)
	return c
}

// countOrRate is a row of missed claims: per 1,000 games when known, else the count.
func countOrRate(label string, missed, games int64, known bool) chartRow {
	if !known {
		return chartRow{Label: label, Cells: []string{count(missed)}, value: float64(missed)}
	}
	v, text := rate(missed, games)
	return chartRow{Label: label, Cells: []string{count(missed), count(games), text}, value: v}
}

// heads returns the table header and note of a missed-claims chart.
func heads(category string, known bool) ([]string, string) {
	if !known {
		return []string{category, "missed"}, noteNeedGames
	}
	return []string{category, "missed", "games", "per 1,000 games"}, "Bars: missed claims per 1,000 games (findings rows: one per game, edition and claimant)."
}

// lostChart returns the claims missed by the player who then lost the game,
// by rule and edition.
func (a *Aggregate) lostChart() chart {
	c := chart{
		ID: "missed-then-lost", Title: "Missed claims whose claimant then lost, by rule and edition",
		Head: []string{"rule (edition)", "missed", "then lost", "share"},
		Note: "Bars: missed claims whose claimant lost the game (claimant_outcome = loss).",
	}
	for _, ed := range editionsOf(a.claims) {
		for _, rule := range claimRules {
			t, ok := a.claims[ruleKey{ed, rule}]
			if !ok || t.missed == 0 {
				continue
			}
			share := fmt.Sprintf("%.1f%%", float64(t.missedLost)*100/float64(t.missed))
			c.Rows = append(c.Rows, chartRow{Label: ruleLabel(rule, ed), Cells: []string{count(t.missed), count(t.missedLost), share}, value: float64(t.missedLost)})
		}
	}
	return c
}

// endingChart returns the unapplied automatic endings by edition and rule.
func (a *Aggregate) endingChart() chart {
	c := chart{
		ID: "unapplied-endings", Title: "Endings not applied, by rule and edition",
		Head: []string{"rule (edition)", "reached", "not applied", "result differs", "per 1,000 games"},
		Note: "Bars: endings reached on the board (fivefold, 75 moves, lichess's 50 moves, dead position) after which the game went on or was scored otherwise; the rate is of those, per 1,000 games of the edition.",
	}
	c.Rows = a.ruleRows(a.endings, endingRules, func(t *endingTally) (int64, []string) {
		return t.missed, []string{count(t.rows), count(t.missed), count(t.differs)}
	})
	return c
}

// unwinnableChart returns the unwinnable losses and early agreements by
// edition and rule.
func (a *Aggregate) unwinnableChart() chart {
	c := chart{
		ID: "unwinnable", Title: "Unwinnable losses and early agreements, by rule and edition",
		Head: []string{"rule (edition)", "findings", "result differs", "per 1,000 games"},
		Note: "Bars: games lost on time or by resignation to a side that could not checkmate, and draws agreed too early (rules.md 7.3, 8).",
	}
	c.Rows = a.ruleRows(a.unwinnable, unwinnableRules, func(t *endingTally) (int64, []string) {
		return t.rows, []string{count(t.rows), count(t.differs)}
	})
	return c
}

// ruleRows makes a row per edition and rule of m, rules in the given order:
// the bar is the count that pick returns, followed in
// the table by its rate per 1,000 games of the edition.
func (a *Aggregate) ruleRows(m map[ruleKey]*endingTally, order []string, pick func(*endingTally) (int64, []string)) []chartRow {
	var rows []chartRow
	for _, ed := range editionsOf(m) {
		var games int64 = -1
		if g := a.games[ed]; g != nil && a.speedCountsKnown() {
			games = g.total
		}
		for _, rule := range order {
			t, ok := m[ruleKey{ed, rule}]
			if !ok {
				continue
			}
			n, cells := pick(t)
			_, text := rate(n, games)
			rows = append(rows, chartRow{Label: ruleLabel(rule, ed), Cells: append(cells, text), value: float64(n)})
		}
	}
	return rows
}

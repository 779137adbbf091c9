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

// noteNeedGames says why a chart gives counts, not rates.
const noteNeedGames = "Counts only: rates per 1,000 games need the number of games, " +
	"which a findings file does not hold for games without findings. Give the games table of the same scan with --games GAMES."

// scale is how a question's rates are written: per 1,000 games, or per cent
// of missed claims; counts when the denominators are unknown.
type scale uint8

const (
	perThousand scale = iota
	perCent
	countsOnly
)

// cell is one edition's answer for one category of a question: k of n with
// its interval, and the per-claimant count the table gives beside a game count.
type cell struct {
	pr     proportion
	rows   int64 // findings rows (one per claimant) behind pr.k, for claim questions
	absent bool  // the edition has no such category
}

// question is one chart of the page: one question asked of every edition,
// the editions side by side as small multiples on one scale, with the table
// of its numbers beside.
type question struct {
	ID, Title, Note string
	Category        string // the table's head of the categories
	Sample, Count   string // the heads of n and k
	RowsHead        string // the head of the per-claimant count, "" for none
	scale           scale
	cats            []string
	eds             []string
	cells           map[[2]string]cell // by edition, category

	Panels []panel    // rendered: one per edition
	Rows   []tableRow // rendered: one per category and edition
}

// tableRow is one line of a question's table.
type tableRow struct {
	Category, Edition string
	Sample, Count     string
	Rate              string
	Rows              string
	Few               bool // greyed: "too few games"
}

func (q *question) set(ed, cat string, c cell) {
	if q.cells == nil {
		q.cells = map[[2]string]cell{}
	}
	q.cells[[2]string{ed, cat}] = c
}

// editions returns the editions the aggregate holds, in the order of Names.Editions.
func (a *Aggregate) editions() []string {
	var eds []string
	for k := range a.rules {
		if !slices.Contains(eds, k.edition) {
			eds = append(eds, k.edition)
		}
	}
	for ed := range a.games {
		if !slices.Contains(eds, ed) {
			eds = append(eds, ed)
		}
	}
	a.chess.SortEditions(eds)
	return eds
}

// rulesOf returns the rules of group g present under some edition, in order.
func (a *Aggregate) rulesOf(g group, order []string) []string {
	var out []string
	for _, rule := range order {
		for k, t := range a.rules {
			if k.rule == rule && t.group == g {
				out = append(out, rule)
				break
			}
		}
	}
	return out
}

// speedCountsKnown reports whether games per speed class are known.
func (a *Aggregate) speedCountsKnown() bool { return a.gamesByRows || a.gamesByMeta }

// speedsKnown reports whether any game (or, without game counts, any finding)
// has a TimeControl tag lichess can classify: OTB archives have none, and
// their speed charts would show one class, "unknown".
func (a *Aggregate) speedsKnown() bool {
	for _, g := range a.games {
		for sp, n := range g.bySpeed {
			if n > 0 && report.Speed(sp) != report.SpeedUnknown {
				return true
			}
		}
	}
	for _, t := range a.rules {
		for sp, n := range t.missedRowsBySpeed {
			if n > 0 && report.Speed(sp) != report.SpeedUnknown {
				return true
			}
		}
	}
	return false
}

// questions returns the researcher's charts, in page order.
func (a *Aggregate) questions() []*question {
	var qs []*question
	for _, rule := range a.rulesOf(groupClaim, a.chess.Claims) {
		if a.speedsKnown() {
			qs = append(qs, a.missedBySpeed(rule))
		}
		qs = append(qs, a.missedByBand(rule), a.fates(rule))
	}
	if rules := a.rulesOf(groupEnding, a.chess.Endings); len(rules) > 0 {
		qs = append(qs, a.byRule("unapplied-endings", "Games with an automatic ending not applied, per 1,000 games",
			"Endings reached on the board (fivefold, 75 moves, lichess's 50 moves, dead position) after which the game went on or was scored otherwise.",
			rules, groupEnding, func(t *ruleTally) int64 { return t.missedGames }))
	}
	if rules := a.rulesOf(groupUnwinnable, a.chess.Unwinnable); len(rules) > 0 {
		qs = append(qs, a.byRule("unwinnable", "Games lost to a side that could not mate, and draws agreed too early, per 1,000 games",
			"Games lost on time or by resignation to a side that could not checkmate, and draws agreed too early (rules.md 7.3, 8).",
			rules, groupUnwinnable, func(t *ruleTally) int64 { return t.games }))
	}
	return qs
}

// gamesQuestion starts a question whose rates are per 1,000 games.
func (a *Aggregate) gamesQuestion(id, title, category string) *question {
	q := &question{ID: id, Title: title, Category: category, Sample: "games", Count: "games with", scale: perThousand, eds: a.editions()}
	if !a.speedCountsKnown() {
		q.scale, q.Note = countsOnly, noteNeedGames
	}
	return q
}

func (a *Aggregate) missedBySpeed(rule string) *question {
	q := a.gamesQuestion(fmt.Sprintf("missed-%s-speed", rule), fmt.Sprintf("Games with a missed %s claim per 1,000 games, by speed class", rule), "speed class")
	q.Count, q.RowsHead = "games with a miss", "missed claims (per claimant)"
	for _, sp := range speedsShown {
		q.cats = append(q.cats, sp.String())
		for _, ed := range q.eds {
			q.set(ed, sp.String(), a.missedCell(ed, rule, func(g *gameCounts) int64 { return g.bySpeed[sp] },
				func(t *ruleTally) (int64, int64) { return t.missedBySpeed[sp], t.missedRowsBySpeed[sp] }))
		}
	}
	return q
}

func (a *Aggregate) missedByBand(rule string) *question {
	q := a.gamesQuestion(fmt.Sprintf("missed-%s-elo", rule), fmt.Sprintf("Games with a missed %s claim per 1,000 games, by Elo band (average of both ratings)", rule), "Elo band")
	q.Count, q.RowsHead = "games with a miss", "missed claims (per claimant)"
	if !a.gamesByRows {
		q.scale, q.Note = countsOnly, noteNeedGames
	}
	bands := map[int32]bool{}
	for _, ed := range q.eds {
		if t := a.rules[ruleKey{ed, rule}]; t != nil && t.group == groupClaim {
			for b := range t.missedByBand {
				bands[b] = true
			}
		}
		if g := a.games[ed]; g != nil && a.gamesByRows {
			for b := range g.byBand {
				bands[b] = true
			}
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
		q.cats = append(q.cats, eloLabel(b))
		for _, ed := range q.eds {
			q.set(ed, eloLabel(b), a.missedCell(ed, rule, func(g *gameCounts) int64 { return g.byBand[b] },
				func(t *ruleTally) (int64, int64) { return t.missedByBand[b], t.missedRowsByBand[b] }))
		}
	}
	return q
}

// missedCell is edition ed's cell for rule's missed claims in one category: games(g) games of
// the category, of which missed(t) had a miss (and the claimants' rows); a rule that is not a
// claim, or was never tallied, is absent.
func (a *Aggregate) missedCell(ed, rule string, games func(*gameCounts) int64, missed func(*ruleTally) (int64, int64)) cell {
	t, g := a.rules[ruleKey{ed, rule}], a.games[ed]
	var n, k, rows int64
	if g != nil {
		n = games(g)
	}
	claim := t != nil && t.group == groupClaim
	if claim {
		k, rows = missed(t)
	}
	return cell{pr: wilson(k, n), rows: rows, absent: !claim}
}

// fateLabels are the categories of a fates question, in order.
var fateLabels = []string{"drawn by a later claim", "played on and lost", "played on and won", "otherwise"}

// fates asks what followed the missed claims of a rule: a draw by a later
// claim (the game's ended_by), or the game played on and lost or won by the
// claimant (claimant_outcome), as shares of the missed claims.
func (a *Aggregate) fates(rule string) *question {
	q := &question{ID: "fate-" + rule, Title: fmt.Sprintf("What followed a missed %s claim, per cent of missed claims", rule),
		Category: "what followed", Sample: "missed claims", Count: "claims", scale: perCent, eds: a.editions(), cats: fateLabels,
		Note: "Drawn by a later claim: the game ended by a claim (ended_by = claim). Played on: the claimant then lost or won " +
			"(claimant_outcome). Otherwise: agreed, on time, a board ending, unfinished, or a findings file written before findings carried ended_by."}
	for _, ed := range q.eds {
		t := a.rules[ruleKey{ed, rule}]
		if t == nil || t.group != groupClaim {
			for _, c := range fateLabels {
				q.set(ed, c, cell{absent: true})
			}
			continue
		}
		ks := []int64{t.laterClaim, t.lost, t.decided - t.lost, t.missedRows - t.laterClaim - t.decided}
		for i, c := range fateLabels {
			q.set(ed, c, cell{pr: wilson(ks[i], t.missedRows)})
		}
	}
	return q
}

// byRule asks, for each rule of group g, how many games per 1,000 pick counts.
func (a *Aggregate) byRule(id, title, note string, rules []string, g group, pick func(*ruleTally) int64) *question {
	q := a.gamesQuestion(id, title, "rule")
	if q.Note == "" {
		q.Note = note
	} else {
		q.Note = note + " " + q.Note
	}
	q.cats = rules
	for _, rule := range rules {
		for _, ed := range q.eds {
			var n, k int64
			if gc := a.games[ed]; gc != nil {
				n = gc.total
			}
			t := a.rules[ruleKey{ed, rule}]
			if t != nil && t.group == g {
				k = pick(t)
			}
			// A rule of another kind under this edition (fifty_move is a claim but under
			// lichess) is not asked; a rule without rows is, as 0, when games are known.
			absent := (t != nil && t.group != g) || (t == nil && q.scale == countsOnly)
			q.set(ed, rule, cell{pr: wilson(k, n), absent: absent})
		}
	}
	return q
}

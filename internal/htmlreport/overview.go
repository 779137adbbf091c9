package htmlreport

import (
	"fmt"
	"slices"
)

// overview is the first thing the page shows: the games judged, the findings
// by rule and edition in one table, the share of games affected, and the
// three numbers a researcher quotes, each edition in a column.
type overview struct {
	Editions []string
	Games    []string    // games judged, per edition
	Affected []quoteCell // games with a missed claim, an unapplied ending or a contradicted result
	Rules    []overviewRow
	Quotes   []quoteRow
}

// overviewRow is one rule's findings under each edition.
type overviewRow struct {
	Rule  string
	Cells []string
}

// quoteRow is one of the numbers a researcher quotes, per edition.
type quoteRow struct {
	What  string
	Cells []quoteCell
}

// quoteCell is a rate with its interval and sample, or why there is none.
type quoteCell struct {
	Text string
	Few  bool // greyed: too few games
}

func (a *Aggregate) overview() overview {
	o := overview{Editions: a.editions()}
	known := a.speedCountsKnown()
	quoted := a.chess.quoted()
	threefold := quoteRow{What: "Games with a missed " + quoted + " claim, per 1,000 games"}
	lost := quoteRow{What: "Missed draw claims whose claimant then lost, per cent"}
	differs := quoteRow{What: "Games whose recorded result the board contradicts, per 1,000 games"}
	for _, ed := range o.Editions {
		g := a.games[ed]
		if g == nil {
			g = &gameCounts{}
		}
		if known {
			o.Games = append(o.Games, count(g.total))
		} else {
			o.Games = append(o.Games, "unknown")
		}
		o.Affected = append(o.Affected, gamesRate(g.affected, g.total, known, perCent))
		var k int64
		if t := a.rules[ruleKey{ed, quoted}]; t != nil && t.group == groupClaim {
			k = t.missedGames
		}
		threefold.Cells = append(threefold.Cells, gamesRate(k, g.total, known, perThousand))
		var missed, lostN int64
		for _, rule := range a.chess.Claims {
			if t := a.rules[ruleKey{ed, rule}]; t != nil && t.group == groupClaim {
				missed, lostN = missed+t.missedRows, lostN+t.lost
			}
		}
		lost.Cells = append(lost.Cells, claimsRate(lostN, missed))
		differs.Cells = append(differs.Cells, gamesRate(g.differs, g.total, known, perThousand))
	}
	o.Quotes = []quoteRow{threefold, lost, differs}
	o.Rules = a.ruleRows(o.Editions)
	return o
}

// ruleRows returns, for every rule with findings, its findings rows and the
// games they fall in, per edition.
func (a *Aggregate) ruleRows(eds []string) []overviewRow {
	var order []string
	for k := range a.rules {
		if !slices.Contains(order, k.rule) {
			order = append(order, k.rule)
		}
	}
	a.chess.SortRules(order)
	var rows []overviewRow
	for _, rule := range order {
		r := overviewRow{Rule: rule}
		found := false
		for _, ed := range eds {
			t := a.rules[ruleKey{ed, rule}]
			if t == nil {
				r.Cells = append(r.Cells, "–")
				continue
			}
			found = true
			r.Cells = append(r.Cells, fmt.Sprintf("%d in %d games (%d missed)", t.rows, t.games, t.missedRows))
		}
		if found {
			rows = append(rows, r)
		}
	}
	return rows
}

// gamesRate writes k of n games as a rate with its interval and sample.
func gamesRate(k, n int64, known bool, s scale) quoteCell {
	if !known {
		return quoteCell{Text: fmt.Sprintf("%d games; rate needs --games", k)}
	}
	pr := wilson(k, n)
	if pr.tooFew() {
		return quoteCell{Text: fmt.Sprintf("too few games (%d of %d)", k, n), Few: true}
	}
	if s == perCent {
		return quoteCell{Text: fmt.Sprintf("%s, %d of %d games", pr.percent(), k, n)}
	}
	return quoteCell{Text: fmt.Sprintf("%s, %d of %d games", pr.per1000(), k, n)}
}

// claimsRate writes k of n missed claims in per cent with its interval.
func claimsRate(k, n int64) quoteCell {
	pr := wilson(k, n)
	if pr.tooFew() {
		return quoteCell{Text: fmt.Sprintf("too few claims (%d of %d)", k, n), Few: true}
	}
	return quoteCell{Text: fmt.Sprintf("%s, %d of %d claims", pr.percent(), k, n)}
}

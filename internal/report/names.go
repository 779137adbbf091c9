package report

import (
	"slices"
	"strings"
)

// Names is what report is told of the values in the rows, so that it restates none of the
// rules' facts: the orders a summary lists editions, rules and edition sources in, and which
// findings are draw claims. The pipeline fills it from the rules' own tables (scan.Names) and
// hands it to NewSummary and to the functions that read summaries back; report only compares
// these strings with the rows'. The zero Names lists everything by name and counts no claims.
type Names struct {
	Editions       []string // edition ids, in the order summaries list them; others follow by name
	Rules          []string // rule names, in the order summaries list them; others follow by name
	EditionSources []string // edition_source values, in the order summaries list them; others by name
	Claims         []string // the rules a player may claim (the draw claims), unless the kind is Automatic
	Automatic      string   // the kind of a finding that needs no claim (an automatic ending)
}

// IsClaim reports whether f is a draw claim by a player: a rule of n.Claims, of a kind other
// than n.Automatic (not an automatic ending, not a result check).
func (n *Names) IsClaim(f *Finding) bool {
	return f.Kind != n.Automatic && slices.Contains(n.Claims, f.Rule)
}

// MissedClaimFate tells what followed a missed claim, from the row's claimant_outcome and
// ended_by (their values are the contract's: cli-and-output.md).
func (n *Names) MissedClaimFate(f *Finding) Fate {
	switch {
	case !f.Missed || !n.IsClaim(f):
		return FateNone
	case f.EndedBy == "claim":
		return FateLaterClaim
	case f.ClaimantOutcome == "win" || f.ClaimantOutcome == "loss":
		return FateDecided
	}
	return FateOther
}

// SortEditions sorts edition ids in the order of n.Editions, others after them by name.
func (n *Names) SortEditions(ids []string) { orderBy(ids, n.Editions) }

// SortRules sorts rule names in the order of n.Rules, others after them by name.
func (n *Names) SortRules(rules []string) { orderBy(rules, n.Rules) }

// orderBy sorts list by each name's place in known, unknown names last by name.
func orderBy(list, known []string) {
	rank := func(n string) int {
		if i := slices.Index(known, n); i >= 0 {
			return i
		}
		return len(known)
	}
	slices.SortFunc(list, func(a, b string) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		return strings.Compare(a, b)
	})
}

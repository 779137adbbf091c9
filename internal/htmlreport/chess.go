package htmlreport

import (
	"slices"

	"github.com/pgnscan/pgnscan/internal/report"
)

// Chess is what the page is told of chess by its caller, taken from the rules' own tables
// (pgnscan's command fills it), so that the page restates none of it: the names it orders and
// groups rows by, and how to read a FEN's placement for a diagram.
type Chess struct {
	// Names orders the editions and rules (Names.Editions, Names.Rules) and tells the draw
	// claims (Names.IsClaim, Names.MissedClaimFate). The page asks its claim questions in the
	// order of Names.Claims, and the overview quotes the missed claims of the first.
	report.Names
	Endings    []string // the automatic endings, in the order the page shows them
	Unwinnable []string // the unwinnable losses and the refused agreements, in the order shown
	// Placement reads the placement of a findings row's FEN: the FEN letter of the piece on
	// each square (a1 = 0 … h8 = 63), 0 for an empty one. Its error is shown instead of the
	// diagram.
	Placement func(fen string) ([64]byte, error)
}

// group is what a finding counts towards on the researcher's side.
type group uint8

const (
	groupNone       group = iota // only the arbiter's section (checkmate, stalemate, unknown rules)
	groupClaim                   // a draw claim
	groupEnding                  // an automatic ending
	groupUnwinnable              // an unwinnable loss or an early agreement
)

// groupOf tells which tally a findings row belongs to, from its rule and kind.
func (c *Chess) groupOf(f *report.Finding) group {
	switch {
	case c.IsClaim(f):
		return groupClaim
	case slices.Contains(c.Endings, f.Rule):
		return groupEnding
	case slices.Contains(c.Unwinnable, f.Rule):
		return groupUnwinnable
	}
	return groupNone
}

// quoted returns the claim whose missed games the overview quotes (threefold), "" for none.
func (c *Chess) quoted() string {
	if len(c.Claims) == 0 {
		return ""
	}
	return c.Claims[0]
}

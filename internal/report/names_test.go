package report

import (
	"slices"
	"testing"
)

// testNames are the contract's orders and claims as cli-and-output.md and rules.md list them:
// the data the pipeline hands report (scan.Names, tested against these in package scan).
var testNames = Names{
	Editions: []string{"fide2009", "fide2014", "fide2017", "fide2023", "lichess"},
	Rules: []string{"threefold", "fifty_move", "fivefold", "seventyfive_move", "dead_position", "checkmate", "stalemate",
		"unwinnable_timeout", "unwinnable_resignation", "early_agreement"},
	EditionSources: []string{"flag", "date", "fallback"},
	Claims:         []string{"threefold", "fifty_move"},
	Automatic:      "automatic",
}

// The summary lists editions and rules in the order it is handed, others after by name; the
// zero Names lists them by name.
func TestNamesOrder(t *testing.T) {
	names := Names{Editions: []string{"zeta", "alpha"}, Rules: []string{"b_rule", "a_rule"}}
	for _, tc := range []struct {
		names        Names
		editions, ab []string
	}{
		{names, []string{"zeta", "alpha", "beta", "gamma"}, []string{"b_rule", "a_rule", "c_rule"}},
		{Names{}, []string{"alpha", "beta", "gamma", "zeta"}, []string{"a_rule", "b_rule", "c_rule"}},
	} {
		s := NewSummary(tc.names)
		for _, ed := range []string{"gamma", "alpha", "zeta", "beta"} {
			for _, r := range []string{"c_rule", "a_rule", "b_rule"} {
				s.AddFinding(&Finding{GameInfo: &GameInfo{Source: "x"}, Edition: ed, Rule: r})
			}
		}
		var eds []string
		for _, e := range s.Editions() {
			eds = append(eds, e.Edition)
			var rs []string
			for _, r := range e.Rules {
				rs = append(rs, r.Rule)
			}
			if !slices.Equal(rs, tc.ab) {
				t.Errorf("names %v: edition %s rules %v, want %v", tc.names, e.Edition, rs, tc.ab)
			}
		}
		if !slices.Equal(eds, tc.editions) {
			t.Errorf("names %v: editions %v, want %v", tc.names, eds, tc.editions)
		}
	}
}

// A claim is a rule of Names.Claims under a kind other than Automatic, and only claims have
// a fate: the zero Names counts none.
func TestNamesClaims(t *testing.T) {
	for _, tc := range []struct {
		rule, kind string
		claim      bool
	}{
		{"threefold", "on_board", true},
		{"fifty_move", "move_available", true},
		{"fifty_move", "automatic", false}, // lichess's automatic 50-move ending
		{"fivefold", "automatic", false},
		{"early_agreement", "agreement", false},
	} {
		f := &Finding{Rule: tc.rule, Kind: tc.kind, Missed: true, EndedBy: "claim"}
		if got := testNames.IsClaim(f); got != tc.claim {
			t.Errorf("IsClaim(%s, %s) = %v, want %v", tc.rule, tc.kind, got, tc.claim)
		}
		want := FateNone
		if tc.claim {
			want = FateLaterClaim
		}
		if got := testNames.MissedClaimFate(f); got != want {
			t.Errorf("MissedClaimFate(%s, %s) = %v, want %v", tc.rule, tc.kind, got, want)
		}
		if (&Names{}).IsClaim(f) {
			t.Errorf("zero Names: IsClaim(%s, %s)", tc.rule, tc.kind)
		}
	}
}

package scan

import (
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/rules"
)

// Names returns what package report is told of the rows' values, taken from the rules' own
// tables so that report restates none of them: editions in the edition table's order, rules
// in the order of the Rule constants (the contract's), edition sources in the order of the
// EditionSource constants, and the draw claims (threefold, fifty moves; a claim unless the
// kind is Automatic, as lichess's 50-move ending is). Every summary the scan, a shard or a
// reader of summaries makes is made with these.
func Names() report.Names {
	var n report.Names
	for _, e := range rules.Editions() {
		n.Editions = append(n.Editions, e.ID)
	}
	for _, r := range rules.Rules() {
		n.Rules = append(n.Rules, r.String())
	}
	for s := rules.SourceFlag; s <= rules.SourceFallback; s++ {
		n.EditionSources = append(n.EditionSources, s.String())
	}
	n.Claims = []string{rules.Threefold.String(), rules.FiftyMove.String()}
	n.Automatic = rules.Automatic.String()
	return n
}

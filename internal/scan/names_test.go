package scan

import (
	"reflect"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
)

// Names gives report the contract's orders (cli-and-output.md's rule column, rules.md's
// editions, edition_source's values) and its draw claims (rules.md 4.2), written out here
// from the specs.
func TestNames(t *testing.T) {
	want := report.Names{
		Editions: []string{"fide2009", "fide2014", "fide2017", "fide2023", "lichess"},
		Rules: []string{"threefold", "fifty_move", "fivefold", "seventyfive_move", "dead_position", "checkmate", "stalemate",
			"unwinnable_timeout", "unwinnable_resignation", "early_agreement"},
		EditionSources: []string{"flag", "date", "fallback"},
		Claims:         []string{"threefold", "fifty_move"},
		Automatic:      "automatic",
	}
	if got := Names(); !reflect.DeepEqual(got, want) {
		t.Errorf("Names() = %+v\nwant %+v", got, want)
	}
}

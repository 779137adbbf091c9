package htmlreport

import (
	"fmt"

	"github.com/notnil/chess"
	"github.com/pgnscan/pgnscan/internal/report"
)

// testChess is what pgnscan tells the page (internal/scanpage Chess, tested against
// it there), written out from the specs: the contract's orders, the draw claims of rules.md
// 4.2, the endings of rules.md 4.3 and the unwinnable findings of rules.md 7.3 and 8 in the
// page's order; placements read by notnil/chess, an independent reader of FEN.
var testChess = Chess{
	Names: report.Names{
		Editions: []string{"fide2009", "fide2014", "fide2017", "fide2023", "lichess"},
		Rules: []string{"threefold", "fifty_move", "fivefold", "seventyfive_move", "dead_position", "checkmate", "stalemate",
			"unwinnable_timeout", "unwinnable_resignation", "early_agreement"},
		EditionSources: []string{"flag", "date", "fallback"},
		Claims:         []string{"threefold", "fifty_move"},
		Automatic:      "automatic",
	},
	Endings:    []string{"fivefold", "seventyfive_move", "fifty_move", "dead_position"},
	Unwinnable: []string{"unwinnable_timeout", "unwinnable_resignation", "early_agreement"},
	Placement:  notnilPlacement,
}

// notnilPlacement reads a FEN's placement with notnil/chess.
func notnilPlacement(fen string) (p [64]byte, err error) {
	defer func() { // notnil panics on some malformed placements
		if r := recover(); r != nil {
			err = fmt.Errorf("notnil: %v", r)
		}
	}()
	opt, err := chess.FEN(fen)
	if err != nil {
		return p, err
	}
	for sq, pc := range chess.NewGame(opt).Position().Board().SquareMap() {
		letter := pc.Type().String()[0]
		if pc.Color() == chess.White {
			letter -= 'a' - 'A'
		}
		p[int(sq)] = letter
	}
	return p, nil
}

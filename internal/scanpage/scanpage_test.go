package scanpage

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/notnil/chess"
)

// The page is told the automatic endings of rules.md 4.3 (fivefold, 75 moves, lichess's 50
// moves, dead position) and the unwinnable findings of rules.md 7.3 and 8, in the page's order.
func TestPageChess(t *testing.T) {
	c := Chess()
	if want := []string{"fivefold", "seventyfive_move", "fifty_move", "dead_position"}; !slices.Equal(c.Endings, want) {
		t.Errorf("Endings = %v, want %v", c.Endings, want)
	}
	if want := []string{"unwinnable_timeout", "unwinnable_resignation", "early_agreement"}; !slices.Equal(c.Unwinnable, want) {
		t.Errorf("Unwinnable = %v, want %v", c.Unwinnable, want)
	}
}

// placement reads the placement of the positions of random games as notnil/chess does, and
// refuses malformed FENs.
func TestPlacementAgainstNotnil(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 17))
	positions := 0
	for g := 0; g < 20; g++ {
		game := chess.NewGame()
		for ply := 0; ply < 120 && game.Outcome() == chess.NoOutcome; ply++ {
			moves := game.ValidMoves()
			if err := game.Move(moves[r.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
			fen := game.Position().String()
			got, err := placement(fen)
			if err != nil {
				t.Fatalf("%s: %v", fen, err)
			}
			var want [64]byte
			for sq, p := range game.Position().Board().SquareMap() {
				letter := p.Type().String()
				if p.Color() == chess.White {
					letter = strings.ToUpper(letter)
				}
				want[int(sq)] = letter[0]
			}
			if got != want {
				t.Fatalf("%s: placement %q, want %q", fen, got, want)
			}
			positions++
		}
	}
	if positions < 1000 {
		t.Fatalf("only %d positions read", positions)
	}
	for _, fen := range []string{
		"", "8/8/8/8/8/8/8 w - - 0 1", "8/8/8/8/8/8/8/8/8 w - - 0 1", "9/8/8/8/8/8/8/8 w - - 0 1",
		"7/8/8/8/8/8/8/8 w - - 0 1", "ppppppppp/8/8/8/8/8/8/8 w - - 0 1", "8/8/8/8/8/8/8/7x w - - 0 1",
		"<script>/8/8/8/8/8/8/8 w - - 0 1",
	} {
		if _, err := placement(fen); err == nil {
			t.Errorf("placement(%q) accepted it", fen)
		}
	}
}

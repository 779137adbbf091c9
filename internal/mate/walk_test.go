package mate

import (
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// TestWalkTable: a white pawn wall on a4-g4 leaves White's king one way north, through h4.
// Worked by hand: a1 to h4 is 7 king steps below the wall, h4 to a8 7 above it, 14 in all
// (straight: 7); squares off the wall keep their straight distance, and so does a pawn's
// square, which no walk reaches.
func TestWalkTable(t *testing.T) {
	p, err := board.FromFEN("k7/8/8/8/PPPPPPP1/8/8/K7 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var w walkTable
	w.fill(&p, board.White)
	a1, a8, b1, a4, h8 := board.Square(0), board.Square(56), board.Square(1), board.Square(24), board.Square(63)
	for _, c := range []struct {
		from, to board.Square
		want     int8
	}{{a1, a8, 14}, {a8, a1, 14}, {a1, b1, 1}, {a1, a4, 3}, {a8, h8, 7}} {
		if got := w[c.from][c.to]; got != c.want {
			t.Errorf("walk %v→%v = %d, want %d", c.from, c.to, got, c.want)
		}
	}
	// Black's pawns bar the squares they attack: with a black pawn on h5 (attacking g4, a
	// white pawn's square already) and one on g5 (attacking h4), the way through h4 is shut.
	p, err = board.FromFEN("k7/8/8/6pp/PPPPPPP1/8/8/K7 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	w.fill(&p, board.White)
	if got := w[a1][a8]; got != 7 {
		t.Errorf("walled off: walk a1→a8 = %d, want the straight 7", got)
	}
}

package mate

import (
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// TestOrderOpening checks the loser's order in the opening searches on a position worked by
// hand: 4k3/8/8/3p4/8/4P3/7R/n3K3 b, White the side asked. d5-d4 walks into the e3-pawn's
// capture (first), Na1-c2 is given up to the h2-rook (second), then the king's moves toward
// a corner (f8, f7: corner distance 3 → 2) before those that keep it (d8, d7, e7), and Na1-b3,
// which gives nothing, last. Outside the opening searches the king's moves come first.
func TestOrderOpening(t *testing.T) {
	p := mustFEN(t, "4k3/8/8/3p4/8/4P3/7R/n3K3 b - - 0 1")
	d := NewDecider(0)
	d.side, d.loser = board.White, board.Black
	order := func(open bool, n int) []string {
		d.open = open
		f := &d.frames[0]
		f.pos = p
		p.LegalMoves(&f.moves)
		d.order(f, board.Black, p.KingSquare(board.Black), n)
		var got []string
		for _, m := range f.moves.Slice() {
			got = append(got, m.String())
		}
		return got
	}
	for _, n := range []int{2, 8} {
		got := order(true, n)
		if got[0] != "d5d4" || got[1] != "a1c2" {
			t.Errorf("open, best %d: %v, want d5d4 then a1c2 first", n, got)
		}
		if n == 8 {
			kings := map[string]bool{got[2]: true, got[3]: true}
			if !kings["e8f8"] || !kings["e8f7"] || got[7] != "a1b3" {
				t.Errorf("open, all: %v, want e8f8 and e8f7 third and fourth, a1b3 last", got)
			}
		}
	}
	if got := order(false, 1); got[0] != "e8f8" && got[0] != "e8f7" {
		t.Errorf("not open: %v, want a king move toward a corner first", got)
	}
}

package mate

import (
	"math/rand/v2"
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// TestMayCheck plays every legal move of positions from labelled-dev.txt and the positions of
// random playouts from them, and wants mayCheck true for every move that gives check (it may
// say true for others too: it is a filter, and mateInOne plays what it lets through). It also
// wants the filter to reject most quiet moves, or it would filter nothing.
func TestMayCheck(t *testing.T) {
	lines := readUnwinnable(t, "labelled-dev.txt", 1)
	rng := rand.New(rand.NewPCG(13, 1))
	var moves board.MoveList
	var checks, rejected, total int
	for _, l := range lines {
		p := l.pos
		for range 40 {
			c := newChecks(&p, p.Turn(), p.KingSquare(p.Turn().Other()))
			p.LegalMoves(&moves)
			if moves.N == 0 {
				break
			}
			for _, m := range moves.Slice() {
				q := p
				q.Play(m)
				total++
				switch may := c.mayCheck(m); {
				case q.InCheck() && !may:
					t.Fatalf("%s: %v gives check, mayCheck says no", p.FEN(), m)
				case q.InCheck():
					checks++
				case !may:
					rejected++
				}
			}
			p.Play(moves.Moves[rng.IntN(moves.N)])
		}
	}
	if checks < 1000 || rejected < total/2 {
		t.Errorf("%d moves, %d checks, %d rejected: the filter is vacuous or the sample has no checks", total, checks, rejected)
	}
	t.Logf("%d moves, %d checks, %d rejected by mayCheck", total, checks, rejected)
}

// TestPlanEndsExhaustive: the plan's last step is an exhaustive search with the rest of the
// budget (the only way a search answers No), and each mate search limits both sides (a width
// of 0, all moves, would make a narrow step as dear as the old full-width search; the pattern
// step has no widths, and comes once: it searches the same way each time; the playout step's
// searches have their own, playoutSearch's 2 × 1).
func TestPlanEndsExhaustive(t *testing.T) {
	last := plan[len(plan)-1]
	if !last.exhaustive {
		t.Errorf("the plan's last step %+v is not an exhaustive search", last)
	}
	patterns := 0
	for i, ph := range plan {
		if ph.pattern {
			patterns++
		}
		if !ph.exhaustive && !ph.pattern && !ph.playout && (ph.sideWidth <= 0 || ph.loserWidth <= 0) {
			t.Errorf("step %d %+v: a mate search with no width limit", i, ph)
		}
	}
	if patterns != 1 {
		t.Errorf("%d pattern steps, want 1 (a second one repeats the same search)", patterns)
	}
}

package mate

import (
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// TestExhaustResumes: an exhaustive search cut short by its limit and called again resumes
// where it stopped: in steps of a third of the nodes a single search needs, it completes with
// the same No and the same count of positions (one that started over would spend each step
// again from the root and never complete). The position is from
// lichess-unfair-timeouts-dev.txt (line 7819): White's bishop and blocked pawns cannot mate.
func TestExhaustResumes(t *testing.T) {
	p := mustFEN(t, "7k/6pP/4K1P1/4b3/4B3/8/8/8 b - - 8 63")
	d := NewDecider(0)
	start := func() {
		d.side, d.loser = board.White, board.Black
		d.nodes, d.reach.at = 0, 0
	}
	start()
	d.limit = 1 << 30
	if i, complete := d.exhaust(&p); i >= 0 || !complete {
		t.Fatalf("one search: mate %d, complete %v; want no mate, complete", i, complete)
	}
	whole := d.nodes
	if whole < 100 {
		t.Fatalf("one search visits %d positions: too few to cut in steps", whole)
	}
	start()
	step := whole / 3
	for calls := 1; ; calls++ {
		d.limit, d.out = d.nodes+step, false
		i, complete := d.exhaust(&p)
		if i >= 0 {
			t.Fatalf("call %d: a mate at %d", calls, i)
		}
		if complete {
			if d.nodes != whole || calls < 3 {
				t.Errorf("resumed: complete after %d calls and %d positions; one search: %d", calls, d.nodes, whole)
			}
			break
		}
		if calls > 5 {
			t.Fatalf("after %d calls of %d positions still not complete (%d in all; one search %d)", calls, step, d.nodes, whole)
		}
	}
}

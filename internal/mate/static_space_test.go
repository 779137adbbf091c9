package mate

import (
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// The cross-check's sample: every spaceStride-th king placement, helpmates of spacePlies plies.
const spaceStride, spacePlies = 13, 3

// spaceNo is the small-space proof with a memory of its own.
func spaceNo(p *board.Position, side board.Color) bool {
	var s space
	return s.no(p, side, false, nil)
}

// TestSpaceHandWorked: the two positions of issue 23 that no other cheap layer proved, worked by
// hand, and a control that mates.
func TestSpaceHandWorked(t *testing.T) {
	d := NewDecider(0)
	for _, c := range []struct {
		name, fen string
		side      board.Color
		want      Answer
	}{
		// Black (who did not flag) has no legal move: its king on d8 has c7 and e7 guarded by
		// the pawn on d6, c8 and e8 by the pawn on d7, which the king on e6 and the bishop on
		// b5 (through c6) both guard; h3 is blocked by h2 and g2 is empty. One White move
		// moves the king or the bishop, not both, so d7 stays guarded, and no White man
		// reaches g2 in one move (b5 shares no line with g2): after every White move Black
		// still has no legal move, and a line that ends so holds no mate by Black.
		{"frozen side, every reply stalemates", "3k4/3P4/3PK3/1B6/8/7p/7P/8 w - - 1 60", board.Black, No},
		// White did not flag. Black's only legal move is g4-g3: the king on e8 has d8 and f8
		// guarded by e7, and e7 guarded by d6 and f6; a5, d7 and f7 are blocked; g4 takes
		// nothing. After g3 Black's pawns are all blocked and take nothing (f2, h2 empty; no
		// White man but the king, which is never taken, can stand there), so after every White
		// move Black has no legal move again, and is not in check (no White man can attack
		// e8): a stalemate, so no line goes on to a mate by White.
		{"one forced move, then stalemate", "4k3/3pPp2/3P1P2/p2P3P/P4Kp1/8/6P1/8 b - - 1 43", board.White, No},
		// Control: White mates (1...h5 2.Kg6 h4 3.Ra1 h3 4.Ra8#). Black has two moves, White a
		// free rook, so the proof starts, but the space it visits grows until it gives up.
		{"control: the rook mates", "7k/7p/5K2/8/8/8/8/6R1 b - - 0 1", board.White, Unknown},
	} {
		p := mustPosition(t, c.fen)
		if got := spaceNo(&p, c.side); got != (c.want == No) {
			t.Errorf("%s: %s: spaceNo(%v) = %v", c.name, c.fen, c.side, got)
		}
		if r := d.Quick(&p, c.side); r.Answer != c.want {
			t.Errorf("%s: %s: Quick(%v) = %v, want %v", c.name, c.fen, c.side, r.Answer, c.want)
		}
		r := d.CanMate(&p, c.side)
		checkResult(t, c.fen, &p, c.side, r)
		if want := map[Answer]Answer{No: No, Unknown: Yes}[c.want]; r.Answer != want {
			t.Errorf("%s: %s: CanMate(%v) = %v, want %v", c.name, c.fen, c.side, r.Answer, want)
		}
	}
}

// spaceOnly reports whether the small-space proof is the only cheap layer that proves side
// unable to mate from p: the material, the static argument, the tempo proof and the one-ply
// step (after the forced moves) leave it open.
func spaceOnly(d *Decider, p *board.Position, side board.Color) bool {
	root := *p
	if _, done := d.cheapLayers(&root, side); done {
		return false
	}
	return !d.tempo.no(&root, side) && !d.everyReplyNo(&root) && spaceNo(&root, side)
}

// TestSpaceAgainstSearch cross-checks the proof against independent searches on small positions
// around the ones it was written for: the unfair timeouts that only it proves, with their kings
// put on every pair of empty squares (either side to move, every spaceStride-th placement).
// Wherever the proof answers No, a brute-force helpmate search of spacePlies plies and the
// decider's own searches (20,000 nodes) must find no mate; and the placements must include
// some that the proof does not prove, so that the check could catch a proof that says No too
// often.
func TestSpaceAgainstSearch(t *testing.T) {
	lines := readUnwinnable(t, "lichess-unfair-timeouts-dev.txt", 1)
	d, search := NewDecider(0), NewDecider(20_000)
	roots, n, proved := 0, 0, 0
	for _, l := range lines {
		side := l.pos.Turn().Other()
		if !spaceOnly(d, &l.pos, side) {
			continue
		}
		roots++
		eachKingPlacement(&l.pos, func(s *board.Setup) {
			if n++; n%spaceStride != 0 {
				return
			}
			q, err := s.Position()
			if err != nil || !spaceNo(&q, side) {
				return
			}
			proved++
			if helpmateWithin(&q, side, spacePlies) {
				t.Errorf("line %d moved to %s: spaceNo(%v) but it mates within %d plies", l.lineNo, q.FEN(), side, spacePlies)
			}
			if line, ok := searchMate(search, &q, side); ok {
				t.Errorf("line %d moved to %s: spaceNo(%v) but %v mates", l.lineNo, q.FEN(), side, line)
			}
		})
	}
	t.Logf("%d positions only the proof proves; %d placements tried, %d proved No, none mates", roots, n/spaceStride, proved)
	if roots == 0 || proved == 0 || proved == n/spaceStride {
		t.Errorf("the cross-check proves nothing: %d roots, %d of %d placements proved", roots, proved, n/spaceStride)
	}
}

// FuzzSpace: on any position, where the proof says side cannot mate, a brute-force helpmate
// search of three plies finds no mate either.
func FuzzSpace(f *testing.F) {
	for _, fen := range []string{
		"3k4/3P4/3PK3/1B6/8/7p/7P/8 w - - 1 60",
		"4k3/3pPp2/3P1P2/p2P3P/P4Kp1/8/6P1/8 b - - 1 43",
		"7k/7p/5K2/8/8/8/8/6R1 b - - 0 1",
		"4q2k/7p/6pK/6P1/8/8/8/3q4 b - - 0 67",
		"8/8/8/8/8/7p/5KR1/7k b - - 0 57",
		"5Qnk/7P/7K/8/8/8/8/8 w - - 1 62",
	} {
		f.Add(fen)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := board.FromFEN(fen)
		if err != nil {
			return
		}
		for side := board.White; side <= board.Black; side++ {
			if spaceNo(&p, side) && helpmateWithin(&p, side, 3) {
				t.Fatalf("%s: spaceNo(%v) but it mates within 3 plies", fen, side)
			}
		}
	})
}

// TestFreeChildStopsTheProof: wherever freeChild finds a child that stops the proof, the proof
// run in full (visit) answers false too, on the shortcut positions; and freeChild finds one on
// some of them, so the check can fail.
func TestFreeChildStopsTheProof(t *testing.T) {
	var s space
	found := 0
	for _, p := range shortcutPositions(t) {
		for side := board.White; side <= board.Black; side++ {
			if !freeChild(&p, side, nil) {
				continue
			}
			found++
			if s.visit(&p, side) {
				t.Errorf("%s: freeChild(%v), but the whole proof answers no", p.FEN(), side)
			}
		}
	}
	t.Logf("freeChild true on %d questions", found)
	if found == 0 {
		t.Error("freeChild never found a child: the check proves nothing")
	}
}

package mate

import (
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// shortcutPositions returns the positions the shortcuts of Quick and lockedPawns are checked
// on: every position of the three files of ../shared/unwinnable, the final positions of the
// lichess excerpt, and every position one legal move from a labelled one (which brings
// checks, pins and captures the files alone have few of).
func shortcutPositions(t *testing.T) []board.Position {
	t.Helper()
	var out []board.Position
	labelled, _ := unwinnableFile(t, "labelled-dev.txt", true)
	var moves board.MoveList
	for _, lp := range labelled {
		out = append(out, lp.pos)
		lp.pos.LegalMoves(&moves)
		for _, m := range moves.Slice() {
			c := lp.pos
			c.Play(m)
			out = append(out, c)
		}
	}
	for _, name := range []string{"lichess-unfair-timeouts-dev.txt", "lichess-timeouts-15k-dev.txt"} {
		ps, _ := unwinnableFile(t, name, false)
		for _, lp := range ps {
			out = append(out, lp.pos)
		}
	}
	finals, _ := finalPositions(t, "lichess-2025-05-excerpt.pgn")
	return append(out, finals...)
}

// TestManyMovesHandWorked: manyMoves counts only moves that are legal whatever pins, on
// positions whose moves are counted by hand.
func TestManyMovesHandWorked(t *testing.T) {
	for _, c := range []struct {
		name, fen string
		want      bool
	}{
		// The rook on a1: a2-a8 and b1-d1, 10 moves; no enemy rook or queen, so no rank or
		// file through the king can pin it.
		{"free rook", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", true},
		// The bishop on e2 attacks 9 squares (d1, f1, d3-a6, f3-h5) but is pinned by the rook
		// on e8: White has only the king's 4 moves (d1, d2, f1, f2).
		{"pinned bishop", "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1", false},
		// The queen on d2 attacks 15 squares but is pinned by the bishop on a5 (diagonal
		// a5-e1): it has c3, b4 and xa5, the king d1, e2, f1 and f2, 7 moves in all.
		{"pinned queen", "6k1/8/8/b7/8/8/3Q4/4K3 w - - 0 1", false},
		// With the bishop on h6 (on no diagonal through e1) a knight on d2 and a rook on h1
		// are free: b1, b3, c4, e4, f3, f1 and g1, f1, h2-h6, 13 counted.
		{"free knight and rook", "6k1/8/7b/8/8/8/3N4/4K2R w - - 0 1", true},
		// Eight pawn pushes on the second rank and a knight on g1 with f3 and h3: 10.
		{"pawns and a knight", "k7/8/8/8/8/8/PPPPPPPP/4K1N1 w - - 0 1", true},
		// Every pawn blocked, its captures all onto the third rank: the union of the capture
		// squares is 8 squares, not more (the 14 captures are counted as 8).
		{"blocked pawns", "k7/8/8/8/8/pppppppp/PPPPPPPP/4K3 w - - 0 1", false},
		// In check: nothing is counted.
		{"in check", "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", false},
	} {
		p := mustPosition(t, c.fen)
		if got := manyMoves(&p); got != c.want {
			t.Errorf("%s: %s: manyMoves %v, want %v", c.name, c.fen, got, c.want)
		}
		var moves board.MoveList
		p.LegalMoves(&moves)
		if manyMoves(&p) && moves.N <= maxReplies {
			t.Errorf("%s: %s: manyMoves, but %d legal moves", c.name, c.fen, moves.N)
		}
	}
}

// TestQuickShortcutsAgree: on every position of shortcutPositions, manyMoves is true only
// where the side to move has more than maxReplies legal moves, Quick answers as its layers do
// without the shortcuts (manyMoves and kingOpen, each taken on some positions), and lockedPawns (with dropCheaply's first drops) returns the same set
// and reaches as its loop run from every head-on pawn.
func TestQuickShortcutsAgree(t *testing.T) {
	d := NewDecider(0)
	var moves board.MoveList
	many, open, dropped := 0, 0, 0
	for _, p := range shortcutPositions(t) {
		fen := p.FEN()
		var step board.Position
		if !manyMoves(&p) && (kingOpen(&p, board.White, &step) || kingOpen(&p, board.Black, &step)) {
			open++
		}
		if manyMoves(&p) {
			many++
			if p.LegalMoves(&moves); moves.N <= maxReplies {
				t.Errorf("%s: manyMoves, but %d legal moves", fen, moves.N)
			}
		}
		for side := board.White; side <= board.Black; side++ {
			fast, slow := d.Quick(&p, side), d.quickLayers(&p, side)
			if fast.Answer != slow.Answer || fast.Proof != slow.Proof {
				t.Errorf("%s: Quick(%v) = %v/%v, its layers %v/%v", fen, side, fast.Answer, fast.Proof, slow.Answer, slow.Proof)
			}
		}
		start := headOn(&p)
		got, gotR := lockedPawns(&p)
		want, wantR := lockedFrom(&p, start)
		if got != want || gotR != wantR {
			t.Errorf("%s: lockedPawns %#x, from every head-on pawn %#x (or the reaches differ)", fen, got, want)
		}
		if start != 0 && dropCheaply(&p, start) != start {
			dropped++
		}
	}
	t.Logf("manyMoves true on %d positions; kingOpen alone on %d; dropCheaply dropped pawns on %d", many, open, dropped)
	if many == 0 || open == 0 || dropped == 0 {
		t.Errorf("the shortcuts were never taken: the check proves nothing")
	}
}

// FuzzManyMoves: on any position, manyMoves is true only when the side to move has more than
// maxReplies legal moves.
func FuzzManyMoves(f *testing.F) {
	for _, fen := range []string{
		"4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
		"4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1",
		"6k1/8/8/b7/8/8/3Q4/4K3 w - - 0 1",
		"k7/8/8/8/8/pppppppp/PPPPPPPP/4K3 w - - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	} {
		f.Add(fen)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := board.FromFEN(fen)
		if err != nil || !manyMoves(&p) {
			return
		}
		var moves board.MoveList
		if p.LegalMoves(&moves); moves.N <= maxReplies {
			t.Fatalf("%s: manyMoves, but %d legal moves", fen, moves.N)
		}
	})
}

// FuzzQuickShortcuts: on any position, Quick (with the manyMoves and kingOpen shortcuts)
// answers as its layers do without them, for both sides.
func FuzzQuickShortcuts(f *testing.F) {
	for _, fen := range []string{
		"4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
		"8/8/4k3/8/8/8/3q4/4K3 w - - 0 1",
		"1k6/1P5p/BP3p2/1P6/8/6K1/5P1P/8 w - - 0 1",
		"k7/2Q5/3Q4/1p6/8/KP6/P1P5/8 b - - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	} {
		f.Add(fen)
	}
	d := NewDecider(0)
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := board.FromFEN(fen)
		if err != nil {
			return
		}
		for side := board.White; side <= board.Black; side++ {
			fast, slow := d.Quick(&p, side), d.quickLayers(&p, side)
			if fast.Answer != slow.Answer || fast.Proof != slow.Proof {
				t.Fatalf("%s: Quick(%v) = %v/%v, its layers %v/%v", fen, side, fast.Answer, fast.Proof, slow.Answer, slow.Proof)
			}
		}
	})
}

package mate

import (
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

func mustFEN(t *testing.T, fen string) board.Position {
	t.Helper()
	p, err := board.FromFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// TestMaterialRules checks materialNo on positions worked by hand against its three rules and
// the material that breaks each.
func TestMaterialRules(t *testing.T) {
	cases := []struct {
		fen          string
		white, black bool // materialNo for each side
	}{
		{"8/8/8/4k3/8/8/8/4K3 w - - 0 1", true, true},          // kings only: rule 1 both ways
		{"8/8/8/4k3/8/8/8/4KN2 w - - 0 1", true, true},         // K+N v K
		{"8/8/8/4k3/8/8/8/4KB2 b - - 0 1", true, true},         // K+B v K
		{"8/8/8/4k3/8/8/3q4/4KN2 w - - 0 1", true, false},      // K+N v K+Q: rule 2
		{"8/8/3q4/4k3/8/8/3q4/4KN2 w - - 0 1", true, false},    // K+N v K+Q+Q: rule 2
		{"8/8/8/4k3/8/8/3r4/4KN2 w - - 0 1", false, false},     // K+N v K+R mates (rook blocks)
		{"8/8/8/4k3/8/8/3p4/4KN2 w - - 0 1", false, false},     // a loser's pawn can promote
		{"8/8/8/4k3/8/8/3n4/4KN2 w - - 0 1", false, false},     // K+N v K+N
		{"8/8/8/4k3/8/8/8/3NKN2 w - - 0 1", false, true},       // K+N+N v K
		{"8/8/8/4k3/8/8/3r4/4KB2 w - - 0 1", true, false},      // K+B v K+R: rule 3
		{"8/8/2q5/4k3/8/8/3r4/3BKB2 w - - 0 1", true, false},   // two light bishops v K+Q+R
		{"8/8/2q5/4k3/8/8/3r4/2B1KB2 w - - 0 1", false, false}, // bishops on both colours
		{"8/8/8/4k3/8/8/3n4/4KB2 w - - 0 1", false, false},     // K+B v K+N: each blocks the other
		{"8/8/8/4k3/8/4b3/8/4KB2 w - - 0 1", false, false},     // bishops on both colours (e3 dark, f1 light)
		{"8/8/8/4k3/8/3b4/8/4KB2 w - - 0 1", true, true},       // bishops on one colour (d3, f1 light)
		{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", false, true},       // a pawn promotes
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		if got := materialNo(&p, board.White); got != c.white {
			t.Errorf("%s: materialNo(white) = %v, want %v", c.fen, got, c.white)
		}
		if got := materialNo(&p, board.Black); got != c.black {
			t.Errorf("%s: materialNo(black) = %v, want %v", c.fen, got, c.black)
		}
	}
}

// countMates counts the checkmates of Black by White among the positions with White's king,
// Black's king on a square of the a1-d4 quarter (the others follow by reflection), White's
// piece w checking it, and one Black piece b, with Black to move. It needs no search: a
// checkmate is a single position, and board's move generator says whether it is one.
func countMates(t *testing.T, w, b board.Role) int {
	t.Helper()
	mates := 0
	for k := board.Square(0); k < 64; k++ {
		if k.File() > 3 || k.Rank() > 3 {
			continue
		}
		for ws := board.Square(0); ws < 64; ws++ {
			if ws == k || board.Attacks(board.White, w, ws, 1<<uint(k))&(1<<uint(k)) == 0 {
				continue
			}
			for wk := board.Square(0); wk < 64; wk++ {
				if wk == k || wk == ws || distance(wk, k) < 2 {
					continue
				}
				for bs := board.Square(0); bs < 64; bs++ {
					if bs == k || bs == ws || bs == wk {
						continue
					}
					var s board.Setup
					s.Board[k] = board.MakePiece(board.Black, board.King)
					s.Board[wk] = board.MakePiece(board.White, board.King)
					s.Board[ws] = board.MakePiece(board.White, w)
					s.Board[bs] = board.MakePiece(board.Black, b)
					s.Turn, s.EnPassant, s.FullmoveNumber = board.Black, board.NoSquare, 1
					p, err := s.Position()
					if err != nil {
						continue
					}
					if p.IsCheckmate() {
						mates++
						// With a single checker a mate can stand in no position that
						// materialNo rules out (its proofs cover every such position).
						if materialNo(&p, board.White) {
							t.Errorf("%s is checkmate, but materialNo says White never mates", p.FEN())
						}
					}
				}
			}
		}
	}
	return mates
}

// TestMaterialRulesHaveNoMate checks rules 2 and 3 by enumeration: no checkmate exists with
// their material (one defending piece), while the material just outside each rule has mates, so
// the enumeration can tell the two apart; and materialNo rules out no position that is mate.
func TestMaterialRulesHaveNoMate(t *testing.T) {
	if testing.Short() {
		t.Skip("enumeration")
	}
	for _, c := range []struct {
		w, b  board.Role
		mates bool
	}{
		{board.Knight, board.Queen, false}, // rule 2
		{board.Knight, board.Rook, true},   // outside rule 2
		{board.Bishop, board.Rook, false},  // rule 3
		{board.Bishop, board.Queen, false}, // rule 3
		{board.Bishop, board.Knight, true}, // outside rule 3
	} {
		n := countMates(t, c.w, c.b)
		if (n > 0) != c.mates {
			t.Errorf("K+%v v K+%v: %d checkmates", c.w, c.b, n)
		}
	}
}

// TestLayers checks answers worked by hand for the board, forced-move and search layers.
func TestLayers(t *testing.T) {
	cases := []struct {
		fen          string
		white, black Answer
		proofW       Proof
	}{
		// Black is checkmated on the board: White has mated (empty witness).
		{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", Yes, No, ProofSearch},
		// Stalemate: nothing can follow.
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", No, No, ProofStatic},
		// Black's only move takes the queen (Kxd7); then White has a lone king.
		{"3k4/3Q2K1/8/8/8/8/8/8 b - - 0 86", No, No, ProofStatic},
		// Black's only move is b4+; each reply of the white king stalemates Black, and no king
		// move gives check, and Black is stalemated after each: the one-ply step after the
		// forced move sees it all (Quick's step, which CanMate asks before searching).
		{"k7/2Q5/3Q4/1p6/8/KP6/P1P5/8 b - - 2 52", No, No, ProofStatic},
		// Black's only move is Kg8, then Qg7 is mate.
		{"7k/8/6KQ/8/8/8/8/8 b - - 0 1", Yes, No, ProofSearch},
		// rules.md 6: the locked wall; neither king can cross it, nothing else can move. The
		// static layer proves it before any search (ProofStatic).
		{"8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1", No, No, ProofStatic},
		// rules.md 6: without the h-pawns a king walks round by the h-file.
		{"8/8/4k3/1p1p1p2/1P1P1P2/8/4K3/8 w - - 0 1", Yes, Yes, ProofSearch},
		// rules.md 6: the dark-squared bishop cannot cross the wall either (static layer).
		{"8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/2B5 b - - 0 1", No, No, ProofStatic},
	}
	d := NewDecider(0)
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		for side, want := range []Answer{c.white, c.black} {
			r := d.CanMate(&p, board.Color(side))
			checkResult(t, c.fen, &p, board.Color(side), r)
			if r.Answer != want {
				t.Errorf("%s: CanMate(%v) = %v, want %v", c.fen, board.Color(side), r.Answer, want)
			}
			if side == 0 && r.Proof != c.proofW {
				t.Errorf("%s: White's proof %v, want %v", c.fen, r.Proof, c.proofW)
			}
		}
	}
}

// TestBudgetGivesUnknown: a search cut short by its budget answers Unknown, never No.
func TestBudgetGivesUnknown(t *testing.T) {
	p := board.StartPosition()
	r := NewDecider(50).CanMate(&p, board.White)
	if r.Answer != Unknown || r.Nodes > 50 {
		t.Errorf("start position, budget 50: %v after %d nodes, want unknown within the budget", r.Answer, r.Nodes)
	}
	r = NewDecider(0).CanMate(&p, board.White)
	checkResult(t, "start", &p, board.White, r)
	if r.Answer != Yes {
		t.Errorf("start position: %v, want yes", r.Answer)
	}
}

// TestDeciderReusesTables: once warmed up, a decider answers again without allocating (a Yes
// allocates only its witness).
func TestDeciderReusesTables(t *testing.T) {
	d := NewDecider(0)
	wall := mustFEN(t, "8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1") // No by exhaustive search
	mate := mustFEN(t, "7k/8/6KQ/8/8/8/8/8 b - - 0 1")                // Yes after a forced move
	d.CanMate(&wall, board.White)
	d.CanMate(&mate, board.White)
	if n := testing.AllocsPerRun(3, func() { d.CanMate(&wall, board.White) }); n != 0 {
		t.Errorf("No by search: %v allocations per question, want 0", n)
	}
	if n := testing.AllocsPerRun(3, func() { d.CanMate(&mate, board.White) }); n != 1 {
		t.Errorf("Yes: %v allocations per question, want 1 (the witness)", n)
	}
}

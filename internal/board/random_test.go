package board

import (
	"math/rand/v2"
	"testing"

	"github.com/notnil/chess"
)

// TestRandomPlayouts plays random legal games (fixed seed) from positions rich in castling,
// en passant and promotions, which real games visit rarely. At every ply it checks the
// invariants of checkPositionInvariants, the SAN round trip, and agreement with notnil/chess on
// placement, rights, en passant, mate/stalemate and the legal move set.
func TestRandomPlayouts(t *testing.T) {
	starts := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1",
		"7k/PPPPP3/8/8/8/8/3ppppp/K7 w - - 0 1",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	games := 300
	if testing.Short() {
		games = 30
	}
	var l MoveList
	plies := 0
	defer func() { t.Logf("%d games, %d plies", games, plies) }()
	for g := 0; g < games; g++ {
		fen := starts[g%len(starts)]
		p := mustFEN(t, fen)
		opt, err := chess.FEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		npos := chess.NewGame(opt).Position()
		for ply := 0; ply < 150; ply++ {
			where := "game " + itoa(g) + " ply " + itoa(ply) + " " + p.FEN()
			if !checkPositionInvariants(t, &p, where) {
				return
			}
			if !comparePositions(&p, npos, &l, func(format string, args ...any) {
				t.Errorf(where+": "+format, args...)
			}) {
				return
			}
			p.LegalMoves(&l)
			if l.N == 0 {
				break
			}
			m := l.Moves[rng.IntN(l.N)]
			san := p.SAN(m)
			if back, err := p.ParseSAN([]byte(san)); err != nil || back != m {
				t.Fatalf("%s: SAN %q of %v decodes to %v, %v", where, san, m, back, err)
			}
			var nm *chess.Move
			for _, c := range npos.ValidMoves() {
				if notnilKey(c) == (moveKey{m.From(), m.To(), m.Promotion()}) {
					nm = c
				}
			}
			if ns := (chess.AlgebraicNotation{}).Encode(npos, nm); ns != san {
				t.Errorf("%s: our SAN %q, notnil's %q", where, san, ns)
			}
			p.Play(m)
			npos = npos.Update(nm)
			plies++
		}
	}
}

// TestDeadByMaterialAgainstNotnil compares IsDeadByMaterial with notnil's insufficient-material
// draw on random sparse positions (kings plus a few minor pieces, sometimes a pawn, rook or
// queen). notnil's rule is the same list as rules.md section 5.
func TestDeadByMaterialAgainstNotnil(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	extras := []Role{Knight, Bishop, Knight, Bishop, Knight, Bishop, Pawn, Rook, Queen}
	checked, dead := 0, 0
	for i := 0; i < 3000; i++ {
		var s Setup
		s.EnPassant = NoSquare
		s.FullmoveNumber = 1
		s.Turn = Color(rng.IntN(2))
		free := rng.Perm(64)
		s.Board[free[0]] = MakePiece(White, King)
		s.Board[free[1]] = MakePiece(Black, King)
		n := rng.IntN(5)
		for j := 0; j < n; j++ {
			sq := Square(free[2+j])
			r := extras[rng.IntN(len(extras))]
			if r == Pawn && (sq.Rank() == 0 || sq.Rank() == 7) {
				continue
			}
			s.Board[sq] = MakePiece(Color(rng.IntN(2)), r)
		}
		p, err := s.Position()
		if err != nil {
			continue // kings adjacent or the side not to move in check
		}
		opt, err := chess.FEN(p.FEN())
		if err != nil {
			t.Fatalf("notnil cannot read %s: %v", p.FEN(), err)
		}
		g := chess.NewGame(opt)
		if g.Method() == chess.Stalemate || g.Method() == chess.Checkmate {
			continue // notnil reports these first
		}
		checked++
		want := g.Method() == chess.InsufficientMaterial
		if want {
			dead++
		}
		if got := p.IsDeadByMaterial(); got != want {
			t.Errorf("%s: IsDeadByMaterial = %v, notnil insufficient material = %v", p.FEN(), got, want)
		}
	}
	if checked < 1000 || dead < 100 {
		t.Fatalf("only %d positions compared, %d dead: the generator is too narrow", checked, dead)
	}
}

package board

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLegalMovesOnly plays random games from positions rich in castling, en passant and
// promotions and, at every ply, wants LegalMovesOnly under a random filter to list exactly the
// moves of LegalMoves that the filter's rule keeps (to on To[role], or from on From; castling,
// en passant and promotions always), in LegalMoves' order; and the empty filter to keep only
// those three kinds.
func TestLegalMovesOnly(t *testing.T) {
	starts := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1",
		"7k/PPPPP3/8/8/8/8/3ppppp/K7 w - - 0 1",
	}
	rng := rand.New(rand.NewPCG(5, 7))
	var all, only MoveList
	kept, total := 0, 0
	for g := range 80 {
		p := mustFEN(t, starts[g%len(starts)])
		for range 100 {
			p.LegalMoves(&all)
			if all.N == 0 {
				break
			}
			var f MoveFilter
			if g%8 != 0 { // every eighth game: the empty filter
				for r := range f.To {
					f.To[r] = rng.Uint64() & rng.Uint64()
				}
				f.From = rng.Uint64() & rng.Uint64() & rng.Uint64()
			}
			var want []Move
			for _, m := range all.Slice() {
				if m.IsCastle() || m.IsEnPassant() || m.Promotion() != NoRole ||
					f.To[m.Role()]&m.To().bb() != 0 || f.From&m.From().bb() != 0 {
					want = append(want, m)
				}
			}
			p.LegalMovesOnly(&only, &f)
			if !slices.Equal(only.Slice(), want) {
				t.Fatalf("%s, filter %+v: LegalMovesOnly %v, want %v", p.FEN(), f, only.Slice(), want)
			}
			kept += len(want)
			total += all.N
			p.Play(all.Moves[rng.IntN(all.N)])
		}
	}
	if kept == 0 || kept > total/2 {
		t.Errorf("%d of %d moves kept: the filters are vacuous", kept, total)
	}
}

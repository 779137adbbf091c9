package mate

import (
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// helpmateWithin reports whether side can checkmate from p within plies half-moves, both sides
// choosing moves freely: a brute-force search, independent of the static layer's reasoning.
func helpmateWithin(p *board.Position, side board.Color, plies int) bool {
	if p.Turn() != side && p.IsCheckmate() {
		return true
	}
	if plies == 0 {
		return false
	}
	var moves board.MoveList
	p.LegalMoves(&moves)
	for _, m := range moves.Slice() {
		q := *p
		q.Play(m)
		if helpmateWithin(&q, side, plies-1) {
			return true
		}
	}
	return false
}

// TestStaticNoAgainstSearch: where staticNo proves a side cannot mate, a brute-force search finds
// no mate by that side within a few plies either: five on labelled-dev.txt, three on the unfair
// timeouts whose proofs rest on locked pawns (about 10,000). Those plies reach the mates that a
// missed capture, promotion or en passant capture would most often allow.
func TestStaticNoAgainstSearch(t *testing.T) {
	positions, _ := unwinnableFile(t, "labelled-dev.txt", true)
	searched := 0
	for _, lp := range positions {
		for _, side := range [2]board.Color{board.White, board.Black} {
			if !staticNo(&lp.pos, side) {
				continue
			}
			searched++
			if helpmateWithin(&lp.pos, side, 5) {
				t.Errorf("labelled-dev.txt:%d: %s: staticNo(%v) but it mates within 5 plies", lp.line, lp.fen, side)
			}
		}
	}
	// The unfair timeouts' proofs that rest on locked pawns (the others are a bare king).
	unfair, _ := unwinnableFile(t, "lichess-unfair-timeouts-dev.txt", false)
	for _, lp := range unfair {
		side := lp.pos.Turn().Other()
		if locked, _ := lockedPawns(&lp.pos); locked == 0 || !staticNo(&lp.pos, side) {
			continue
		}
		searched++
		if helpmateWithin(&lp.pos, side, 3) {
			t.Errorf("lichess-unfair-timeouts-dev.txt:%d: %s: staticNo(%v) but it mates within 3 plies", lp.line, lp.fen, side)
		}
	}
	t.Logf("%d proofs searched (labelled to 5 plies, timeouts to 3)", searched)
}

// FuzzStaticNo checks the static layer's proof on any position: a proof that side cannot mate
// must survive every legal move (the locked pawns stay locked and every reach can only shrink),
// and no move may be a checkmate by side.
func FuzzStaticNo(f *testing.F) {
	for _, tc := range staticCases {
		f.Add(tc.fen)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := board.FromFEN(fen)
		if err != nil {
			return
		}
		_ = MayBeDead(&p)
		for _, side := range [2]board.Color{board.White, board.Black} {
			if staticNo(&p, side) {
				checkNoProof(t, "staticNo", &p, side, func(q *board.Position) bool { return staticNo(q, side) })
			}
		}
	})
}

// checkNoProof fails t where name, a proof that side can never mate from p, is wrong on its
// face: p is a checkmate by side, or a legal move from p is one; or the proof does not
// survive a move (survives false on the position after it), which it must when its argument
// holds along every game.
func checkNoProof(t *testing.T, name string, p *board.Position, side board.Color, survives func(*board.Position) bool) {
	t.Helper()
	if p.Turn() != side && p.IsCheckmate() {
		t.Fatalf("%s: %s(%v) in a checkmate by it", p.FEN(), name, side)
	}
	var moves board.MoveList
	p.LegalMoves(&moves)
	for _, m := range moves.Slice() {
		q := *p
		q.Play(m)
		if q.Turn() != side && q.IsCheckmate() {
			t.Fatalf("%s: %s(%v), but %v mates", p.FEN(), name, side, m)
		}
		if !survives(&q) {
			t.Fatalf("%s: %s(%v) lost after %v (%s)", p.FEN(), name, side, m, q.FEN())
		}
	}
}

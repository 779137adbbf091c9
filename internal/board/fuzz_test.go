package board

import (
	"errors"
	"testing"
)

// FuzzFEN: parsing any text must not panic or hang; a FEN that is accepted must give a
// position whose own FEN reads back to the same position, whose key matches a recomputation,
// and from which every legal move can be played, written in SAN and decoded again.
func FuzzFEN(f *testing.F) {
	for _, s := range append(canonicalFENs,
		"4k3/2p2b2/8/3P4/8/1K6/8/8 b - - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
		"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
		"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
		"rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1",
		"4k3/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1",
		"k7/8/b7/8/8/7p/r6P/6KR w H - 0 1",
		"4k3/8/8/8/8/8/8/rR2K3 w B - 0 1",
		"4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1",
		"7k/PPPPP3/8/8/8/8/3ppppp/K7 w - - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
		"", "/", "8/8/8/8/8/8/8/8 w - - 0 1", "k7/8/8/8/8/8/8/K7 b - e3 0 1",
	) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		for _, read := range []func(string) (Position, error){FromFEN, FromFEN960} {
			checkFEN(t, fen, read)
		}
	})
}

// checkFEN is FuzzFEN's check of one reading of fen (standard or Chess960). The FEN written is
// X-FEN, which FromFEN960 reads back to the same position whichever reading made it.
func checkFEN(t *testing.T, fen string, read func(string) (Position, error)) {
	p, err := read(fen)
	if err != nil {
		if !errors.Is(err, ErrInvalidFEN) {
			t.Fatalf("reading %q: error %v wraps no sentinel", fen, err)
		}
		return
	}
	if p.key != p.computeKey() {
		t.Fatalf("%q: key mismatch", fen)
	}
	q, err := FromFEN960(p.FEN())
	if err != nil || q != p {
		t.Fatalf("%q: FEN %q does not read back (%v)", fen, p.FEN(), err)
	}
	var l MoveList
	p.LegalMoves(&l)
	if p.HasLegalMove() != (l.N > 0) {
		t.Fatalf("%q: HasLegalMove %v with %d legal moves", fen, p.HasLegalMove(), l.N)
	}
	for _, m := range l.Slice() {
		san := p.SAN(m)
		back, err := p.ParseSAN([]byte(san))
		if err != nil || back != m {
			t.Fatalf("%q: SAN %q of %v decodes to %v, %v", fen, san, m, back, err)
		}
		if found, ok := p.findMove(m.From(), m.To(), m.Promotion()); !ok || (found != m && !found.IsCastle() && !m.IsCastle()) {
			t.Fatalf("%q: FindMove of %v gives %v", fen, m, found)
		}
		r := p
		r.Play(m)
		if r.key != r.computeKey() || p.KeyAfter(m) != r.key || r.rightsKey != castleKey(r.castling, r.castleRooks) {
			t.Fatalf("%q: key mismatch after %v", fen, m)
		}
		if r.castleSquares != r.rightsSquares() {
			t.Fatalf("%q: castleSquares %x after %v, recomputed %x", fen, r.castleSquares, m, r.rightsSquares())
		}
	}
}

// FuzzSAN: decoding any token in a few positions must not panic or hang; an accepted token
// must name a legal move, and a rejected one must give a *SANError with a sentinel.
func FuzzSAN(f *testing.F) {
	positions := []Position{
		StartPosition(),
		mustFEN(f, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
		mustFEN(f, "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1"),
		mustFEN(f, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"),
		mustFEN(f, "1n6/P7/8/8/8/8/8/k1K5 w - - 0 1"),
		mustFEN(f, "1k6/8/8/8/4Q2Q/K7/8/7Q w - - 0 1"),
		mustFEN(f, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"),
		mustFEN(f, "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1"),
	}
	for _, s := range []string{
		"e4", "Nf3", "Nbd7", "N1f3", "Ng1f3", "exd5", "ed5", "exd6e.p.", "e8=Q", "e8Q", "axb8=N+",
		"O-O", "O-O-O", "0-0", "0-0-0", "Qh4e1", "Qxf7#", "Nf3!?", "Nf3??", "Nf3++", "--", "Z0",
		"", "x", "=", "O-O-O-O", "Kxe8", "Pe4", "e", "e9", "a8=", "Raa1",
	} {
		for i := range positions {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, san string) {
		p := positions[int(which)%len(positions)]
		m, err := p.ParseSAN([]byte(san))
		if err != nil {
			var se *SANError
			if !errors.As(err, &se) || se.SAN != san ||
				!(errors.Is(err, ErrIllegalMove) || errors.Is(err, ErrAmbiguousMove) || errors.Is(err, ErrMalformedSAN)) {
				t.Fatalf("ParseSAN(%q): bad error %#v", san, err)
			}
			return
		}
		var l MoveList
		p.LegalMoves(&l)
		for _, lm := range l.Slice() {
			if lm == m {
				return
			}
		}
		t.Fatalf("%s: ParseSAN(%q) = %v, not a legal move", p.FEN(), san, m)
	})
}

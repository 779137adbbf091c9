package board

import (
	"errors"
	"strings"
	"testing"
)

func mustFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := FromFEN(fen)
	if err != nil {
		t.Fatalf("FromFEN(%q): %v", fen, err)
	}
	return p
}

func sq(name string) Square {
	return SquareAt(int(name[0]-'a'), int(name[1]-'1'))
}

func TestParseSANAccepts(t *testing.T) {
	const (
		castleFEN  = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
		promoFEN   = "1n6/P7/8/8/8/8/8/k1K5 w - - 0 1"
		captureFEN = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
		epFEN      = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
		twoKnights = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"
		pinnedKnt  = "4k3/8/8/3b4/8/5N2/8/1N5K w - - 0 1"
	)
	for _, c := range []struct {
		fen, san  string
		uci       string
		ep        bool
		castle    bool
		captured  Role
		promotion Role
	}{
		{StartFEN, "Nf3", "g1f3", false, false, NoRole, NoRole},
		{StartFEN, "Ngf3", "g1f3", false, false, NoRole, NoRole},  // redundant file
		{StartFEN, "N1f3", "g1f3", false, false, NoRole, NoRole},  // redundant rank
		{StartFEN, "Ng1f3", "g1f3", false, false, NoRole, NoRole}, // redundant square
		{StartFEN, "Nxf3", "g1f3", false, false, NoRole, NoRole},  // stray capture mark
		{StartFEN, "e4", "e2e4", false, false, NoRole, NoRole},
		{StartFEN, "e3", "e2e3", false, false, NoRole, NoRole},
		{StartFEN, "Nf3+", "g1f3", false, false, NoRole, NoRole},
		{StartFEN, "Nf3#", "g1f3", false, false, NoRole, NoRole},
		{StartFEN, "Nf3++", "g1f3", false, false, NoRole, NoRole},
		{StartFEN, "Nf3!", "g1f3", false, false, NoRole, NoRole},
		{StartFEN, "Nf3?", "g1f3", false, false, NoRole, NoRole},
		{StartFEN, "Nf3!!", "g1f3", false, false, NoRole, NoRole},
		{StartFEN, "Nf3??", "g1f3", false, false, NoRole, NoRole},
		{StartFEN, "Nf3!?", "g1f3", false, false, NoRole, NoRole},
		{StartFEN, "Nf3?!", "g1f3", false, false, NoRole, NoRole},
		{StartFEN, "Nf3+!?", "g1f3", false, false, NoRole, NoRole},
		{castleFEN, "O-O", "e1g1", false, true, NoRole, NoRole},
		{castleFEN, "0-0", "e1g1", false, true, NoRole, NoRole},
		{castleFEN, "O-O-O", "e1c1", false, true, NoRole, NoRole},
		{castleFEN, "0-0-0+", "e1c1", false, true, NoRole, NoRole},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O", "e8g8", false, true, NoRole, NoRole},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O-O", "e8c8", false, true, NoRole, NoRole},
		{castleFEN, "Rxa8+", "a1a8", false, false, Rook, NoRole},
		{castleFEN, "Raxa8", "a1a8", false, false, Rook, NoRole},
		{promoFEN, "a8=Q", "a7a8q", false, false, NoRole, Queen},
		{promoFEN, "a8Q", "a7a8q", false, false, NoRole, Queen},
		{promoFEN, "a8=N", "a7a8n", false, false, NoRole, Knight},
		{promoFEN, "a8=q", "a7a8q", false, false, NoRole, Queen},
		{promoFEN, "axb8=R", "a7b8r", false, false, Knight, Rook},
		{promoFEN, "axb8B", "a7b8b", false, false, Knight, Bishop},
		{promoFEN, "ab8=Q+", "a7b8q", false, false, Knight, Queen},
		{captureFEN, "exd5", "e4d5", false, false, Pawn, NoRole},
		{captureFEN, "ed5", "e4d5", false, false, Pawn, NoRole},
		{captureFEN, "e:d5", "e4d5", false, false, Pawn, NoRole},
		{epFEN, "exd6", "e5d6", true, false, Pawn, NoRole},
		{epFEN, "exd6e.p.", "e5d6", true, false, Pawn, NoRole},
		{epFEN, "ed6", "e5d6", true, false, Pawn, NoRole},
		{epFEN, "exf6", "", false, false, NoRole, NoRole}, // f6: not the en passant square
		{twoKnights, "Nbd2", "b1d2", false, false, NoRole, NoRole},
		{twoKnights, "Nfd2", "f3d2", false, false, NoRole, NoRole},
		{twoKnights, "N1d2", "b1d2", false, false, NoRole, NoRole},
		{twoKnights, "N3d2", "f3d2", false, false, NoRole, NoRole},
		{twoKnights, "Nb1d2", "b1d2", false, false, NoRole, NoRole},
		{pinnedKnt, "Nd2", "b1d2", false, false, NoRole, NoRole}, // f3 knight is pinned: no ambiguity
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Kd2", "e1d2", false, false, NoRole, NoRole},
	} {
		p := mustFEN(t, c.fen)
		m, err := p.ParseSAN([]byte(c.san))
		if c.uci == "" {
			if err == nil {
				t.Errorf("%s: ParseSAN(%q) = %v, want an error", c.fen, c.san, m)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: ParseSAN(%q): %v", c.fen, c.san, err)
			continue
		}
		if m.String() != c.uci || m.IsEnPassant() != c.ep || m.IsCastle() != c.castle ||
			m.Captured() != c.captured || m.Promotion() != c.promotion {
			t.Errorf("%s: ParseSAN(%q) = %v (ep %v castle %v captured %v promo %v), want %s (ep %v castle %v captured %v promo %v)",
				c.fen, c.san, m, m.IsEnPassant(), m.IsCastle(), m.Captured(), m.Promotion(),
				c.uci, c.ep, c.castle, c.captured, c.promotion)
		}
		// The decoded move is exactly the generator's move (same packed value).
		found := false
		var l MoveList
		p.LegalMoves(&l)
		for _, lm := range l.Slice() {
			found = found || lm == m
		}
		if !found {
			t.Errorf("%s: ParseSAN(%q) = %v (%#x) is not in LegalMoves", c.fen, c.san, m, uint32(m))
		}
	}
}

func TestParseSANErrors(t *testing.T) {
	for _, c := range []struct {
		fen, san string
		want     error
	}{
		// Malformed.
		{StartFEN, "", ErrMalformedSAN},
		{StartFEN, "+", ErrMalformedSAN},
		{StartFEN, "N", ErrMalformedSAN},
		{StartFEN, "Nf", ErrMalformedSAN},
		{StartFEN, "Nf9", ErrMalformedSAN},
		{StartFEN, "Ni3", ErrMalformedSAN},
		{StartFEN, "Z4", ErrMalformedSAN},
		{StartFEN, "Nbbf3", ErrMalformedSAN},
		{StartFEN, "N12f3", ErrMalformedSAN},
		{StartFEN, "exd", ErrMalformedSAN},
		{StartFEN, "e2e4", ErrMalformedSAN},
		{StartFEN, "e4=", ErrMalformedSAN},
		{StartFEN, "o-o", ErrMalformedSAN},
		{StartFEN, "O-O-O-O", ErrMalformedSAN},
		{StartFEN, "O-0", ErrMalformedSAN},
		{StartFEN, "--", ErrMalformedSAN}, // null move
		{StartFEN, "Z0", ErrMalformedSAN}, // null move
		{StartFEN, "1-0", ErrMalformedSAN},
		{"1n6/P7/8/8/8/8/8/k1K5 w - - 0 1", "a8=K", ErrMalformedSAN},
		// Illegal.
		{StartFEN, "Nf6", ErrIllegalMove},                               // no knight reaches f6
		{StartFEN, "Ke2", ErrIllegalMove},                               // own piece there
		{StartFEN, "e5", ErrIllegalMove},                                // no pawn reaches e5
		{StartFEN, "exd3", ErrIllegalMove},                              // nothing to capture
		{StartFEN, "exe3", ErrIllegalMove},                              // not a diagonal
		{StartFEN, "O-O", ErrIllegalMove},                               // pieces in between
		{StartFEN, "Bb5", ErrIllegalMove},                               // blocked
		{StartFEN, "Qd8", ErrIllegalMove},                               // blocked
		{StartFEN, "Nd7", ErrIllegalMove},                               // no such move
		{"1n6/P7/8/8/8/8/8/k1K5 w - - 0 1", "a8", ErrIllegalMove},       // promotion piece missing
		{"1n6/P7/8/8/8/8/8/k1K5 w - - 0 1", "Kc2=Q", ErrMalformedSAN},   // promotion on a piece move
		{"4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "a3=Q", ErrIllegalMove},      // promotion before the last rank
		{"1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", ErrIllegalMove},   // through an attacked square
		{"1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "Kf2", ErrIllegalMove},   // into check
		{"1k2r3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O", ErrIllegalMove}, // out of check
		{"1k6/8/8/8/8/8/8/R3K2R w K - 0 1", "O-O-O", ErrIllegalMove},    // no right
		{"4k3/8/8/3b4/8/5N2/8/1N5K w - - 0 1", "Nfd2", ErrIllegalMove},  // pinned knight
		{"4k3/2p2b2/8/3P4/8/1K6/8/8 w - - 0 1", "dxc6", ErrIllegalMove}, // no en passant square
		// Ambiguous.
		{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", ErrAmbiguousMove},
		{"1k6/8/8/8/4Q2Q/K7/8/7Q w - - 0 1", "Qe1", ErrAmbiguousMove},
		{"1k6/8/8/8/4Q2Q/K7/8/7Q w - - 0 1", "Qhe1", ErrAmbiguousMove},
		{"1k6/8/8/8/4Q2Q/K7/8/7Q w - - 0 1", "Q4e1", ErrAmbiguousMove},
	} {
		p := mustFEN(t, c.fen)
		m, err := p.ParseSAN([]byte(c.san))
		if !errors.Is(err, c.want) {
			t.Errorf("%s: ParseSAN(%q) = %v, %v; want %v", c.fen, c.san, m, err, c.want)
			continue
		}
		var se *SANError
		if !errors.As(err, &se) || se.SAN != c.san || se.Reason == "" {
			t.Errorf("ParseSAN(%q): want a *SANError naming the token and why, got %#v", c.san, err)
			continue
		}
		if !strings.Contains(err.Error(), `"`+c.san+`"`) {
			t.Errorf("ParseSAN(%q): message %q does not quote the token", c.san, err)
		}
	}
}

func TestAppendSAN(t *testing.T) {
	for _, c := range []struct {
		fen, uci, want string
	}{
		{StartFEN, "g1f3", "Nf3"},
		{StartFEN, "e2e4", "e4"},
		{"1k6/8/8/8/4Q2Q/K7/8/7Q w - - 0 1", "h4e1", "Qh4e1"}, // file and rank both shared
		{"1k6/8/8/8/4Q2Q/K7/8/7Q w - - 0 1", "e4e1", "Qee1"},  // file unique
		{"1k6/8/8/8/4Q2Q/K7/8/7Q w - - 0 1", "h1e1", "Q1e1"},  // file shared, rank unique
		{"4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1", "g1f3", "N1f3"},
		{"4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1", "g5f3", "N5f3"},
		{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"},
		{"4k3/8/8/3b4/8/5N2/8/1N5K w - - 0 1", "b1d2", "Nd2"}, // the other knight is pinned
		{"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#"},
		{"rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "d1h5", "Qh5+"},
		{"2k5/P7/8/8/8/8/8/K7 w - - 0 1", "a7a8q", "a8=Q+"},
		{"2k5/P7/8/8/8/8/8/K7 w - - 0 1", "a7a8n", "a8=N"},
		{"1n6/P7/8/8/8/8/8/k1K5 w - - 0 1", "a7b8r", "axb8=R"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8", "Rxa8+"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", "e5d6", "exd6"},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5", "exd5"},
	} {
		p := mustFEN(t, c.fen)
		m, ok := p.findMove(sq(c.uci[:2]), sq(c.uci[2:4]), promoOf(c.uci))
		if !ok {
			t.Errorf("%s: %s is not legal", c.fen, c.uci)
			continue
		}
		if got := p.SAN(m); got != c.want {
			t.Errorf("%s: SAN(%s) = %q, want %q", c.fen, c.uci, got, c.want)
		}
	}
}

func promoOf(uci string) Role {
	if len(uci) < 5 {
		return NoRole
	}
	return promotionRole(uci[4])
}

func TestParseSANDoesNotAllocate(t *testing.T) {
	p := mustFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	toks := [][]byte{[]byte("Nxf7"), []byte("O-O-O"), []byte("dxe6"), []byte("Qxf6+"), []byte("Bxa6!")}
	allocs := testing.AllocsPerRun(100, func() {
		for _, tok := range toks {
			q := p
			m, err := q.ParseSAN(tok)
			if err != nil {
				panic(err)
			}
			q.Play(m)
		}
	})
	if allocs != 0 {
		t.Errorf("ParseSAN+Play allocate %v times per run, want 0", allocs)
	}
}

package board

import (
	"math/bits"
	"slices"
	"testing"
)

// Chess960 castling worked by hand (rules.md section 9): each case lists every legal move of
// the position in UCI form (castling as the king taking its rook, or e1g1 when standard), and
// the FEN after the castling when there is one.
func TestCastling960ByHand(t *testing.T) {
	for _, c := range []struct {
		name, fen string
		moves     []string // all legal moves, sorted
		castle    string   // the SAN to play, "" for none
		after     string   // FEN after it
	}{
		{
			// King g1 and rook h1: O-O leaves the king where it is and the rook goes to f1.
			// f1, f2, g2 are attacked, h2 is blocked: castling is the only move, so the
			// position is neither stalemate nor without legal moves.
			name: "castling is the only move", fen: "k7/8/b7/8/8/7p/r6P/6KR w H - 0 1",
			moves: []string{"g1h1"}, castle: "O-O", after: "k7/8/b7/8/8/7p/r6P/5RK1 b - - 1 1",
		},
		{
			// The same with K read as standard chess: no rook on h1 with the king on e1, so
			// no right, and the position is stalemate.
			name: "K as standard FEN", fen: "k7/8/b7/8/8/7p/r6P/6KR w K - 0 1", moves: nil,
		},
		{
			// King f1, rook g1: O-O puts the king on the rook's square and the rook on the
			// king's. Kxg1 is no move; Ke1, Ke2, Kf2, Kg2 and the rook's moves up the g-file.
			name: "rook on the king's target", fen: "4k3/8/8/8/8/8/8/5KR1 w G - 0 1",
			moves:  []string{"f1e1", "f1e2", "f1f2", "f1g1", "f1g2", "g1g2", "g1g3", "g1g4", "g1g5", "g1g6", "g1g7", "g1g8", "g1h1"},
			castle: "O-O", after: "4k3/8/8/8/8/8/8/5RK1 b - - 1 1",
		},
		{
			// King b1, rook a1: O-O-O takes the king to c1 and the rook over it to d1.
			name: "queenside from b1", fen: "4k3/8/8/8/8/8/8/RK6 w A - 0 1",
			moves:  []string{"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "b1a1", "b1a2", "b1b2", "b1c1", "b1c2"},
			castle: "O-O-O", after: "4k3/8/8/8/8/8/8/2KR4 b - - 1 1",
		},
		{
			// The rook on b1 shields c1 from the black rook on a1 now, not after castling
			// (the rook goes to d1): O-O-O would leave the king in check.
			name: "rook shields the target", fen: "4k3/8/8/8/8/8/8/rR2K3 w B - 0 1",
			moves: []string{"b1a1", "b1c1", "b1d1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}, // the rook is pinned
		},
		{
			// King c1 stays for O-O-O, rook b1 to d1: the rook leaving uncovers the king to
			// the black rook on a1, so no castling (the rook is pinned besides).
			name: "rook uncovers the unmoved king", fen: "4k3/8/8/8/8/8/8/rRK5 w B - 0 1",
			moves: []string{"b1a1", "c1b2", "c1c2", "c1d1", "c1d2"},
		},
		{
			// King b1 to g1 crosses e1, attacked by the bishop on b4: no O-O. Queenside
			// (rook a1 to d1, king to c1) is fine.
			name: "crosses an attacked square", fen: "4k3/8/8/8/1b6/8/8/RK5R w HA - 0 1",
			moves: []string{"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "b1a2", "b1b2", "b1c1", "b1c2",
				"h1c1", "h1d1", "h1e1", "h1f1", "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8", "b1a1"},
			castle: "O-O-O", after: "4k3/8/8/8/1b6/8/8/2KR3R b - - 1 1",
		},
		{
			// A knight on b1 stands only in the rook's path (a1 to d1): no O-O-O.
			name: "rook's path occupied", fen: "4k3/8/8/8/8/8/8/RN4K1 w A - 0 1",
			moves: []string{"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "b1a3", "b1c3", "b1d2",
				"g1f1", "g1f2", "g1g2", "g1h1", "g1h2"},
		},
		{
			// The standard array as position 518: e1g1 and e1c1 are the king's moves.
			name: "standard castling", fen: "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
			castle: "O-O", after: "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := mustFEN(t, c.fen)
			if c.moves != nil || c.castle == "" {
				var l MoveList
				p.LegalMoves(&l)
				var got []string
				for _, m := range l.Slice() {
					got = append(got, m.String())
				}
				slices.Sort(got)
				want := slices.Sorted(slices.Values(c.moves))
				if !slices.Equal(got, want) {
					t.Errorf("legal moves %v, want %v", got, want)
				}
				if p.HasLegalMove() != (len(want) > 0) || p.IsStalemate() != (len(want) == 0) {
					t.Errorf("HasLegalMove %v, IsStalemate %v with %d moves", p.HasLegalMove(), p.IsStalemate(), len(want))
				}
			}
			if c.castle == "" {
				if _, err := p.ParseSAN([]byte("O-O")); err == nil {
					t.Error("O-O accepted")
				}
				if _, err := p.ParseSAN([]byte("O-O-O")); err == nil {
					t.Error("O-O-O accepted")
				}
				return
			}
			m, err := p.ParseSAN([]byte(c.castle))
			if err != nil {
				t.Fatal(err)
			}
			if !m.IsCastle() || p.SAN(m) != c.castle {
				t.Errorf("%s is %v (castle %v), written %q", c.castle, m, m.IsCastle(), p.SAN(m))
			}
			q := p
			q.Play(m)
			if got := q.FEN(); got != c.after {
				t.Errorf("after %s: %s, want %s", c.castle, got, c.after)
			}
			if q.Key() != q.computeKey() || p.KeyAfter(m) != q.Key() {
				t.Error("key after castling differs from a recomputation")
			}
			if back, ok := p.findMove(m.From(), m.castleRook(), NoRole); !ok || back != m {
				t.Errorf("FindMove king takes rook = %v, want %v", back, m)
			}
		})
	}
}

// X-FEN and Shredder-FEN castling fields, read and written (rules.md section 9), with the
// rook of each right checked square by square.
func TestFEN960Castling(t *testing.T) {
	for _, c := range []struct {
		fen    string
		rooks  [4]Square // WK, WQ, BK, BQ; NoSquare without the right
		out    string    // the castling field written
		chess9 bool      // read with FromFEN960
	}{
		// Shredder-FEN of position 0 (BBQNNRKR): king g1, rooks f1 and h1, both outermost.
		{"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", [4]Square{H1, F1, H8, F8}, "KQkq", false},
		// The same in X-FEN, read as Chess960.
		{"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", [4]Square{H1, F1, H8, F8}, "KQkq", true},
		// Read as standard chess, KQkq need the king on e: no rights.
		{"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", [4]Square{NoSquare, NoSquare, NoSquare, NoSquare}, "-", false},
		// Two rooks on each side of the king; the inner ones castle: letters.
		// Black's b8 and g8 rooks are the only ones of their sides: k and q.
		{"1r2k1r1/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1", [4]Square{G1, sq("b1"), G8, sq("b8")}, "GBkq", false},
		{"rr2k1rr/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1", [4]Square{G1, sq("b1"), G8, sq("b8")}, "GBgb", false},
		// The outer ones castle: KQkq, even with letters read.
		{"rr2k1rr/8/8/8/8/8/8/RR2K1RR w HAha - 0 1", [4]Square{H1, A1, H8, A8}, "KQkq", false},
		{"rr2k1rr/8/8/8/8/8/8/RR2K1RR w KQkq - 0 1", [4]Square{H1, A1, H8, A8}, "KQkq", true},
		// X-FEN mixing: K for the outer h1 rook, b for Black's inner b8 rook.
		{"rr2k1rr/8/8/8/8/8/8/RR2K1RR w Kb - 0 1", [4]Square{H1, NoSquare, NoSquare, sq("b8")}, "Kb", true},
		// A letter for a square without a rook, or for the king's own file, is dropped.
		{"4k3/8/8/8/8/8/8/R3K3 w AHE - 0 1", [4]Square{NoSquare, A1, NoSquare, NoSquare}, "Q", false},
		// King on the second rank: no rights at all.
		{"4k3/8/8/8/8/8/4K3/R6R w HA - 0 1", [4]Square{NoSquare, NoSquare, NoSquare, NoSquare}, "-", false},
	} {
		read := FromFEN
		if c.chess9 {
			read = FromFEN960
		}
		p, err := read(c.fen)
		if err != nil {
			t.Errorf("%s: %v", c.fen, err)
			continue
		}
		for i, want := range c.rooks {
			if got := p.castlingRook(Castling(1) << i); got != want {
				t.Errorf("%s: right %v has rook %v, want %v", c.fen, Castling(1)<<i, got, want)
			}
		}
		fen := p.FEN()
		if field := fields(fen)[2]; field != c.out {
			t.Errorf("%s: written %q, castling field %q, want %q", c.fen, fen, field, c.out)
		}
		q, err := FromFEN960(fen)
		if err != nil || q != p {
			t.Errorf("%s: X-FEN %s does not read back: %v", c.fen, fen, err)
		}
		s := setupOf(&p)
		if r, err := s.Position(); err != nil || r != p {
			t.Errorf("%s: Setup().Position() differs: %v", c.fen, err)
		}
	}
}

func fields(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return out
}

// Castling rights are per rook (rules.md section 9): the same placement with the right of the
// inner rook and with the right of the outer rook are different positions, with different
// keys; and losing the right makes them equal.
func TestIdentityPerRook(t *testing.T) {
	inner := mustFEN(t, "4k3/8/8/8/8/8/8/4KRRN w F - 0 1")
	outer := mustFEN(t, "4k3/8/8/8/8/8/8/4KRRN w G - 0 1")
	none := mustFEN(t, "4k3/8/8/8/8/8/8/4KRRN w - - 0 1")
	if inner.Castling() != outer.Castling() {
		t.Fatalf("rights %v and %v: want the same kingside right", inner.Castling(), outer.Castling())
	}
	if inner.Identity() == outer.Identity() || inner.Key() == outer.Key() {
		t.Error("rights of different rooks give the same identity or key")
	}
	if inner.Identity() == none.Identity() {
		t.Error("a right and no right give the same identity")
	}
	// Ng3 and back with the right of f1 kept, then each rook moving away: the position
	// after the f1 rook's right is lost equals the one without rights.
	for _, p := range []*Position{&inner, &outer} {
		r := p.castlingRook(WhiteKingside)
		q := *p
		m, ok := q.QuietPieceMove(r, r+8)
		if !ok {
			t.Fatalf("%s: no quiet move of the rook on %v", p.FEN(), r)
		}
		q.Play(m)
		if q.Castling() != 0 || q.Key() != q.computeKey() {
			t.Errorf("%s after %v: rights %v", p.FEN(), m, q.Castling())
		}
		back, _ := q.findMove(E8, sq("e7"), NoRole)
		q.Play(back)
		m, _ = q.QuietPieceMove(r+8, r)
		q.Play(m)
		back, _ = q.findMove(sq("e7"), E8, NoRole)
		q.Play(back)
		if q.Identity() != none.Identity() || q.Key() != none.Key() {
			t.Errorf("%s: rook back without the right is not the rightless position", p.FEN())
		}
	}
	// A Chess960 king's move takes both its rights, and not the opponent's.
	q := mustFEN(t, "rkr5/8/8/8/8/8/8/5RKR w HFca - 0 1")
	for _, san := range []string{"Kg2", "Kb7"} {
		m, err := q.ParseSAN([]byte(san))
		if err != nil {
			t.Fatal(err)
		}
		if !q.IsIrreversible(m) {
			t.Errorf("%s does not count as irreversible", san)
		}
		q.Play(m)
	}
	if got := q.FEN(); got != "r1r5/1k6/8/8/8/8/6K1/5R1R w - - 2 2" || q.Key() != q.computeKey() {
		t.Errorf("after Kg2 Kb7: %s", got)
	}
	// The other rook's move keeps the right.
	q = inner
	m, _ := q.QuietPieceMove(G1, sq("g2"))
	if q.IsIrreversible(m) {
		t.Error("moving the rook without the right counts as irreversible")
	}
	q.Play(m)
	if q.castlingRook(WhiteKingside) != F1 {
		t.Errorf("after Rg2 the right's rook is %v, want f1", q.castlingRook(WhiteKingside))
	}
}

// TestIdentityPosition: a position rebuilt from its identity (Identity.Position, which the
// mate decider's exhaustive search uses) is the same position, with its castling rooks, and
// plays on the same: the perft counts from both agree. Before, the castling rooks were not
// restored, and a rebuilt Chess960 position castled a rook from a1 that was not there.
func TestIdentityPosition(t *testing.T) {
	for _, c := range []struct {
		fen    string
		chess9 bool
	}{
		{StartFEN, false},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", false},
		{"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", true},
		{"rr2k1rr/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1", true},
		{"1r2k1r1/8/8/8/8/8/8/RR2K1RR w Kb - 0 1", true},
	} {
		read := FromFEN
		if c.chess9 {
			read = FromFEN960
		}
		p, err := read(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		q := p.Identity().Position()
		if q.Identity() != p.Identity() || q.Key() != p.Key() {
			t.Errorf("%s: rebuilt %s, identity or key differs", c.fen, q.FEN())
		}
		if a, b := p.perft(3), q.perft(3); a != b {
			t.Errorf("%s: perft 3 %d, rebuilt %d", c.fen, a, b)
		}
	}
}

// castlingRook returns the original square of the rook of the single right r (WhiteKingside,
// ...), or NoSquare when p does not have that right.
func (p *Position) castlingRook(r Castling) Square {
	if p.castling&r == 0 || bits.OnesCount8(uint8(r)) != 1 {
		return NoSquare
	}
	return p.castleRook(bits.TrailingZeros8(uint8(r)))
}

package board

import (
	"slices"
	"testing"
)

func TestIsDeadByMaterial(t *testing.T) {
	// Hand-worked from rules.md section 5. Square colours: a1, c1, e3, f8 are dark; c8, f1 light.
	for _, c := range []struct {
		fen  string
		dead bool
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},         // K v K
		{"4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true},       // KB v K
		{"2b1k3/8/8/8/8/8/8/4K3 b - - 0 1", true},       // K v KB
		{"4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", true},       // KN v K
		{"1n2k3/8/8/8/8/8/8/4K3 w - - 0 1", true},       // K v KN
		{"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true},      // KB v KB, both dark
		{"4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", true},     // KBB v K, both dark
		{"2b1kb2/8/8/8/8/4B3/8/2B1K3 w - - 0 1", false}, // c8 is light
		{"2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false},    // KB v KB, opposite colours
		{"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false},     // KBB v K, both colours
		{"1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1", false},    // KN v KN
		{"1n2k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false},    // KB v KN
		{"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", false},     // KNN v K
		{"4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", false},     // KBN v K
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},      // pawn
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false},       // rook
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false},       // queen
		{"4k3/4p3/8/8/8/8/8/2B1K3 w - - 0 1", false},    // KB v KP
	} {
		p := mustFEN(t, c.fen)
		if got := p.IsDeadByMaterial(); got != c.dead {
			t.Errorf("IsDeadByMaterial(%s) = %v, want %v", c.fen, got, c.dead)
		}
	}
}

func TestMoveQueries(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	const ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
	for _, c := range []struct {
		fen, uci                       string
		capture, zeroing, irreversible bool
	}{
		{kiwipete, "e5f7", true, true, true},                            // knight takes pawn
		{kiwipete, "d5d6", false, true, true},                           // pawn push
		{kiwipete, "d5e6", true, true, true},                            // pawn takes
		{kiwipete, "e1g1", false, false, true},                          // castling
		{kiwipete, "e1d1", false, false, true},                          // king leaves e1
		{kiwipete, "h1g1", false, false, true},                          // rook leaves h1
		{kiwipete, "a1b1", false, false, true},                          // rook leaves a1
		{kiwipete, "e5d3", false, false, false},                         // quiet knight move
		{kiwipete, "f3f5", false, false, false},                         // quiet queen move
		{kiwipete, "e2a6", true, true, true},                            // bishop takes bishop
		{ep, "e5d6", true, true, true},                                  // en passant
		{"4k3/8/8/8/8/8/8/4K2R b K - 0 1", "e8d8", false, false, false}, // the other side's rights do not change
		{"r3k3/8/8/8/8/8/8/4K1N1 w q - 0 1", "g1f3", false, false, false},
		{"r3k3/8/8/8/8/8/8/R3K3 b Qq - 0 1", "a8a1", true, true, true},
	} {
		p := mustFEN(t, c.fen)
		m, ok := p.findMove(sq(c.uci[:2]), sq(c.uci[2:4]), NoRole)
		if !ok {
			t.Errorf("%s: %s not legal", c.fen, c.uci)
			continue
		}
		if (m.Captured() != NoRole) != c.capture || p.IsZeroing(m) != c.zeroing || p.IsIrreversible(m) != c.irreversible {
			t.Errorf("%s %s: capture %v zeroing %v irreversible %v, want %v %v %v", c.fen, c.uci,
				m.Captured() != NoRole, p.IsZeroing(m), p.IsIrreversible(m), c.capture, c.zeroing, c.irreversible)
		}
	}
}

func TestCheckmateStalemate(t *testing.T) {
	for _, c := range []struct {
		fen                    string
		check, mate, stalemate bool
	}{
		{StartFEN, false, false, false},
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", true, true, false}, // fool's mate
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, false, true},
		{"7k/5K2/8/8/8/8/8/7R b - - 0 1", true, true, false},
		{"7k/8/6K1/8/8/8/8/6R1 b - - 0 1", false, false, false},
		{"k7/8/8/8/8/8/5q2/7K w - - 0 1", false, false, true}, // the f2 queen covers g1, g2 and h2
	} {
		p := mustFEN(t, c.fen)
		if p.InCheck() != c.check || p.IsCheckmate() != c.mate || p.IsStalemate() != c.stalemate {
			t.Errorf("%s: check %v mate %v stalemate %v, want %v %v %v", c.fen,
				p.InCheck(), p.IsCheckmate(), p.IsStalemate(), c.check, c.mate, c.stalemate)
		}
		if p.HasLegalMove() == (c.mate || c.stalemate) {
			t.Errorf("%s: HasLegalMove = %v", c.fen, p.HasLegalMove())
		}
	}
}

// checkPositionInvariants checks, for one position, what must hold between the different ways
// of computing the same thing: the incremental key against a recomputation, KeyAfter against
// Play for every legal move, QuietPieceMove against a filter of LegalMoves, HasLegalMove
// against the list, and the FEN round trip against Identity and Key.
func checkPositionInvariants(t *testing.T, p *Position, where string) bool {
	t.Helper()
	if p.key != p.computeKey() {
		t.Errorf("%s: incremental key %x, recomputed %x", where, p.key, p.computeKey())
		return false
	}
	if p.rightsKey != castleKey(p.castling, p.castleRooks) {
		t.Errorf("%s: incremental rights key %x, recomputed %x", where, p.rightsKey, castleKey(p.castling, p.castleRooks))
		return false
	}
	if p.castleSquares != p.rightsSquares() {
		t.Errorf("%s: castleSquares %x, recomputed %x", where, p.castleSquares, p.rightsSquares())
		return false
	}
	var l MoveList
	p.LegalMoves(&l)
	if p.HasLegalMove() != (l.N > 0) {
		t.Errorf("%s: HasLegalMove %v with %d moves", where, p.HasLegalMove(), l.N)
		return false
	}
	var want []Move
	for _, m := range l.Slice() {
		q := *p
		q.Play(m)
		if ka := p.KeyAfter(m); ka != q.Key() {
			t.Errorf("%s: KeyAfter(%v) = %x, Play gives %x", where, m, ka, q.Key())
			return false
		}
		if m.Captured() == NoRole && m.Role() != Pawn && !m.IsCastle() {
			want = append(want, m)
		}
		// A reversible move keeps the rights; an irreversible one either zeroes the clock or
		// changes the rights.
		if !p.IsIrreversible(m) && (q.Castling() != p.Castling() || q.HalfmoveClock() == 0) {
			t.Errorf("%s: %v called reversible", where, m)
			return false
		}
		if p.IsIrreversible(m) && q.Castling() == p.Castling() && q.HalfmoveClock() != 0 {
			t.Errorf("%s: %v called irreversible", where, m)
			return false
		}
	}
	// QuietPieceMove, asked about every piece of the side to move and every square (and about
	// the other squares towards every square a piece could reach from them), finds exactly the
	// quiet piece moves of the list.
	var got []Move
	for from := Square(0); from < 64; from++ {
		tos := queenAttacks(from, 0) | knightAttacks[from]
		if pc := p.PieceAt(from); pc != NoPiece && pc.Color() == p.Turn() && pc.Role() != Pawn {
			tos = ^uint64(0)
		}
		for ; tos != 0; tos &= tos - 1 {
			to := lsb(tos)
			if m, ok := p.QuietPieceMove(from, to); ok {
				got = append(got, m)
			} else if m != 0 {
				t.Errorf("%s: QuietPieceMove(%v, %v) returned %v with false", where, from, to, m)
				return false
			}
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s: QuietPieceMove finds %v, want %v", where, got, want)
		return false
	}
	r, err := FromFEN(p.FEN())
	if err != nil {
		t.Errorf("%s: FEN %q does not read back: %v", where, p.FEN(), err)
		return false
	}
	if r != *p {
		t.Errorf("%s: FEN round trip differs: %s", where, r.FEN())
		return false
	}
	return true
}

// otbInvariantGames is how many otb-masters games TestCorpusInvariants replays (more with
// -tags slow).
var otbInvariantGames = 3000

// TestCorpusInvariants replays every corpus file (all games of the small files, part of the
// large ones) and checks the invariants above after every move; it also reports the tokens that
// stop a game, so that gaps in SAN coverage show up.
func TestCorpusInvariants(t *testing.T) {
	for _, f := range []struct {
		name string
		max  int
	}{
		{"lichess-2025-05-excerpt.pgn", 0},
		{"twic1599-excerpt.pgn", 0},
		{"fics-2000-2199-crlf.pgn", 0},
		{"chesscom-one-player.pgn", 0},
		{"otb-masters.pgn.zst", otbInvariantGames},
		{"tcec-engines.pgn.zst", 300},
	} {
		t.Run(f.name, func(t *testing.T) {
			games := loadGames(t, f.name, f.max)
			plies, stopped, skipped := 0, 0, 0
			for i := range games {
				g := &games[i]
				if g.variant != "" && g.variant != "Standard" && g.variant != "From Position" {
					skipped++
					continue
				}
				p, err := startOf(g)
				if err != nil {
					t.Errorf("%s: FEN %q: %v", g.where(), g.fen, err)
					continue
				}
				for ply := 0; ; ply++ {
					if !checkPositionInvariants(t, &p, g.where()+" ply "+itoa(ply)) {
						t.FailNow()
					}
					if ply == len(g.sans) {
						break
					}
					m, err := p.ParseSAN([]byte(g.sans[ply]))
					if err != nil {
						stopped++
						t.Logf("%s ply %d: %v", g.where(), ply, err)
						break
					}
					p.Play(m)
					plies++
				}
			}
			t.Logf("%d games (%d other variants skipped), %d plies, %d games stopped at a bad token", len(games), skipped, plies, stopped)
		})
	}
}

package board

import "testing"

// play replays SAN tokens from p, failing the test on an error.
func play(t testing.TB, p Position, sans ...string) Position {
	t.Helper()
	for _, s := range sans {
		m, err := p.ParseSAN([]byte(s))
		if err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		p.Play(m)
		if p.key != p.computeKey() {
			t.Fatalf("after %s: incremental key %x, recomputed %x", s, p.key, p.computeKey())
		}
	}
	return p
}

// sameIdentity asserts that a and b are (or are not) the same position, and that the keys
// agree with that.
func sameIdentity(t *testing.T, what string, a, b Position, want bool) {
	t.Helper()
	if got := a.Identity() == b.Identity(); got != want {
		t.Errorf("%s: Identity equal = %v, want %v\n a %s\n b %s", what, got, want, a.FEN(), b.FEN())
	}
	if got := a.Key() == b.Key(); got != want {
		t.Errorf("%s: Key equal = %v, want %v\n a %s\n b %s", what, got, want, a.FEN(), b.FEN())
	}
}

func TestIdentityDoublePushWithoutCapture(t *testing.T) {
	// After 1. e4 Black has no pawn that could take en passant: P1 is the same position as the
	// one with the same placement and no en passant square (rules.md section 6, third example).
	p := play(t, StartPosition(), "e4")
	if p.EnPassant() != NoSquare {
		t.Errorf("EnPassant after 1. e4 = %v, want none", p.EnPassant())
	}
	q := mustFEN(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	sameIdentity(t, "1. e4 vs FEN without e3", p, q, true)
	// The same placement reached by 1. e3 ... 2. e4 with Black's knight going out and back.
	r := play(t, StartPosition(), "e3", "Nf6", "e4", "Ng8")
	r2 := play(t, p, "Nf6", "Nf3", "Ng8", "Ng1")
	sameIdentity(t, "transposition", play(t, r, "Nf3", "Nf6", "Ng1", "Ng8"), r2, false) // different side to move
	sameIdentity(t, "transposition, same side", play(t, r, "Nf3", "Nf6", "Ng1"), r2, false)
}

func TestIdentityDoublePushWithCapture(t *testing.T) {
	// 1. e4 Nf6 2. e5 d5: White can take en passant on d6, so the position differs from the
	// same placement without the en passant square.
	p := play(t, StartPosition(), "e4", "Nf6", "e5", "d5")
	if p.EnPassant() != sq("d6") {
		t.Fatalf("EnPassant = %v, want d6", p.EnPassant())
	}
	without := mustFEN(t, "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3")
	with := mustFEN(t, "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3")
	sameIdentity(t, "after d5 vs FEN with d6", p, with, true)
	sameIdentity(t, "after d5 vs FEN without", p, without, false)
	// One move pair later the right to take en passant is gone: the same placement recurs as a
	// different position from the one with the en passant square.
	later := play(t, p, "Nf3", "Ng8", "Ng1", "Nf6")
	sameIdentity(t, "ep position vs same placement later", p, later, false)
	sameIdentity(t, "later vs FEN without", later, without, true)
}

func TestIdentityPinnedEnPassantPawn(t *testing.T) {
	for _, c := range []struct {
		name, fen, push, without string
		legal                    bool
	}{
		{
			// The d5 pawn is pinned by the f7 bishop against the king on b3: dxc6 is illegal.
			"diagonal pin", "4k3/2p2b2/8/3P4/8/1K6/8/8 b - - 0 1", "c5",
			"4k3/5b2/8/2pP4/8/1K6/8/8 w - - 0 2", false,
		},
		{
			// Same without the pin (king on b1): dxc6 is legal.
			"no pin", "4k3/2p2b2/8/3P4/8/8/8/1K6 b - - 0 1", "c5",
			"4k3/5b2/8/2pP4/8/8/8/1K6 w - - 0 2", true,
		},
		{
			// bxc6 would take both pawns off the fifth rank and expose the king on a5 to the
			// rook on h5.
			"rank pin through two pawns", "4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1", "c5",
			"4k3/8/8/KPp4r/8/8/8/8 w - - 0 2", false,
		},
		{
			// d7-d5 discovers check from the c8 bishop on h3; exd6 does not answer it.
			"capture leaves the king in check", "2b1k3/3p4/8/4P3/8/7K/8/8 b - - 0 1", "d5",
			"2b1k3/8/8/3pP3/8/7K/8/8 w - - 0 2", false,
		},
		{
			// d7-d5 gives check to the king on c4; exd6 removes the checking pawn.
			"capture answers the check", "4k3/3p4/8/4P3/2K5/8/8/8 b - - 0 1", "d5",
			"4k3/8/8/3pP3/2K5/8/8/8 w - - 0 2", true,
		},
	} {
		p := play(t, mustFEN(t, c.fen), c.push)
		if got := p.EnPassant() != NoSquare; got != c.legal {
			t.Errorf("%s: en passant square %v, want legal capture = %v", c.name, p.EnPassant(), c.legal)
		}
		sameIdentity(t, c.name, p, mustFEN(t, c.without), !c.legal)
		// The move list agrees: an en passant move exists exactly when the square counts.
		var l MoveList
		p.LegalMoves(&l)
		hasEP := false
		for _, m := range l.Slice() {
			hasEP = hasEP || m.IsEnPassant()
		}
		if hasEP != c.legal {
			t.Errorf("%s: legal en passant move present = %v, want %v", c.name, hasEP, c.legal)
		}
	}
}

func TestIdentityCastlingLostByKingMovingBack(t *testing.T) {
	p2 := play(t, StartPosition(), "e4", "e5")
	p6 := play(t, p2, "Ke2", "Ke7", "Ke1", "Ke8")
	if p6.Castling() != 0 {
		t.Errorf("castling after the kings went back = %v, want none", p6.Castling())
	}
	sameIdentity(t, "same placement, rights lost", p2, p6, false)
	sameIdentity(t, "vs FEN without rights", p6,
		mustFEN(t, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 4 4"), true)
	// From there on the positions repeat normally.
	p10 := play(t, p6, "Ke2", "Ke7", "Ke1", "Ke8")
	sameIdentity(t, "repeat without rights", p6, p10, true)
	// A rook that moves and comes back loses only its own side's right.
	r := play(t, StartPosition(), "Nf3", "Nf6", "Rg1", "Rg8", "Rh1", "Rh8")
	if r.Castling() != WhiteQueenside|BlackQueenside {
		t.Errorf("castling after rooks went back = %v, want Qq", r.Castling())
	}
}

func TestIdentityNormalisedFromSloppyFEN(t *testing.T) {
	for _, c := range []struct{ sloppy, clean string }{
		// Rights claimed without the rook.
		{"4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
		// Rights claimed with the king off its square.
		{"r3k2r/8/8/8/8/8/8/R4K1R b KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R4K1R b kq - 0 1"},
		// An en passant square without a legal capture, and clocks that differ.
		{"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 30"},
		// Letters out of order.
		{"r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
	} {
		sameIdentity(t, c.sloppy, mustFEN(t, c.sloppy), mustFEN(t, c.clean), true)
	}
	// And the normalised rights are still different from no rights at all.
	sameIdentity(t, "K vs -", mustFEN(t, "4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1"),
		mustFEN(t, "4k3/8/8/8/8/8/8/4K2R w - - 0 1"), false)
}

func TestIdentityDistinguishes(t *testing.T) {
	base := mustFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	for _, other := range []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",  // side to move
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQk - 0 1",   // one right
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w Qkq - 0 1",   // another right
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  // (itself, equal)
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2B1p/PPPBQPPP/R3K2R w KQkq - 0 1",  // pieces swapped
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 31 9", // clocks only: equal
	} {
		want := other == base.FEN() || other == "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 31 9"
		sameIdentity(t, other, base, mustFEN(t, other), want)
	}
	// The colour of a piece.
	sameIdentity(t, "colour", mustFEN(t, "4k3/8/8/8/8/8/4N3/4K3 w - - 0 1"),
		mustFEN(t, "4k3/8/8/8/8/8/4n3/4K3 w - - 0 1"), false)
}

// TestPlacementKey: the placement key of a position is the full key of the same placement and
// side to move without castling rights or en passant square (computed from scratch), so it is
// blind to exactly those two, and still tells the side to move (and a Chess960 rook file) apart.
func TestPlacementKey(t *testing.T) {
	for _, c := range []struct{ fen, bare string }{
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R b - - 0 1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w Qk - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w - - 0 3"},
	} {
		p, bare := mustFEN(t, c.fen), mustFEN(t, c.bare)
		if p.Key() == bare.Key() {
			t.Errorf("%s: the full keys should differ", c.fen)
		}
		if got, want := p.PlacementKey(), bare.computeKey(); got != want {
			t.Errorf("%s: PlacementKey %x, want %x (the key of %s)", c.fen, got, want, c.bare)
		}
		if bare.PlacementKey() != bare.Key() {
			t.Errorf("%s: a position without rights or en passant: PlacementKey should be Key", c.bare)
		}
	}
	w, b := mustFEN(t, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), mustFEN(t, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1")
	if w.PlacementKey() == b.PlacementKey() {
		t.Error("the side to move should count")
	}
	x, err := FromFEN960("1r2k3/8/8/8/8/8/8/1R2K3 w Bb - 0 1")
	y, err2 := FromFEN960("1r2k3/8/8/8/8/8/8/1R2K3 w - - 0 1")
	if err != nil || err2 != nil {
		t.Fatal(err, err2)
	}
	if x.Key() == y.Key() || x.PlacementKey() != y.PlacementKey() {
		t.Error("Chess960: the rook files of the rights are part of the rights")
	}
}

// TestIdentityHash: a position rebuilt from its identity hashes as the identity does, and no
// two of the distinct positions within three plies of Kiwipete (castling, en passant and
// promotions among them) share a hash, and at most a few share the bits a table of 2^21 slots
// reads (mate's table: the low 21 bits pick the slot, the high 11 tag it).
func TestIdentityHash(t *testing.T) {
	root, err := FromFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[Identity]bool{}
	hashes := map[uint64]Identity{}
	var walk func(p Position, depth int)
	walk = func(p Position, depth int) {
		id := p.Identity()
		if q := id.Position(); q.Identity().Hash() != id.Hash() {
			t.Fatalf("%s: rebuilt position hashes %x, want %x", p.FEN(), q.Identity().Hash(), id.Hash())
		}
		if !seen[id] {
			seen[id] = true
			if other, dup := hashes[id.Hash()]; dup {
				q := other.Position()
				t.Fatalf("%s and %s share hash %x", p.FEN(), q.FEN(), id.Hash())
			}
			hashes[id.Hash()] = id
		}
		if depth == 0 {
			return
		}
		var moves MoveList
		p.LegalMoves(&moves)
		for _, m := range moves.Slice() {
			c := p
			c.Play(m)
			walk(c, depth-1)
		}
	}
	walk(root, 3)
	if len(seen) < 50000 {
		t.Fatalf("%d distinct positions, want the tree's tens of thousands", len(seen))
	}
	const mask = 1<<21 - 1
	slots := map[uint64]int{}
	for h := range hashes {
		slots[h&mask|(h>>32&^mask)<<32]++
	}
	if worst := maxCount(slots); worst > 3 {
		t.Errorf("%d positions share a slot and tag: the hash's bits are not spread", worst)
	}
}

func maxCount(m map[uint64]int) int {
	worst := 0
	for _, n := range m {
		worst = max(worst, n)
	}
	return worst
}

package mate

import (
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// The labelled positions the tempo proof is for: lines of labelled-dev.txt whose label says
// neither side can mate ("--"), which neither staticNo nor the searches settled. The shapes:
//
//   - 215, 241, 679, 689: White's king walks h3-h4 and back (g4, h2 and g5 are guarded by
//     Black's locked pawns), White has no other move. Black's only mate is on h4 with Black's
//     king on h2 or g2 covering h3 (Black's bishops are all dark-squared, h3 is light): White's
//     last move was Kh3-h4, which Black's king could not allow from h2 or g2, so Black needs two
//     moves, king and bishop, in one of White's. Kxg2 while White's king is on h4 stalemates
//     White. White, with a king and locked pawns, never gives check.
//   - 896: the same with colours reversed: Black's king walks a5-a6, White's mate on a5 needs
//     its king on a7, which it can only reach while Black's king is on a5, and then Black has no
//     move (Kxb7 or Kxa4 stalemates Black).
//   - 557: both knights stand where every jump is a pawn of their own: they guard c4, b3, b7
//     (Black) and c5, b2, b6 (White) for ever, so no king ever takes a pawn; Black's king is
//     mated only on a dark square (White's bishops are dark-squared), whose light neighbours
//     White's king alone would have to cover, at most one of them at a time.
var tempoLabelled = []int{215, 241, 557, 679, 689, 896}

// tempoNo is the tempo proof with a tempo of its own.
func tempoNo(p *board.Position, side board.Color) bool {
	var t tempo
	return t.no(p, side)
}

// TestTempoLabelled: the tempo proof answers No for both sides of each of those lines, as
// their labels say (the label is read from the file, not written here), and so does Quick,
// which the scan's dead-position check asks: by its shortcut (manyMoves or kingOpen) or by its
// layers, both of which ask the proof.
func TestTempoLabelled(t *testing.T) {
	d := NewDecider(0)
	lines := readUnwinnable(t, "labelled-dev.txt", 1)
	byLine := map[int]labelledLine{}
	for _, l := range lines {
		byLine[l.lineNo] = l
	}
	for _, n := range tempoLabelled {
		l, ok := byLine[n]
		if !ok || l.label != "--" {
			t.Fatalf("labelled-dev.txt:%d: want a line labelled --, got %q", n, l.label)
		}
		for side := board.White; side <= board.Black; side++ {
			if staticNo(&l.pos, side) {
				t.Errorf("labelled-dev.txt:%d %s: staticNo(%v) already proves it; the test no longer tests the tempo proof", n, l.fen, side)
			}
			if !tempoNo(&l.pos, side) {
				t.Errorf("labelled-dev.txt:%d %s: tempoNo(%v) = false, label --", n, l.fen, side)
			}
			if r := d.Quick(&l.pos, side); r.Answer != No || r.Proof != ProofStatic {
				t.Errorf("labelled-dev.txt:%d %s: Quick(%v) = %v/%v, want no by the static layer", n, l.fen, side, r.Answer, r.Proof)
			}
		}
	}
}

// tempoControls are positions that can mate, as the decider's witness shows (replayed by board
// and notnil): the tempo proof must not answer No. applies says whether the proof's search
// runs (every pawn locked by the men), so that its steps, not its gate, answer.
var tempoControls = []struct {
	name    string
	fen     string
	side    board.Color
	applies bool
}{
	// rules.md 6, the wall with an open file: each king walks round by the h-file and takes a
	// pawn that nothing guards (Kxf5, or Kxf4), and a freed pawn promotes and mates. The proof
	// sees the capture and that the game goes on after it.
	{"wall with an open file", "8/8/4k3/1p1p1p2/1P1P1P2/8/4K3/8 w - - 0 1", board.White, true},
	{"wall with an open file, Black", "8/8/4k3/1p1p1p2/1P1P1P2/8/4K3/8 w - - 0 1", board.Black, true},
	// Line 215 with a white knight: White waits with it while Black's king, on h2 or g2,
	// holds h3, then a bishop mates on h4 (Kxg2, Nc2 Bf6#). The knight could take a pawn, so
	// no pawn is locked by the men and the proof does not apply.
	{"215 with a free knight for White", "8/b1b5/k6p/2b2p1P/1b3p2/5PpK/6P1/N7 w - - 0 1", board.Black, false},
	// Line 896 with a black knight: it opens b7 (or the knight gives itself up), and the
	// bishops have time.
	{"896 with a free knight for Black", "8/1p2B1B1/1PpB1B2/k1P1B3/p1P2B2/P7/5K2/7n w - - 0 1", board.White, false},
	// Line 557 with a free black knight: it takes c3 and the wall opens.
	{"557 with a free knight for Black", "k7/1p6/1Pp5/n1P5/N1p5/1pP1B3/1P1B4/K6n w - - 0 1", board.Black, false},
}

func TestTempoControls(t *testing.T) {
	d := NewDecider(0)
	for _, tc := range tempoControls {
		p := mustPosition(t, tc.fen)
		var probe tempo
		if got := probe.init(&p, tc.side); got != tc.applies {
			t.Errorf("%s: the proof applies: %v, want %v", tc.name, got, tc.applies)
		}
		if tempoNo(&p, tc.side) {
			t.Errorf("%s: tempoNo(%v) = true", tc.name, tc.side)
		}
		r := d.CanMate(&p, tc.side)
		checkResult(t, tc.name, &p, tc.side, r)
		if r.Answer != Yes {
			t.Errorf("%s: CanMate(%v) = %v, want a witnessed yes", tc.name, tc.side, r.Answer)
		}
	}
}

// TestTempoMutation weakens one step of the proof, the one the issue names: a pawn a king
// could take is taken to stay (every square counts as guarded for ever, so no king's capture
// is ever tried). On the first control, whose mate the decider witnesses (a king takes a pawn
// and a freed pawn promotes), the weakened proof answers No: TestTempoControls would fail
// with it.
func TestTempoMutation(t *testing.T) {
	tc := tempoControls[0]
	p := mustPosition(t, tc.fen)
	var sound, weak tempo
	if !sound.init(&p, tc.side) || !weak.init(&p, tc.side) {
		t.Fatalf("%s: the tempo proof does not apply", tc.name)
	}
	weak.guards = [2]uint64{^uint64(0), ^uint64(0)}
	if sound.proves(&p) {
		t.Errorf("%s: the proof answers No on a position with a witnessed mate", tc.name)
	}
	if !weak.proves(&p) {
		t.Errorf("%s: the weakened proof still answers Unknown: the controls would not catch it", tc.name)
	}
}

// TestTempoAgainstSearch moves the two kings of each labelled line the proof applies to (every
// pair of empty squares, either side to move, every stride-th legal one of them) and, wherever
// the proof answers No, asks an independent search for a mate: a helpmate of a few plies by
// brute force, and the decider's own searches (the exhaustive one, complete or not, and the
// plan's mate searches) within 20,000 nodes in all, half of them the
// exhaustive search's. None may find one. -tags slow tries more of them.
func TestTempoAgainstSearch(t *testing.T) { tempoAgainstSearch(t, tempoStride) }

func tempoAgainstSearch(t *testing.T, stride int) {
	lines := readUnwinnable(t, "labelled-dev.txt", 1)
	d := NewDecider(20_000)
	proved, n := 0, 0
	for _, l := range lines {
		for side := board.White; side <= board.Black; side++ {
			var probe tempo
			if !probe.init(&l.pos, side) {
				continue
			}
			eachKingPlacement(&l.pos, func(s *board.Setup) {
				if n++; n%stride != 0 {
					return
				}
				q, err := s.Position()
				if err != nil || !tempoNo(&q, side) {
					return
				}
				proved++
				if helpmateWithin(&q, side, tempoPlies) {
					t.Errorf("labelled-dev.txt:%d moved to %s: tempoNo(%v) but it mates within %d plies", l.lineNo, q.FEN(), side, tempoPlies)
				}
				if line, ok := searchMate(d, &q, side); ok {
					t.Errorf("labelled-dev.txt:%d moved to %s: tempoNo(%v) but %v mates", l.lineNo, q.FEN(), side, line)
				}
			})
		}
	}
	t.Logf("%d placements, %d of them proved No, none mates", n, proved)
}

// eachKingPlacement calls f with the setups made from p by putting its two kings on any two
// empty squares, either side to move (legal or not: f checks).
func eachKingPlacement(p *board.Position, f func(*board.Setup)) {
	s, err := board.ParseFEN(p.FEN())
	if err != nil {
		panic(err) // a position's own FEN
	}
	for _, k := range []board.Square{p.KingSquare(board.White), p.KingSquare(board.Black)} {
		s.Board[k] = board.NoPiece
	}
	s.Castling, s.CastlingRooks, s.EnPassant = 0, 0, board.NoSquare
	for w := board.Square(0); w < 64; w++ {
		for b := board.Square(0); b < 64; b++ {
			if w == b || s.Board[w] != board.NoPiece || s.Board[b] != board.NoPiece {
				continue
			}
			for turn := board.White; turn <= board.Black; turn++ {
				q := s
				q.Board[w], q.Board[b] = board.MakePiece(board.White, board.King), board.MakePiece(board.Black, board.King)
				q.Turn = turn
				f(&q)
			}
		}
	}
}

// searchMate looks for a mate by side from p with the decider's searches only (no cheap layer
// and no proof of No): the exhaustive search to half of d's budget, then the plan's mate
// searches, each to a further 1/(2 len(plan)) of it.
func searchMate(d *Decider, p *board.Position, side board.Color) ([]board.Move, bool) {
	d.side, d.loser = side, side.Other()
	d.nodes, d.reach.at, d.walked = 0, 0, false
	d.prefix = d.prefix[:0]
	root := *p
	if r, _ := d.exhaustive(&root, d.budget/2); r.Answer == Yes {
		return r.Witness, true
	}
	for _, ph := range plan {
		if ph.pattern || ph.exhaustive {
			continue
		}
		d.limit, d.out = min(d.budget, d.nodes+d.budget/(2*len(plan))), false
		d.widths[d.side], d.widths[d.loser] = ph.sideWidth, ph.loserWidth
		d.toward, d.open, d.walk = ph.toward, ph.open, false
		if found, _ := d.mateSearch(&root); found {
			return d.line[:d.lineLen], true
		}
	}
	return nil, false
}

// FuzzTempoNo checks the tempo proof on any position as FuzzStaticNo checks staticNo: where
// it answers No, p is no mate by side, no legal move mates, and after every move that leaves a
// legal reply the proof (or staticNo) still holds.
func FuzzTempoNo(f *testing.F) {
	// Lines 215, 241, 896 and 557, and the controls.
	f.Add("8/b1b5/k6p/2b2p1P/1b3p2/5PpK/6P1/8 w - - 0 1")
	f.Add("8/8/3b3p/5p1P/3b1p1K/5Pp1/6P1/5kb1 b - - 0 1")
	f.Add("8/1p2B1B1/1PpB1B2/k1P1B3/p1P2B2/P7/5K2/8 w - - 0 1")
	f.Add("k7/1p6/1Pp5/n1P5/N1p5/1pP1B3/1P1B4/K7 w - - 0 1")
	for _, tc := range tempoControls {
		f.Add(tc.fen)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := board.FromFEN(fen)
		if err != nil {
			return
		}
		for _, side := range [2]board.Color{board.White, board.Black} {
			if tempoNo(&p, side) {
				checkNoProof(t, "tempoNo", &p, side, func(q *board.Position) bool {
					return !q.HasLegalMove() || tempoNo(q, side) || staticNo(q, side)
				})
			}
		}
	})
}

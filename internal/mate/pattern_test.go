package mate

import (
	"math/bits"
	"slices"
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// askPattern runs the cheap layers and then the pattern search alone on p for side, as CanMate
// would: ok reports that the pattern search answered (Yes, in r).
func askPattern(d *Decider, p *board.Position, side board.Color) (r Result, ok bool) {
	root := *p
	if _, done := d.cheapLayers(&root, side); done {
		return Result{}, false
	}
	line, ok := d.patternMate(&root, min(d.budget/patternShare, patternMaxNodes))
	if !ok {
		return Result{}, false
	}
	return d.yes(line), true
}

// TestPatternHandWorked: helpmates worked by hand that the pattern search alone must find,
// each too deep for a short search. Each needs one of the loser's men beside its cornered king,
// and where that man is a pawn that cannot get there as a pawn, the witness must show the
// loser promoting it.
func TestPatternHandWorked(t *testing.T) {
	cases := []struct {
		fen       string
		side      board.Color
		promotion bool // the loser must promote: wanted in the witness
		why       string
	}{
		{"2k5/3p4/8/8/8/8/8/2KB4 w - - 0 1", board.White, true,
			"K+B v K+P: a light bishop mates only in a light corner (a8 or h1), as a bishop and king " +
				"cover at most two of its three flights; the third needs a black man on the edge beside the " +
				"corner (a7, b8, g1, h2), which the d-pawn reaches only by promoting on d1 (say Ka8, Na7, " +
				"Kc7, Bb7#)"},
		{"8/8/8/Bk6/8/1p6/1K6/8 b - - 0 1", board.White, true,
			"K+B v K+P: Black's king in a1 (dark, the bishop's colour), its b-pawn promoted on b1 " +
				"and blocking there or on a2: say Ka1, Bb1 (promoted), Kc2... Bc3#; as a pawn on b2 it " +
				"would not block: b2 stands on the bishop's diagonal"},
		{"8/8/8/4K3/4N3/4kp2/8/8 b - - 0 1", board.White, true,
			"K+N v K+P: the knight and king cover at most two flights of a cornered king, so a black man " +
				"must stand on the third; the f-pawn only reaches a square beside a corner (g1, h2, ...) " +
				"by promoting on f1"},
		{"3kn3/8/8/8/8/3KN3/8/8 b - - 0 1", board.White, false,
			"K+N v K+N: Ka8, Nb8, Kb6, Nc7#: b7 and a7 are the king's, b8 holds Black's own knight, " +
				"which cannot reach c7"},
		{"3k1b2/8/8/8/8/8/3KB3/8 b - - 0 1", board.White, false,
			"K+B v K+B of opposite colours: Black's king in a light corner with its dark bishop " +
				"blocking the dark flight beside it, e.g. Ka8, Bb8, Kc7... Bc6 or Bb7 with the flights " +
				"covered"},
	}
	d := NewDecider(0)
	for _, c := range cases {
		p, err := board.FromFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		r, ok := askPattern(d, &p, c.side)
		if !ok {
			t.Errorf("%s: the pattern search found no mate by %v (%s)", c.fen, c.side, c.why)
			continue
		}
		checkResult(t, c.fen, &p, c.side, r)
		if c.promotion && !promotes(r.Witness, p.Turn() == c.side) {
			t.Errorf("%s: witness %v shows no promotion by the loser (%s)", c.fen, r.Witness, c.why)
		}
	}
}

// promotes reports whether one of the moves of w played by the side that moves second (when
// second is true, else first) is a promotion.
func promotes(w []board.Move, second bool) bool {
	for i, m := range w {
		if (i%2 == 1) == second && m.Promotion() != board.NoRole {
			return true
		}
	}
	return false
}

// TestPatternLabelled runs the pattern search alone on both sides of every line of
// labelled-dev.txt with at most patternMaxMen men. Every answer is a Yes whose witness replays
// (board and notnil) to a mate by the side asked, and the label says that side can mate: on
// the questions labelled '-' (the side cannot mate, often while the other side can) it must
// never answer. It wants at least patternLabelledFloor answers (benchmarks/RESULTS.md at
// 11ce268), so that a search that stops finding them fails.
func TestPatternLabelled(t *testing.T) {
	lines := readUnwinnable(t, "labelled-dev.txt", 1)
	d := NewDecider(0)
	asked, found, cannot := 0, 0, 0
	for _, l := range lines {
		if bits.OnesCount64(l.pos.Occupied()) > patternMaxMen {
			continue
		}
		for side := board.White; side <= board.Black; side++ {
			r, ok := askPattern(d, &l.pos, side)
			asked++
			if l.label[side] == '-' {
				cannot++
			}
			if !ok {
				continue
			}
			found++
			checkResult(t, l.fen, &l.pos, side, r)
			if l.label[side] == '-' {
				t.Errorf("labelled-dev.txt:%d %s: %v mates by the pattern search, label %s", l.lineNo, l.fen, side, l.label)
			}
		}
	}
	t.Logf("pattern search alone: %d of %d few-piece questions answered yes; %d labelled no", found, asked, cannot)
	if found < patternLabelledFloor || cannot < 100 {
		t.Errorf("pattern search answered %d few-piece questions (want at least %d), %d labelled no asked (want 100)", found, patternLabelledFloor, cannot)
	}
}

const patternLabelledFloor = 160

// TestPatternDistance checks the distance against values worked by hand.
func TestPatternDistance(t *testing.T) {
	cases := []struct {
		fen  string
		side board.Color
		want int
		why  string
	}{
		{"k1K5/b1N5/8/8/8/8/8/8 b - - 0 1", board.White, 0,
			"Ka8 mated by Nc7 (Kc8 covers b8 and b7, a7 holds Black's bishop): every term is 0"},
		{"4kb2/8/8/8/8/4KN2/8/8 w - - 0 1", board.White, 14,
			"corner h8: flights d8, d7, e7, f7 (4) + Ke8-h8 (3) + Ke3 five steps from h8, three " +
				"from two steps (3) + Nf3 five, three (3) + Bf8 two from h8, one from beside it (1) = 14; " +
				"a8 gives 4+4+3+3+4 = 18, h1 4+7+1+0+6 = 18, a1 4+7+2+3+6 = 22"},
	}
	for _, c := range cases {
		p, err := board.FromFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if c.want == 0 && !p.IsCheckmate() {
			t.Errorf("%s: not the checkmate the case says it is", c.fen)
		}
		if got := patternDistance(&p, c.side); got != c.want {
			t.Errorf("%s: distance %d, want %d (%s)", c.fen, got, c.want, c.why)
		}
	}
}

// TestPieceCost checks the pawn's costs against values worked by hand.
func TestPieceCost(t *testing.T) {
	sq := func(s string) board.Square { return board.SquareAt(int(s[0]-'a'), int(s[1]-'1')) }
	cases := []struct {
		at, corner string
		c          board.Color
		mine       bool
		want       int
		why        string
	}{
		{"d7", "a1", board.Black, false, 8, "six pushes to d1, promote, two steps to b1"},
		{"h7", "h8", board.Black, false, 0, "already beside h8"},
		{"g5", "h8", board.White, true, 1, "one push to g6, two steps from h8"},
		{"b2", "a8", board.White, true, 4, "four pushes to b6, two steps from a8"},
	}
	for _, c := range cases {
		if got := pieceCost(sq(c.at), c.c, board.Pawn, sq(c.corner), c.mine); got != c.want {
			t.Errorf("pawn %s of %v, corner %s: cost %d, want %d (%s)", c.at, c.c, c.corner, got, c.want, c.why)
		}
	}
}

// TestPatternResumes: a pattern search cut short by its limit and resumed (patternResume) is the
// same search as one with the larger limit: it finds the same line with the same positions,
// whether cut once or several times (a resumed search that lost the open list, or the rest of
// the node it was expanding, would differ). 6nk/8/8/8/4K3/8/3B4/8 w: K+N v K+B, Black mates in
// 18 moves (Kh1, Bh2, Kf1, Nf2#), at about 140,000 positions, past the pattern step's first
// 20,000.
func TestPatternResumes(t *testing.T) {
	p, err := board.FromFEN("6nk/8/8/8/4K3/8/3B4/8 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	ask := func(first int, more ...int) ([]board.Move, int) {
		t.Helper()
		d := NewDecider(first * patternShare)
		root := p
		if _, done := d.cheapLayers(&root, board.Black); done {
			t.Fatal("answered by the cheap layers")
		}
		line, ok := d.patternMate(&root, min(d.budget/patternShare, patternMaxNodes))
		for _, n := range more {
			if ok {
				break
			}
			line, ok = d.patternResume(n)
		}
		if !ok {
			return nil, d.nodes
		}
		r := d.yes(line)
		checkResult(t, p.FEN(), &p, board.Black, r)
		return r.Witness, d.nodes
	}
	whole, nodes := ask(patternMaxNodes)
	if whole == nil || nodes <= 20_000 {
		t.Fatalf("one search of %d positions: line %v after %d", patternMaxNodes, whole, nodes)
	}
	if line, n := ask(20_000); line != nil || n != 20_000 {
		t.Fatalf("the first 20,000 positions already find it (%d), or spend %d", len(line), n)
	}
	for _, more := range [][]int{{patternMaxNodes}, {7_777, 33_333, 50_000, patternMaxNodes}} {
		line, n := ask(20_000, more...)
		if n != nodes || !slices.Equal(line, whole) {
			t.Errorf("resumed %v: %d positions, line %v; one search: %d, %v", more, n, line, nodes, whole)
		}
	}
}

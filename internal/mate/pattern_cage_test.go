package mate

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// TestCageDistance checks cageDistance on a lone bishop's mate worked by hand (Black's king on
// h5 walled in by its own rook on h4 and pawn on h6, White's king on f5 covering g4-g6, the
// bishop on f7 checking: 0 moves to the shape) and on the same with White's king one step back
// on e5 (1: a king step to f5, or to f6 or f4, from which the bishop's line covers the rest).
func TestCageDistance(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want int
	}{
		{"8/5B2/7p/5K1k/7r/8/8/8 b - - 0 1", 0},
		{"8/5B2/7p/4K2k/7r/8/8/8 b - - 0 1", 1},
	} {
		p := mustFEN(t, c.fen)
		if got := cageDistance(&p, board.White, new(blockCosts)); got != c.want {
			t.Errorf("%s: cageDistance = %d, want %d", c.fen, got, c.want)
		}
	}
}

// TestCageDistanceByDefinition compares cageDistance with its definition walked target by
// target (cageDistanceByTargets) on the positions of the lone-minor sides of
// lichess-timeouts-15k-dev.txt and labelled-dev.txt and on those of random walks from them, with
// one blockCosts for all, as the cage search keeps it.
func TestCageDistanceByDefinition(t *testing.T) {
	lines := append(readUnwinnable(t, "lichess-timeouts-15k-dev.txt", 1), readUnwinnable(t, "labelled-dev.txt", 1)...)
	rng := rand.New(rand.NewPCG(37, 1))
	blocks := new(blockCosts)
	var moves board.MoveList
	n := 0
	for _, l := range lines {
		for side := board.White; side <= board.Black; side++ {
			if _, _, lone := loneMinor(&l.pos, side); !lone {
				continue
			}
			p := l.pos
			for range 40 {
				if got, want := cageDistance(&p, side, blocks), cageDistanceByTargets(&p, side); got != want {
					t.Fatalf("%s, %v: cageDistance %d, by its targets %d", p.FEN(), side, got, want)
				}
				n++
				p.LegalMoves(&moves)
				if moves.N == 0 {
					break
				}
				p.Play(moves.Moves[rng.IntN(moves.N)])
				if _, _, lone := loneMinor(&p, side); !lone {
					break
				}
			}
		}
	}
	if n < 1000 {
		t.Fatalf("%d positions compared, want 1,000 or more", n)
	}
}

// cageDistanceByTargets is cageDistance's definition: the least, over the squares sq where
// side's minor piece can ever check and the squares k two steps from sq next to some of its
// flights, of the loser's king's steps to sq, the minor piece's moves to check there, side's
// king's steps to k, and blockCostByMen of each flight of sq that k is not next to (for a
// bishop, less those of the diagonal through sq whose open flights cost most).
func cageDistanceByTargets(p *board.Position, side board.Color) int {
	loser := side.Other()
	ms, role, _ := loneMinor(p, side)
	lk, wk := p.KingSquare(loser), p.KingSquare(side)
	best := 1 << 30
	for sq := range board.Square(64) {
		check := int(minorChecks[b2i(role == board.Knight)][ms][sq])
		if check < 0 {
			continue
		}
		for k := range board.Square(64) {
			if distance(k, sq) != 2 {
				continue
			}
			var sums [3]int // the open flights' blocks: on each diagonal through sq, and the rest
			covers := false
			for f := range board.Square(64) {
				if distance(f, sq) != 1 {
					continue
				}
				if distance(f, k) == 1 {
					covers = true
					continue
				}
				c := 2
				if df, dr := f.File()-sq.File(), f.Rank()-sq.Rank(); df != 0 && dr != 0 {
					c = (df*dr + 1) / 2
				}
				sums[c] += int(blockCostByMen(p, loser, f))
			}
			if !covers {
				continue
			}
			open := sums[0] + sums[1] + sums[2]
			if role == board.Bishop {
				open -= max(sums[0], sums[1])
			}
			best = min(best, distance(lk, sq)+check+distance(wk, k)+open)
		}
	}
	return best
}

// TestCageMates answers, at the default budget, final positions of lichess timeouts
// (lichess-timeouts-15k-dev.txt) where the side that did not flag has a lone bishop or knight
// against an army, which the plan left unknown before the cage search: each answer must be
// Yes with a witness that replays (board and notnil/chess) to a mate.
func TestCageMates(t *testing.T) {
	if testing.Short() {
		t.Skip("searches")
	}
	for _, fen := range []string{
		"8/q5k1/p5p1/1p1Bp3/5p2/5K2/8/8 b - - 3 43",
		"8/5pp1/4b3/4b1K1/1B6/3p1k2/8/8 b - - 4 45",
		"8/pp4pk/8/2pp2N1/8/5K2/r7/8 b - - 1 40",
		"8/1p3k2/8/p3K3/3N4/8/8/3q3r b - - 3 57",
		"8/8/2bk4/8/1PBK1N2/4P1P1/5P2/8 w - - 3 53",
	} {
		p := mustFEN(t, fen)
		side := p.Turn().Other()
		r := NewDecider(0).CanMate(&p, side)
		if r.Answer != Yes {
			t.Errorf("%s: %v answers %v, want yes", fen, side, r.Answer)
		}
		checkResult(t, fen, &p, side, r)
	}
}

// TestBlockCost compares blockCost with its definition, man by man (a rook or queen: 0 on f,
// 1 reaching f on the empty board, else 2; a bishop: 20 on the other colour, else likewise; a
// knight: its jumps; a pawn: pawnCost), for every square and both losers of the positions of
// every 7th line of labelled-dev.txt and every 50th of lichess-timeouts-15k-dev.txt.
func TestBlockCost(t *testing.T) {
	lines := append(readUnwinnable(t, "labelled-dev.txt", 7), readUnwinnable(t, "lichess-timeouts-15k-dev.txt", 50)...)
	for _, l := range lines {
		for loser := board.White; loser <= board.Black; loser++ {
			men := newCageMen(&l.pos, loser)
			for f := range board.Square(64) {
				if got, want := blockCost(&men, loser, f), blockCostByMen(&l.pos, loser, f); got != want {
					t.Fatalf("%s, loser %v, %v: blockCost %d, man by man %d", l.fen, loser, f, got, want)
				}
			}
		}
	}
}

// blockCostByMen is blockCost's definition, walked man by man.
func blockCostByMen(p *board.Position, loser board.Color, f board.Square) int8 {
	best := int8(20)
	for b := p.ByColor(loser) &^ p.ByRole(board.King); b != 0; b &= b - 1 {
		sq := board.Square(bits.TrailingZeros64(b))
		r := p.PieceAt(sq).Role()
		var c int8
		switch {
		case r == board.Pawn:
			c = pawnCost(loser, sq, f)
		case r == board.Knight:
			c = knightDist[sq][f]
		case r == board.Bishop && squareColour(sq) != squareColour(f):
			c = 20
		case sq == f:
			c = 0
		case board.Attacks(loser, r, sq, 0)&(1<<f) != 0:
			c = 1
		default:
			c = 2
		}
		best = min(best, c)
	}
	return best
}

package mate

import (
	"math/bits"
	"sync"

	"github.com/pgnscan/pgnscan/internal/board"
)

// The cage distance: the pattern search's guide (pattern.go) when side has nothing but its
// king and one bishop or knight. Such a side mates only a king that its own men wall in: the
// loser's king on an edge square, the mating king two steps away covering the squares in front
// of it, the minor piece checking, and each flight left (two beside it along the edge, or one
// in a corner) blocked by one of the loser's own men (Kh5, Rh4, Ph6 against Kf5, Bf7#). The
// loser's men are many in such questions, so unlike patternDistance the search is not limited
// to few men, and the blockers come from the loser's whole army. It is only a guide: the search
// it steers checks every mate on the board, so it may be wrong without harm.

// cageTarget is a square where the loser's king may be caged: its flights, and the squares two
// steps away from which the mating king covers some of them.
type cageTarget struct {
	flights [8]board.Square // its flights (n of them), in square order
	class   [8]uint8        // each flight's diagonal through the target (0 or 1; 2: on none)
	n       int
	kings   []cageKing
	lines   [3]uint64 // its flights on each diagonal through it (0, 1) and the rest (2)
	widest  int       // the most flights one of its king squares covers
}

// cageKing is a square for the mating king and the flights of its target it covers: at most
// three (the squares next to both), by their index in the target's flights.
type cageKing struct {
	sq    board.Square
	n     uint8
	cover [3]uint8
}

var (
	cageTargets [64]cageTarget       // by square
	cageOrder   [64][64]board.Square // the squares by distance from each square, nearest first
	knightDist  [64][64]int8         // knight moves from a square to another on an empty board
	emptyLines  [2][64]uint64        // the squares a rook (0) or a bishop (1) reaches from a square on an empty board
)

func init() {
	for sq := range board.Square(64) {
		var t cageTarget
		var diags [2]uint64 // the flights on each diagonal through sq
		f, r := sq.File(), sq.Rank()
		for df := -1; df <= 1; df += 2 {
			for dr := -1; dr <= 1; dr += 2 {
				if nf, nr := f+df, r+dr; nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
					diags[(df*dr+1)/2] |= 1 << board.SquareAt(nf, nr)
				}
			}
		}
		flights := kingSteps(1 << sq)
		for b := flights; b != 0; b &= b - 1 {
			fs := board.Square(bits.TrailingZeros64(b))
			t.flights[t.n], t.class[t.n] = fs, 2
			for c, d := range diags {
				if d&(1<<fs) != 0 {
					t.class[t.n] = uint8(c)
				}
			}
			t.lines[t.class[t.n]] |= 1 << fs
			t.n++
		}
		for k := range board.Square(64) {
			if distance(k, sq) != 2 {
				continue
			}
			ck := cageKing{sq: k}
			for i, fs := range t.flights[:t.n] {
				if distance(k, fs) == 1 {
					ck.cover[ck.n] = uint8(i)
					ck.n++
				}
			}
			if ck.n > 0 {
				t.widest = max(t.widest, int(ck.n))
				t.kings = append(t.kings, ck)
			}
		}
		cageTargets[sq] = t
		order := cageOrder[sq][:0]
		for d := range 8 {
			for b := range board.Square(64) {
				if distance(sq, b) == d {
					order = append(order, b)
				}
			}
		}
	}
	for a := range board.Square(64) {
		emptyLines[0][a] = board.Attacks(board.White, board.Rook, a, 0)
		emptyLines[1][a] = board.Attacks(board.White, board.Bishop, a, 0)
		for b := range knightDist[a] {
			knightDist[a][b] = 99
		}
		knightDist[a][a] = 0
		seen, ring := uint64(1)<<a, uint64(1)<<a
		for n := int8(1); ring != 0; n++ {
			next := uint64(0)
			for b := ring; b != 0; b &= b - 1 {
				next |= board.Attacks(board.White, board.Knight, board.Square(bits.TrailingZeros64(b)), 0)
			}
			ring = next &^ seen
			seen |= ring
			for b := ring; b != 0; b &= b - 1 {
				knightDist[a][bits.TrailingZeros64(b)] = n
			}
		}
	}
}

// loneMinor reports whether side's men besides its king are one bishop or one knight, and
// its square.
func loneMinor(p *board.Position, side board.Color) (sq board.Square, role board.Role, ok bool) {
	army := p.ByColor(side) &^ p.ByRole(board.King)
	if army == 0 || army&(army-1) != 0 {
		return 0, 0, false
	}
	sq = board.Square(bits.TrailingZeros64(army))
	role = p.PieceAt(sq).Role()
	return sq, role, role == board.Bishop || role == board.Knight
}

// cageDistance returns the least, over the edge squares, of the moves the men of p must make
// to cage the loser's king there (see the file's comment); side has a lone minor piece. The
// flights' blocks come from blocks, which keeps them while the loser's men stay the same.
//
// A target whose king squares are all too far to beat the best so far is skipped before its
// flights are costed: each of its king squares is two steps from it, so the mating king needs
// at least its distance to the target less two, and the blocks cost nothing less than 0. The
// cage search asks cageDistance for every position it generates (85 % of its instructions
// before the bound and blockCosts).
func cageDistance(p *board.Position, side board.Color, blocks *blockCosts) int {
	minorChecksOnce.Do(fillMinorChecks)
	loser := side.Other()
	ms, role, _ := loneMinor(p, side)
	lk, wk := p.KingSquare(loser), p.KingSquare(side)
	set := blocks.use(newCageMen(p, loser), loser, role)
	toCheck := &minorChecks[b2i(role == board.Knight)][ms]
	fromLoser, fromKing := &distances[lk], &distances[wk]
	best := 1 << 30
	for _, sq := range cageOrder[lk] {
		base := int(fromLoser[sq])
		if base >= best {
			break // the rest are farther
		}
		if toCheck[sq] < 0 {
			continue
		}
		base += int(toCheck[sq])
		near := base + max(int(fromKing[sq])-2, 0)
		if near >= best || near+cageTargets[sq].openBound(set.men.all, role) >= best {
			continue
		}
		open := set.opens(sq)
		if near+int(set.least[sq]) >= best {
			continue
		}
		for i, k := range cageTargets[sq].kings {
			best = min(best, base+int(fromKing[k.sq])+int(open[i]))
		}
	}
	return best
}

// openBound is a lower bound of what the flights of t that any of its king squares leaves
// open cost to block (blockSet.opens' least), from where the loser's men stand (men), so that
// most targets are skipped before their blocks are looked up: a flight's block is at least 1
// unless one of the loser's men stands on it, and a king square's cover takes at most
// t.widest flights off (for a bishop too, less its dearer diagonal: the count drops by at
// most one a flight covered).
func (t *cageTarget) openBound(men uint64, role board.Role) int {
	n0, n1, n2 := bits.OnesCount64(t.lines[0]&^men), bits.OnesCount64(t.lines[1]&^men), bits.OnesCount64(t.lines[2]&^men)
	open := n0 + n1 + n2
	if role == board.Bishop {
		open -= max(n0, n1)
	}
	return open - t.widest
}

// blockCosts keeps blockCost's answers, and each target's king squares' open flights' costs
// (blockSet), for the sets of the loser's men the cage search met last, blockSets of them, each
// in the place its men hash to: the search's positions share few sets of the loser's men (their
// kings and side's minor piece move more), and those costs depend on nothing else. One set kept
// missed often: the children of a loser's move each have a set of their own, and the next
// expanded position is rarely their parent's.
type blockCosts struct {
	sets [blockSets]blockSet
}

// blockSets is the number of sets of men blockCosts keeps (1,232 bytes each).
const (
	blockSetBits = 9
	blockSets    = 1 << blockSetBits
)

// blockSet is blockCost's answers for one set of the loser's men and side's lone minor
// piece's role, and what the flights each king square of a target leaves open cost (open).
type blockSet struct {
	men     cageMen
	loser   board.Color
	role    board.Role
	known   uint64        // the squares block holds
	block   [64]int8      // blockCost of the squares of known
	targets uint64        // the targets whose open and least hold
	open    [64][16]uint8 // by target, for each of its king squares in order (at most 8 blocks of 20)
	least   [64]uint8     // by target, the least of its open
}

// use returns the set for men, loser and role, emptied when its place held another.
func (b *blockCosts) use(men cageMen, loser board.Color, role board.Role) *blockSet {
	h := (men.all*0x9e3779b97f4a7c15 ^ men.pawns*0xc2b2ae3d27d4eb4f ^ men.lines*0x165667b19e3779f9) >> (64 - blockSetBits)
	s := &b.sets[h]
	if men != s.men || loser != s.loser || role != s.role {
		s.men, s.loser, s.role, s.known, s.targets = men, loser, role, 0, 0
	}
	return s
}

// opens returns what the flights of target sq that each of its king squares
// (cageTargets[sq].kings, in order) leaves open cost to block: their blocks, less, for a bishop,
// those of one diagonal (the checking bishop's line covers a diagonal's pair). It sets
// s.least[sq] to the least of them.
func (s *blockSet) opens(sq board.Square) *[16]uint8 {
	o := &s.open[sq]
	if s.targets&(1<<sq) != 0 {
		return o
	}
	s.targets |= 1 << sq
	t := &cageTargets[sq]
	var block [8]int // each flight's block
	var all [3]int   // every flight's block, on each diagonal and the rest
	for i, fs := range t.flights[:t.n] {
		if s.known&(1<<fs) == 0 {
			s.known |= 1 << fs
			s.block[fs] = blockCost(&s.men, s.loser, fs)
		}
		block[i] = int(s.block[fs])
		all[t.class[i]] += block[i]
	}
	least := uint8(255)
	for i, k := range t.kings {
		sums := all // the open flights' blocks: a king's cover is taken off
		for _, c := range k.cover[:k.n] {
			sums[t.class[c]] -= block[c]
		}
		sum := sums[0] + sums[1] + sums[2]
		if s.role == board.Bishop {
			sum -= max(sums[0], sums[1])
		}
		o[i] = uint8(sum)
		least = min(least, o[i])
	}
	s.least[sq] = least
	return o
}

// minorChecks[knight][ms][sq] is how many moves a lone bishop (knight 0) or knight (1) on ms
// needs before it checks a king on sq: a bishop none when it attacks sq on the empty board, one
// when it stands on sq's colour elsewhere, -1 (never) on the other colour; a knight the least
// of its jumps to a square attacking sq. cageDistance asks it for every target of every
// position. It is filled at the first cageDistance, not at init: a scan never runs the cage
// search (its budget is below cageMinBudget) and does not pay its 675,000 instructions.
var (
	minorChecks     [2][64][64]int8
	minorChecksOnce sync.Once
)

// fillMinorChecks fills minorChecks; knightDist must be filled.
func fillMinorChecks() {
	for ms := range board.Square(64) {
		for sq := range board.Square(64) {
			b := int8(-1)
			if squareColour(sq) == squareColour(ms) {
				b = 1
				if board.Attacks(board.White, board.Bishop, ms, 0)&(1<<sq) != 0 {
					b = 0
				}
			}
			n := int8(99)
			for a := board.Attacks(board.White, board.Knight, sq, 0); a != 0; a &= a - 1 {
				n = min(n, knightDist[ms][bits.TrailingZeros64(a)])
			}
			minorChecks[0][ms][sq], minorChecks[1][ms][sq] = b, n
		}
	}
}

// cageMen is the loser's men (its king aside) of a position, by what blockCost asks of them.
type cageMen struct {
	all, pawns, knights, bishops, queens, lines uint64 // lines: rooks and queens
}

// newCageMen returns the loser's men of p.
func newCageMen(p *board.Position, loser board.Color) cageMen {
	all := p.ByColor(loser) &^ p.ByRole(board.King)
	queens := all & p.ByRole(board.Queen)
	return cageMen{
		all:     all,
		pawns:   all & p.ByRole(board.Pawn),
		knights: all & p.ByRole(board.Knight),
		bishops: all & p.ByRole(board.Bishop),
		queens:  queens,
		lines:   all&p.ByRole(board.Rook) | queens,
	}
}

// blockCost is roughly how many moves the cheapest of the loser's men needs to stand on f: none
// for a man on f; one for a bishop, rook or queen that reaches f on the empty board; two for
// another rook or queen, or bishop of f's colour; a knight's jumps; a pawn's pushes along its
// file, or its promotion and a move (pawnCost); 20 when none can. Every man not on f needs a
// move at least, so a line piece one move away is the least, and the men are walked one by one
// only when there is none.
func blockCost(men *cageMen, loser board.Color, f board.Square) int8 {
	if men.all&(1<<f) != 0 {
		return 0
	}
	if emptyLines[0][f]&men.lines != 0 || emptyLines[1][f]&(men.bishops|men.queens) != 0 {
		return 1
	}
	best := int8(20)
	if men.lines != 0 || men.bishops&colourSquares(f) != 0 {
		best = 2
	}
	for b := men.knights; b != 0; b &= b - 1 {
		best = min(best, knightDist[bits.TrailingZeros64(b)][f])
	}
	for b := men.pawns; b != 0; b &= b - 1 {
		best = min(best, pawnCost(loser, board.Square(bits.TrailingZeros64(b)), f))
	}
	return best
}

// colourSquares returns the squares of sq's colour.
func colourSquares(sq board.Square) uint64 {
	if board.LightSquares&(1<<sq) != 0 {
		return board.LightSquares
	}
	return ^board.LightSquares
}

// pawnCost is the moves a pawn of c on sq needs to stand on f: pushes along its file, or a
// promotion and a move of the new piece.
func pawnCost(c board.Color, sq, f board.Square) int8 {
	togo := ranksToGo(c, sq)
	if f.File() == sq.File() {
		if d := ranksToGo(c, sq) - ranksToGo(c, f); d >= 0 {
			return int8(d)
		}
	}
	return int8(togo + 1)
}

// cageWeights are the weights of the cage search's tries (cageMate), the distance's against
// the plies: each finds mates the other misses (on the 16 unknown answers the timeouts file
// left for both sides, one search of 200,000 positions found 9 with 2, 7 with 4, 9 with 8 and
// 9 with 16, not the same ones: with 16 and 2, 12 in all).
var cageWeights = [...]int32{16, 2}

// cageMinBudget is the least budget at which the cage search runs: it walks the loser's men
// one by one and needs thousands of positions, so at a smaller budget (the scan's
// rules.ScanBudget) its shares would only take nodes from the searches after it.
const cageMinBudget = 100_000

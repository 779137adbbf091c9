package mate

import (
	"math/bits"
	"sync"

	"github.com/pgnscan/pgnscan/internal/board"
)

// The distance the pattern search steers by: how far a position is from the shape of a
// helpmate with few men, in roughly the number of moves its men must make to take it. The
// shape is the one the deep few-piece mates share (K+N v K+B: Ka8, Ba7, Kc8, Nc7#; K+B v K+P:
// Kh1, a promoted knight on h2, Kf2, Bg2#): the loser's king in a corner, the mating king two
// steps from it, the mating pieces near, and one of the loser's men beside its king to block a
// flight. It is only a guide: it decides nothing, so it may be wrong without harm, and the
// search it steers checks every mate on the board.

// corners are the four corner squares.
var corners = [4]board.Square{
	board.SquareAt(0, 0), board.SquareAt(7, 0), board.SquareAt(0, 7), board.SquareAt(7, 7),
}

// patternDistance returns the least, over the corners a mate by side could use, of the moves
// the men of p must make to take the shape around that corner (see the file's comment). The
// men are read once for all four corners (cornerCosts holds a man's four costs side by side).
func patternDistance(p *board.Position, side board.Color) int {
	cornerCostsOnce.Do(fillCornerCosts)
	loser := side.Other()
	lk := p.KingSquare(loser)
	flights := flightsLeft(p, lk, side)
	// By corner: side's men's costs, summed, and the least of the loser's (-1: no man).
	var mine [len(corners)]int
	blocker := [len(corners)]int{-1, -1, -1, -1}
	kings := p.ByRole(board.King)
	for c := board.White; c <= board.Black; c++ {
		pawns := p.Pieces(c, board.Pawn)
		for pawn, men := range [2]uint64{p.ByColor(c) &^ kings &^ pawns, pawns} {
			costs := &cornerCosts[c][b2i(c == side)][pawn]
			for b := men; b != 0; b &= b - 1 {
				cost := &costs[bits.TrailingZeros64(b)]
				for i := range corners {
					if c == side {
						mine[i] += int(cost[i])
					} else if blocker[i] < 0 || int(cost[i]) < blocker[i] {
						blocker[i] = int(cost[i])
					}
				}
			}
		}
	}
	best := 1 << 30
	bishopOnly, colour := bishopColour(p, side)
	for i, k := range corners {
		// Bishops alone check a corner's king only from squares of the corner's colour.
		if bishopOnly && squareColour(k) != colour {
			continue
		}
		h := flights + distance(lk, k) + near(p.KingSquare(side), k, 2) + mine[i]
		best = min(best, h+max(blocker[i], 0))
	}
	return best
}

// pieceCost is how many moves a man of colour c and role r on sq needs to stand where the shape
// around corner k wants it: within two steps of k for the mating side's men (mine), beside k
// for the loser's (a blocker). A pawn gets there by pushes along its file, or by promoting on
// it and walking from the promotion square.
func pieceCost(sq board.Square, c board.Color, r board.Role, k board.Square, mine bool) int {
	radius := 1
	if mine {
		radius = 2
	}
	if r != board.Pawn {
		return near(sq, k, radius)
	}
	step, last := 1, 7
	if c == board.Black {
		step, last = -1, 0
	}
	pushes := 0
	for rank := sq.Rank(); rank != last; rank += step {
		if near(board.SquareAt(sq.File(), rank), k, radius) == 0 {
			return pushes
		}
		pushes++
	}
	return pushes + near(board.SquareAt(sq.File(), last), k, radius)
}

// cornerCosts[c][mine][pawn][sq][i] is pieceCost(sq, c, r, corners[i], mine) for a pawn r
// (pawn 1) or any other man (pawn 0): patternDistance asks it for every man and corner of each
// position the pattern search generates. It is filled at the first patternDistance, not at
// init: a scan that never runs the pattern search does not pay its 250,000 instructions.
var (
	cornerCosts     [2][2][2][64][len(corners)]int8
	cornerCostsOnce sync.Once
)

// fillCornerCosts fills cornerCosts.
func fillCornerCosts() {
	for c := board.White; c <= board.Black; c++ {
		for mine := range 2 {
			for pawn, r := range [2]board.Role{board.Knight, board.Pawn} {
				for i, k := range corners {
					for sq := range board.Square(64) {
						cornerCosts[c][mine][pawn][sq][i] = int8(pieceCost(sq, c, r, k, mine == 1))
					}
				}
			}
		}
	}
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// near is how many king steps sq is from being within radius steps of k.
func near(sq, k board.Square, radius int) int {
	return max(distance(sq, k)-radius, 0)
}

// bishopColour reports whether side's men besides its king are bishops all on squares of one
// colour, and that colour (squareColour's).
func bishopColour(p *board.Position, side board.Color) (only bool, colour int) {
	own := p.ByColor(side) &^ p.Pieces(side, board.King)
	bishops := p.Pieces(side, board.Bishop)
	if own == 0 || own != bishops {
		return false, 0
	}
	switch bishops {
	case bishops & board.LightSquares:
		return true, 1
	case bishops &^ board.LightSquares:
		return true, 0
	}
	return false, 0
}

// squareColour is 0 for the dark squares (a1's colour) and 1 for the light ones.
func squareColour(sq board.Square) int {
	return (sq.File() + sq.Rank()) & 1
}

// flightsLeft counts the squares beside lk, the loser's king, that hold none of the loser's men
// and that side does not attack: each must be covered or blocked before a mate.
func flightsLeft(p *board.Position, lk board.Square, side board.Color) int {
	free := board.Attacks(side.Other(), board.King, lk, 0) &^ p.ByColor(side.Other())
	n := 0
	for ; free != 0; free &= free - 1 {
		if !p.AttackedBy(board.Square(bits.TrailingZeros64(free)), side) {
			n++
		}
	}
	return n
}

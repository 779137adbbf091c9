package mate

import (
	"math/bits"

	"github.com/pgnscan/pgnscan/internal/board"
)

// walkTable holds, for the searches of phase.walk, the number of king steps from each square
// to each other one around the root's pawns: a king may not stand on a pawn's square nor on a
// square a pawn of the other colour attacks (the start square excepted: the loser's king may
// stand there), so behind a pawn wall the way to the loser's king
// is the way round the wall, not the straight line of distances. Pawns move, so this is only an
// order and a choice of which moves cost no depth; an unreachable square keeps its distance.
type walkTable [64][64]int8

// fill computes t for the king of c in p.
func (t *walkTable) fill(p *board.Position, c board.Color) {
	pawns := p.ByRole(board.Pawn)
	hit := pawnCaptures(c.Other(), pawns&p.ByColor(c.Other()))
	open := ^(pawns | hit)
	for a := range board.Square(64) {
		t[a] = distances[a]
		seen, ring := uint64(1)<<a, uint64(1)<<a
		for n := int8(1); ring != 0; n++ {
			ring = kingSteps(ring) & open &^ seen
			seen |= ring
			for b := ring; b != 0; b &= b - 1 {
				t[a][bits.TrailingZeros64(b)] = n
			}
		}
	}
}

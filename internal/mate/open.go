package mate

import (
	"math/bits"

	"github.com/pgnscan/pgnscan/internal/board"
)

// orderOpening scores the loser's moves for the mate searches that open a locked position
// (phase.open). In a pawn wall side's pieces cannot get through until the loser opens it, so
// the loser's best helping moves are the ones that give material to side: a move to a square
// that one of side's pawns attacks first (the pawn that takes opens a file, or becomes a
// passer), then any pawn move (a break, or a pawn walking into a capture), then a piece
// given up to side's pieces; its king walks to a corner after those, and its captures come
// last, as in order. Only the order changes: the search still plays only legal moves and
// finds only mates.
func (d *Decider) orderOpening(f *frame, moves []board.Move, scores []int32) {
	hit, all := offers(&f.pos, d.side)
	for i, m := range moves {
		var s int32
		switch {
		case 1<<m.To()&hit != 0:
			s = 60 // offered to a pawn of side: its capture opens a file
		case m.Role() == board.Pawn:
			s = 40
		case 1<<m.To()&all != 0 && m.Role() != board.King:
			s = 30 // a piece given up: the loser's wall has fewer defenders
		case m.Captured() != board.NoRole:
			s = -100
		case m.Role() == board.King:
			s = closer(&cornerDistances, m)
		default:
			s = -30
		}
		scores[i] = s
	}
}

// offers returns the squares where a man of the loser is offered to side in p: those side's
// pawns attack (hit: the capture opens a file, or makes a passer) and those side's other
// pieces, its king apart, attack (all). The opening order and the playouts' bias rank the
// loser's moves to them first.
func offers(p *board.Position, side board.Color) (hit, all uint64) {
	occ := p.Occupied()
	hit = pawnCaptures(side, p.Pieces(side, board.Pawn))
	for b := p.ByColor(side) &^ p.ByRole(board.Pawn) &^ p.ByRole(board.King); b != 0; b &= b - 1 {
		sq := board.Square(bits.TrailingZeros64(b))
		all |= board.Attacks(side, p.PieceAt(sq).Role(), sq, occ)
	}
	return hit, all
}

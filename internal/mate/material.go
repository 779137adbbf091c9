package mate

import (
	"math/bits"

	"github.com/pgnscan/pgnscan/internal/board"
)

// materialNo reports whether the material alone proves that side can never checkmate from p,
// whatever is played. It looks only at which pieces stand where by colour of square, so it is
// cheap enough to call at every node of a search. Each rule needs side to have no pawn (a pawn
// can promote to anything) and the loser to have no pawn (its promotions could become blockers).
//
// A checkmate needs a check, and a king never gives one (two kings are never adjacent), so:
//
//  1. A lone king never mates.
//
//  2. A king and one knight never mate a king whose army is nothing but queens. Put the loser's
//     king on (0,0) and the checking knight, by symmetry, on (1,2). The squares (0,1) and (1,1)
//     touch both: a queen there would take the knight, and the mating king cannot stand there
//     (they touch the loser's king), so they are empty and must be covered; the knight covers
//     neither, so the mating king does, standing on the only square that touches both and not
//     the loser's king, (0,2). Then (1,0) is covered by nothing, so a queen must stand there,
//     and it takes the knight along the file through the empty (1,1). Nothing pins (the mating
//     side has no line piece), so that capture is legal and the position is not mate. A rook on
//     (0,1) would break this (it cannot take the knight): K+N can mate K+R, and the rule says so.
//
//  3. A king and bishops all on squares of one colour never mate a king whose army has no
//     knight and no bishop on the other colour. Two such bishops never check at once after a
//     move: a bishop move cannot uncover a check by another bishop (the squares it leaves and
//     reaches would both lie on diagonals through the king, which meet only at the king), and a
//     king move uncovers at most one line. So in a mate that was made by a move, one bishop checks
//     along a diagonal entering the loser's king's square (0,0) through (1,1). The orthogonal
//     neighbours (1,0) and (0,1) are of the other colour, which no bishop covers, and no square
//     that touches both is out of the loser's king's reach, so the mating king covers at most
//     one: the other holds a loser's piece, which can only be a rook or a queen. It steps onto
//     (1,1), interposing or taking the checking bishop there; it is not pinned (the mating side
//     has no rook or queen, and (1,0) and (0,1) are on no diagonal through the king), so the
//     position is not mate. A mate that stands in p itself is found before this rule is asked.
func materialNo(p *board.Position, side board.Color) bool {
	kings := p.ByRole(board.King)
	army := p.ByColor(side) &^ kings
	if army == 0 {
		return true // rule 1
	}
	pawns := p.ByRole(board.Pawn)
	if pawns != 0 && pawns&p.ByColor(side) != 0 {
		return false
	}
	loser := p.ByColor(side.Other()) &^ kings
	if loser&pawns != 0 {
		return false
	}
	knights, bishops := p.ByRole(board.Knight), p.ByRole(board.Bishop)
	if army&knights == army && bits.OnesCount64(army) == 1 {
		return loser&^p.ByRole(board.Queen) == 0 // rule 2
	}
	if army&bishops == army {
		oneColour := bishops&board.LightSquares == 0 || bishops&^board.LightSquares == 0
		return oneColour && loser&knights == 0 // rule 3
	}
	return false
}

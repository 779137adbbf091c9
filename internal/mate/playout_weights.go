package mate

import (
	"math/bits"

	"github.com/pgnscan/pgnscan/internal/board"
)

// The playouts' bias: the weight of each legal move, the chance it is drawn being its share of
// the weights' sum. Every move of side has some chance (a mate may need any of them); its
// captures, promotions (a queen most, a knight next: the two that mate most), pawn moves,
// possible checks and steps toward the loser's king are drawn more often. The loser helps: it
// walks its men into the captures of side's pawns (the capture opens the wall), moves its
// pawns, gives up its pieces, and walks its king to a corner or to side's king (toward, drawn
// per playout); it takes side's material only when it has no other move.
const (
	playoutBase       = 4  // every move that is not excluded
	playoutCapture    = 24 // side takes a man of the loser
	playoutQueen      = 64 // side promotes to a queen
	playoutKnight     = 24 // side promotes to a knight
	playoutPawn       = 16 // a pawn move, either side
	playoutCheck      = 16 // side's move that may give check (checks.mayCheck)
	playoutStep       = 8  // a king step toward its goal, or side's piece a step nearer the loser's king
	playoutOffer      = 48 // the loser's man to a square a pawn of side attacks
	playoutGiveUp     = 16 // the loser's piece to a square side's pieces attack
	playoutLoserPawn  = 24 // the loser's pawn move
	playoutLoserTakes = 1  // the loser's capture, when it has no other move
)

// playoutWeights fills d.playout.weights for moves, the legal moves of pos.
func (d *Decider) playoutWeights(pos *board.Position, moves []board.Move, toward bool) {
	w := d.playout.weights[:len(moves)]
	lk := pos.KingSquare(d.loser)
	if pos.Turn() == d.side {
		c := newChecks(pos, d.side, lk)
		near := &distances[lk]
		for i, m := range moves {
			v := int32(playoutBase)
			if m.Captured() != board.NoRole {
				v += playoutCapture
			}
			switch m.Promotion() {
			case board.Queen:
				v += playoutQueen
			case board.Knight:
				v += playoutKnight
			}
			if m.Role() == board.Pawn {
				v += playoutPawn
			}
			if c.mayCheck(m) {
				v += playoutCheck
			}
			if g := near[m.From()] - near[m.To()]; g > 0 {
				v += playoutStep * int32(g)
			}
			w[i] = v
		}
		return
	}
	occ := pos.Occupied()
	hit := pawnCaptures(d.side, pos.Pieces(d.side, board.Pawn))
	all := uint64(0) // squares side's pieces other than its king attack
	for b := pos.ByColor(d.side) &^ pos.ByRole(board.Pawn) &^ pos.ByRole(board.King); b != 0; b &= b - 1 {
		sq := board.Square(bits.TrailingZeros64(b))
		all |= board.Attacks(d.side, pos.PieceAt(sq).Role(), sq, occ)
	}
	goal := &cornerDistances
	if toward {
		goal = &distances[pos.KingSquare(d.side)]
	}
	quiet := false
	for i, m := range moves {
		if m.Captured() != board.NoRole {
			w[i] = 0
			continue
		}
		quiet = true
		v := int32(playoutBase)
		switch {
		case 1<<m.To()&hit != 0:
			v += playoutOffer
		case m.Role() == board.Pawn:
			v += playoutLoserPawn
		case m.Role() == board.King:
			if g := goal[m.From()] - goal[m.To()]; g > 0 {
				v += playoutStep * int32(g)
			}
		case 1<<m.To()&all != 0:
			v += playoutGiveUp
		}
		w[i] = v
	}
	if !quiet {
		for i := range w {
			w[i] = playoutLoserTakes
		}
	}
}

package mate

import "github.com/pgnscan/pgnscan/internal/board"

// The playouts' bias: the weight of each legal move, the chance it is drawn being its share of
// the weights' sum. Every move of side has some chance (a mate may need any of them); its
// captures, promotions (a queen most, a knight next: the two that mate most), pawn moves,
// possible checks and steps toward the loser's king are drawn more often. The loser helps: it
// walks its men into the captures of side's pawns (the capture opens the wall), moves its
// pawns, gives up its pieces, and walks its king to a corner or to side's king (toward, drawn
// per playout); it takes side's material seldom (an eighth of the chance of a move with no
// bias), but not never: a king that eats a pawn of the wall frees the pawns behind it, and some
// mates need the loser's men to come through. A playoutBias holds the weights.
type playoutBias struct {
	base      int32 // every move that is not excluded
	capture   int32 // side takes a man of the loser
	queen     int32 // side promotes to a queen
	knight    int32 // side promotes to a knight
	pawn      int32 // side's pawn move
	check     int32 // side's move that may give check (checks.mayCheck)
	step      int32 // a king step toward its goal, or side's piece a step nearer the loser's king
	offer     int32 // the loser's man to a square a pawn of side attacks
	giveUp    int32 // the loser's piece to a square side's pieces attack
	loserPawn int32 // the loser's pawn move
	takes     int32 // the loser's capture of side's man
}

// defaultBias is the bias the playouts use. Measured alone on the 117 questions labelled "can
// mate" that the plan before the playouts left unknown (100,000 nodes each): changing any one
// of side's weights or the loser's offers by a factor of 3 up or down moved the count found by
// at most 3 or 4 of about 60 (the spread of a change of seed); the loser's captures matter:
// never (unless it had no other move) 49 found, a weight of 1 against a base of 4 59, 2 58,
// 4 55; a base of 6, 8, 12, 16 against captures at 1: 65, 64, 62, 62.
var defaultBias = playoutBias{
	base: 8, capture: 24, queen: 64, knight: 24, pawn: 16, check: 16, step: 8,
	offer: 48, giveUp: 16, loserPawn: 24, takes: 1,
}

// playoutWeights fills d.playout.weights for moves, the legal moves of pos.
func (d *Decider) playoutWeights(pos *board.Position, moves []board.Move, toward bool) {
	w := d.playout.weights[:len(moves)]
	b := d.playout.bias
	lk := pos.KingSquare(d.loser)
	if pos.Turn() == d.side {
		c := newChecks(pos, d.side, lk)
		toKing := &distances[lk]
		for i, m := range moves {
			v := b.base
			if m.Captured() != board.NoRole {
				v += b.capture
			}
			switch m.Promotion() {
			case board.Queen:
				v += b.queen
			case board.Knight:
				v += b.knight
			}
			if m.Role() == board.Pawn {
				v += b.pawn
			}
			if c.mayCheck(m) {
				v += b.check
			}
			if g := toKing[m.From()] - toKing[m.To()]; g > 0 {
				v += b.step * int32(g)
			}
			w[i] = v
		}
		return
	}
	hit, all := offers(pos, d.side)
	goal := &cornerDistances
	if toward {
		goal = &distances[pos.KingSquare(d.side)]
	}
	for i, m := range moves {
		if m.Captured() != board.NoRole {
			w[i] = b.takes
			continue
		}
		v := b.base
		switch {
		case 1<<m.To()&hit != 0:
			v += b.offer
		case m.Role() == board.Pawn:
			v += b.loserPawn
		case m.Role() == board.King:
			if g := goal[m.From()] - goal[m.To()]; g > 0 {
				v += b.step * int32(g)
			}
		case 1<<m.To()&all != 0:
			v += b.giveUp
		}
		w[i] = v
	}
}

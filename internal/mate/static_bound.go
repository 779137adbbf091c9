package mate

import "github.com/pgnscan/pgnscan/internal/board"

// Bound pawns: a pawn that can never capture, be captured or promote stays on its file for
// ever, and the enemy pawns in front of it on that file can never get past it, however far
// apart they stand now (1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3: the black pawns of the
// fifth rank march down but never pass White's second-rank pawns, which no black man can ever
// reach, so they never promote). A locked pawn is the case where the two already touch; a
// bound pawn is not locked, it moves, but it bounds the cones of the pawns it faces.
//
// Why it is sound, by the induction of the layer's comment, with the bound pawns B added to
// what it carries (every pawn of B is on its file, uncaptured, not promoted): a pawn Y of the
// other colour that stands in front of X in B on X's file, at any time, stays in front of it,
// since X only moves toward Y along the file, onto empty squares, and neither jumps the other.
// X never stands behind the square it stands on now, so Y never pushes onto that square:
// pawns never push onto the square of an enemy pawn of B (shadows), which bounds the cones of
// those in front of it on its file. A pawn behind X (one that got there by a capture) moves
// away from that square and is not held. And X keeps to its file: stillBound drops it when
// its cone (its own reach, with those squares closed) holds a square an enemy man or king
// could attack (it could be captured, en passant too: the capturing pawn attacks the square
// passed), a capture square an enemy man could stand on, or a square of the last rank.

// boundCandidates returns the pawns with an enemy pawn in front of them on their file, where
// the loop of lockedFrom starts the bound set, or none when an en passant capture is open
// (not worth the care it would need).
func boundCandidates(p *board.Position) uint64 {
	if p.EnPassant() != board.NoSquare {
		return 0
	}
	pawns := p.ByRole(board.Pawn)
	white, black := pawns&p.ByColor(board.White), pawns&p.ByColor(board.Black)
	return white&pawnsBehind(board.White, black) | black&pawnsBehind(board.Black, white)
}

// pawnsBehind returns the squares behind the squares of b as a pawn of colour c sees them:
// those on the same files toward c's own first rank, from which c's pawn would have b in front.
func pawnsBehind(c board.Color, b uint64) uint64 {
	var r uint64
	for b = pawnPushes(c.Other(), b); b != 0; b = pawnPushes(c.Other(), b) {
		r |= b
	}
	return r
}

// shadows returns, for each colour, the squares its pawns never push onto: the squares of the
// enemy pawns of bound.
func shadows(p *board.Position, bound uint64) [2]uint64 {
	return [2]uint64{
		board.White: bound & p.ByColor(board.Black),
		board.Black: bound & p.ByColor(board.White),
	}
}

// stillBound returns the pawns of colour c in bound that pass the tests of a bound pawn
// against the reaches r: the pawn's cone, computed alone by menReach with the other pawns'
// shadows, holds no square of the last rank and none that an enemy man (its hits), the enemy
// king (its attacks, guarded or not) or an enemy locked pawn attacks, and none of its capture
// squares is one an enemy man or locked pawn could stand on.
func stillBound(p *board.Position, c board.Color, locked, bound uint64, r *[2]reach) uint64 {
	e := c.Other()
	them := &r[e]
	last := lastRankWhite
	if c == board.Black {
		last = lastRankBlack
	}
	enemyMen := them.occupy | locked&p.ByColor(e)
	attacked := them.hits | them.kingHits | them.pawnHits
	shadow := shadows(p, bound)[c]
	var out uint64
	for b := bound & p.ByColor(c); b != 0; b &= b - 1 {
		cone := menReach(p, c, b&-b, locked, enemyMen, shadow).occupy
		if cone&(last|attacked) == 0 && pawnCaptures(c, cone)&enemyMen == 0 {
			out |= b & -b
		}
	}
	return out
}

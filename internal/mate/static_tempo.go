package mate

import (
	"math/bits"

	"github.com/pgnscan/pgnscan/internal/board"
)

// The tempo proof: a "no" for walls where the kings decide, move by move, what can happen.
//
// staticNo gives up on a pawn that an enemy king could take while nothing guards it, and on a
// mate square it cannot rule out by the reaches alone. Both fail where a king is shut in on a
// few squares: in 8/b1b5/k6p/2b2p1P/1b3p2/5PpK/6P1/8 the white king walks h3-h4-h3 for ever,
// Black's king may take g2 while it is on h4, and Black's only mate (king on h4, Black's king on
// h2 covering h3, a dark bishop checking) needs White's last move to be Kh3-h4 and Black's king
// then to arrive on h2 and a bishop to check, two moves of Black's in one of White's. Whoever
// moves, the kings alternate, so that position never arises.
//
// The proof keeps the kings exact and everything else abstract. Its states are the two kings'
// squares and the side to move; every other man is where the static layer's reaches allow:
//
//  1. lockedByMen finds the pawns that no man but a king can ever move or take (stillLocked
//     without the kings' attacks) and the reaches with them in place, as lockedPawns does. Every
//     pawn on the board must be in that set, and the position must have no castling right (a
//     castling moves the king two squares) and no en passant target.
//  2. A man other than a king and a locked pawn is frozen when it is a knight whose every jump
//     lands on a locked pawn and no enemy man can ever attack it, nor the enemy king unless a
//     locked pawn of its own guards it: it never moves and is never taken, and its jumps are
//     guarded for ever. Any other such man is free: its side may spend a move on it (a pass).
//  3. From the root's state, a move of the side to move is one of: its king steps to a square of
//     its king's reach that is not next to the other king; a pass, when it has a free man; its
//     king takes a locked pawn that nothing certain guards (no locked pawn, no frozen knight, not
//     the other king). A real move of any game from the position is one of these (its effect on
//     the kings) until a king first takes a locked pawn, by the induction of the layer's comment
//     with L the locked pawns and frozen knights: the only move that can break it is that
//     capture, which the reaches do not hold.
//  4. A mate by side is made by side's move. After a pass, a man of side checks the loser's
//     king (its square in side's hits) and each neighbour the king could step to is covered by
//     side's men (side's hits), by side's king (next to its square) or filled by the loser's men
//     (their occupy). After a king step, the check can only be discovered (a king gives none, and
//     the loser was not in check before it): the square the king left lies on a line from the
//     loser's king, not crossed by a locked pawn, of a kind that a free man of side slides along.
//     The proof visits every state reachable by 3 and answers no when none of them passes 4.
//  5. A king's capture of a locked pawn must end the game: the side then to move has no free
//     man, its king's every neighbour is next to the capturing king, its own locked pawn or
//     guarded for ever by the capturer, its pawns' pushes are blocked by a locked pawn or a king
//     and their captures reach no square the capturer's men can occupy; and when side captured,
//     the loser is not in check by a discovered line as in 4 (else it would be a mate). A
//     capture that may not end the game leaves the position unproved.
//
// Every approximation errs on the side of more moves and more mates: a wrong step can only
// leave a position unproved.

// lockedByMen returns the pawns that no man other than a king can ever move or capture, by the
// loop of lockedFrom without the kings' attacks and without bound pawns (their shadows only
// narrow the cones of pawns that are not locked, and here every pawn must be), with the reaches.
// The proof asks it only where no en passant target stands (tempoShape).
func lockedByMen(p *board.Position) (locked uint64, r [2]reach) {
	return lockLoop(p, headOn(p), 0, 0, false)
}

// tempo is the proof's abstraction of one position for one side (side mates, loser is mated).
type tempo struct {
	side, loser board.Color
	r           [2]reach
	locked      uint64
	pawns       [2]uint64 // each colour's pawns, all locked
	guards      [2]uint64 // squares each colour attacks for ever: its locked pawns', its frozen knights'
	free        [2]bool   // the colour has a free man, so it may pass
	diag, ortho bool      // side has a free man that slides along diagonals / ranks and files
	seen        [2 * 64]uint64
	stack       []uint16
}

// no reports whether the tempo proof shows that side can never checkmate from p. p itself
// must be no mate by side (the proof looks only at the moves from it). t keeps its stack
// between calls, so a decider's proofs allocate nothing once it has grown.
func (t *tempo) no(p *board.Position, side board.Color) bool {
	return tempoShape(p) && t.setUp(p, side) && !(p.Turn() == t.loser && p.IsCheckmate()) && t.proves(p)
}

// tempoShape is the cheap half of the test of whether the proof handles p, asked first: p has
// pawns, every one of them head-on against a pawn or the enemy king, no castling right (a
// castling moves the king two squares) and no en passant target. It costs a few instructions
// and fails on nearly every final position of real games (a pawn with an empty square in
// front of it), so Quick may ask the proof of every position it asks staticNo of. The
// cheapest tests come first: a castling right (many a resigned game keeps one), then the
// white half of headOn (facing), a white pawn with neither a pawn nor the black king in front
// of it, and the black half last, each half computed once.
func tempoShape(p *board.Position) bool {
	if p.Castling() != 0 || p.EnPassant() != board.NoSquare {
		return false
	}
	pawns := p.ByRole(board.Pawn)
	if pawns == 0 || pawns&p.ByColor(board.White) != facing(p, board.White) {
		return false
	}
	return pawns&p.ByColor(board.Black) == facing(p, board.Black)
}

// init sets t up for p and side; false when p is not a position the proof handles.
func (t *tempo) init(p *board.Position, side board.Color) bool {
	return tempoShape(p) && t.setUp(p, side)
}

// setUp is init for a p of the proof's shape (tempoShape): false when some pawn is not
// locked by the men.
func (t *tempo) setUp(p *board.Position, side board.Color) bool {
	pawns := p.ByRole(board.Pawn)
	locked, r := lockedByMen(p)
	if locked != pawns {
		return false
	}
	*t = tempo{side: side, loser: side.Other(), r: r, locked: locked, stack: t.stack[:0]}
	kings := p.ByRole(board.King)
	for c := board.White; c <= board.Black; c++ {
		e := c.Other()
		t.pawns[c] = pawns & p.ByColor(c)
		var frozen uint64
		for n := p.Pieces(c, board.Knight); n != 0; n &= n - 1 {
			sq := n & -n
			safe := sq&r[e].hits == 0 && sq&(r[e].kingHits&^r[c].pawnHits) == 0
			if knightJumps(sq)&^locked == 0 && safe {
				frozen |= sq
			}
		}
		t.guards[c] = r[c].pawnHits | knightJumps(frozen)
		t.free[c] = p.ByColor(c)&^kings&^pawns&^frozen != 0
	}
	free := p.ByColor(side) &^ kings &^ pawns
	queens := p.ByRole(board.Queen)
	t.diag = free&(p.ByRole(board.Bishop)|queens) != 0
	t.ortho = free&(p.ByRole(board.Rook)|queens) != 0
	return true
}

// proves visits every state reachable from p's (step 3 of the comment above) and reports
// whether none can be a mate by side and every king's capture ends the game.
func (t *tempo) proves(p *board.Position) bool {
	t.push(p.KingSquare(t.loser), p.KingSquare(t.side), p.Turn())
	for len(t.stack) > 0 {
		st := t.stack[len(t.stack)-1]
		t.stack = t.stack[:len(t.stack)-1]
		k, s, turn := board.Square(st>>6&63), board.Square(st&63), board.Color(st>>12)
		ok := t.loserMoves(k, s)
		if turn == t.side {
			ok = t.sideMoves(k, s)
		}
		if !ok {
			return false
		}
	}
	return true
}

// push adds the state (loser's king on k, side's king on s, turn to move) unless seen.
func (t *tempo) push(k, s board.Square, turn board.Color) {
	i := int(turn)<<6 | int(k)
	if t.seen[i]&(1<<s) != 0 {
		return
	}
	t.seen[i] |= 1 << s
	t.stack = append(t.stack, uint16(turn)<<12|uint16(k)<<6|uint16(s))
}

// sideMoves pushes the states after side's moves from (k, s) and reports false when one of
// them may be a mate, or a capture may not end the game.
func (t *tempo) sideMoves(k, s board.Square) bool {
	kb, sb := uint64(1)<<k, uint64(1)<<s
	for to := kingSteps(sb) & t.r[t.side].king &^ kingSteps(kb) &^ kb; to != 0; to &= to - 1 {
		sq := board.Square(bits.TrailingZeros64(to))
		if t.mayMate(k, sq, s) {
			return false
		}
		t.push(k, sq, t.loser)
	}
	for x := kingSteps(sb) & t.pawns[t.loser] &^ t.guards[t.loser] &^ kingSteps(kb); x != 0; x &= x - 1 {
		if !t.captureEnds(t.side, s, x&-x, k) {
			return false
		}
	}
	if t.free[t.side] {
		if t.mayMate(k, s, board.NoSquare) {
			return false
		}
		t.push(k, s, t.loser)
	}
	return true
}

// loserMoves pushes the states after the loser's moves from (k, s), as sideMoves.
func (t *tempo) loserMoves(k, s board.Square) bool {
	kb, sb := uint64(1)<<k, uint64(1)<<s
	for to := kingSteps(kb) & t.r[t.loser].king &^ kingSteps(sb) &^ sb; to != 0; to &= to - 1 {
		t.push(board.Square(bits.TrailingZeros64(to)), s, t.side)
	}
	for x := kingSteps(kb) & t.pawns[t.side] &^ t.guards[t.side] &^ kingSteps(sb); x != 0; x &= x - 1 {
		if !t.captureEnds(t.loser, k, x&-x, s) {
			return false
		}
	}
	if t.free[t.loser] {
		t.push(k, s, t.side)
	}
	return true
}

// mayMate reports whether side's move may have mated the loser's king on k, side's king now
// on s, having come from from (board.NoSquare: side moved another man), as step 4 says.
func (t *tempo) mayMate(k, s, from board.Square) bool {
	kb := uint64(1) << k
	if kb&t.r[t.side].hits == 0 || from != board.NoSquare && !t.discovers(k, from) {
		return false
	}
	open := kingSteps(kb) & t.r[t.loser].king &^ kingSteps(uint64(1)<<s) &^ t.r[t.side].hits &^ t.r[t.loser].occupy
	return open == 0
}

// discovers reports whether side's king leaving from may uncover a check of a king on k: from
// lies on a line from k that no locked pawn crosses first, along which a free man of side
// slides.
func (t *tempo) discovers(k, from board.Square) bool {
	f := uint64(1) << from
	return t.diag && board.Attacks(t.side, board.Bishop, k, t.locked)&f != 0 ||
		t.ortho && board.Attacks(t.side, board.Rook, k, t.locked)&f != 0
}

// captureEnds reports whether colour c's king, taking the locked pawn on x from the square
// from, certainly ends the game with no mate by side: the other colour, its king on m, has no
// legal move whatever the free men do, and is not in check when c is side (step 5).
func (t *tempo) captureEnds(c board.Color, from board.Square, x uint64, m board.Square) bool {
	o := c.Other()
	if t.free[o] {
		return false
	}
	closed := kingSteps(x) | t.pawns[o]&^x | t.guards[c]
	if kingSteps(uint64(1)<<m)&^closed != 0 {
		return false
	}
	pawns := t.pawns[o] &^ x
	if pawnPushes(o, pawns)&^(t.locked|x|uint64(1)<<m) != 0 || pawnCaptures(o, pawns)&t.r[c].occupy != 0 {
		return false
	}
	return c != t.side || !t.discovers(m, from)
}

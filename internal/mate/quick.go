package mate

import "github.com/pgnscan/pgnscan/internal/board"

// Quick answers from the cheap layers only: the material, the forced-move chain, the static
// reachability argument, and one ply of every reply of the side to move, each child settled
// by the same cheap tests. It never searches, so it answers No or Unknown (Yes only when p is
// a checkmate by side), in microseconds. The scan asks it first and searches only when
// Quick leaves a question open that the search can settle cheaply (see rules).
//
// Why the one-ply step is sound: side can mate from p only through some legal move from p (p
// itself not being a mate by side, which the forced-move layer has ruled out), so when every
// child is proved unable (no legal move there and not a mate by side, the material, or the
// static argument), so is p.
func (d *Decider) Quick(p *board.Position, side board.Color) Result {
	root := *p
	if r, done := d.cheapLayers(&root, side); done {
		return r
	}
	if d.everyReplyNo(&root) {
		return Result{Answer: No, Proof: ProofStatic}
	}
	return Result{Answer: Unknown}
}

// everyReplyNo reports whether every legal move from p leads to a position from which the
// cheap tests prove side unable to mate. It gives up at the first child they do not settle,
// so a position with a free move costs one child, and it does not try positions with more
// than maxReplies moves (a position where so many moves all lose the mating material, or all
// end the game, is rare, and the search can still tell). When forcedLayer played no move, the
// first frame still holds p's moves (it generated them and returned on finding more than one).
func (d *Decider) everyReplyNo(p *board.Position) bool {
	moves := &d.frames[0].moves
	if len(d.prefix) > 0 {
		p.LegalMoves(moves)
	}
	if moves.N > maxReplies {
		return false
	}
	for _, m := range moves.Moves[:moves.N] {
		child := *p
		child.Play(m)
		if !child.HasLegalMove() {
			if child.Turn() == d.loser && child.InCheck() {
				return false // a mate by side
			}
			continue // stalemate, or side itself mated
		}
		if !materialNo(&child, d.side) && !staticNo(&child, d.side) {
			return false
		}
	}
	return moves.N > 0
}

// maxReplies bounds the positions everyReplyNo tries, by their number of legal moves.
const maxReplies = 8

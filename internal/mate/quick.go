package mate

import (
	"math/bits"

	"github.com/pgnscan/pgnscan/internal/board"
)

// Quick answers from the cheap layers only: the material, the forced-move chain, the static
// reachability argument and the tempo proof (static_tempo.go), one ply of every reply of the
// side to move, each child settled by the material or the static argument, and the small-space
// proof (static_space.go), where one side can hardly move. It never
// searches, so it answers No or Unknown (Yes only when p is a checkmate by side), in
// microseconds. The scan asks it first and searches only when Quick leaves a question open that
// the search can settle cheaply (see rules).
//
// Why the one-ply step is sound: side can mate from p only through some legal move from p (p
// itself not being a mate by side, which the forced-move layer has ruled out), so when every
// child is proved unable (no legal move there and not a mate by side, the material, or the
// static argument), so is p.
//
// When manyMoves shows that the side to move has more than maxReplies moves, the forced-move
// layer would stop at p and the one-ply step would not try it: what is left of the cheap
// layers is the material, the static argument, the tempo proof and the small-space proof at
// p, asked without generating a move (the last knows from manyMoves that the side to move moves
// freely).
//
// When p has fewer counted moves (in check, say) but its king has two legal steps, kingOpen
// shows as much without listing p's moves, and one of those steps leads to a child that the
// one-ply step cannot settle; then too only the material, the static argument, the tempo
// proof and the small-space proof at p are left.
func (d *Decider) Quick(p *board.Position, side board.Color) Result {
	many := manyMoves(p)
	var child board.Position
	var step *board.Position // child: p after its king's first step, when kingOpen played it
	if !many {
		if !kingOpen(p, side, &child) {
			return d.quickLayers(p, side)
		}
		step = &child
	}
	switch {
	case materialNo(p, side):
		return Result{Answer: No, Proof: ProofMaterial}
	case staticNo(p, side) || d.tempo.no(p, side) || d.space.no(p, side, many, step):
		return Result{Answer: No, Proof: ProofStatic}
	}
	return Result{Answer: Unknown}
}

// kingOpen reports, listing no moves of p, that the forced-move layer plays nothing from p and
// the one-ply step fails there: the king of the side to move has two legal steps onto empty
// squares, and after the first the side then to move has a legal move and neither the
// material nor the static argument proves side unable to mate.
//
// Why that is enough: with two legal moves or more, the forced-move layer stops at p, having
// asked only the material there (Quick asks it too); and the one-ply step proves p only when
// every child is settled, which this child is not (it has a legal move, so it is no mate, and
// childNo, the step's own test, leaves it open), whichever order the children are tried in.
// So quickLayers' answer is what the material, the static argument, the tempo proof and the
// small-space proof at p say, or Unknown.
//
// When it finds the two steps, it leaves in step p after the first, the child that the
// small-space proof's freeChild looks at.
func kingOpen(p *board.Position, side board.Color, step *board.Position) bool {
	var steps [2]board.Move
	if quietKingSteps(p, steps[:]) < 2 {
		return false
	}
	*step = *p
	step.Play(steps[0])
	return step.HasLegalMove() && !childNo(step, side)
}

// quietKingSteps fills steps with the first legal steps of the king of the side to move onto
// empty squares (in the order of their squares), listing no other move, and returns how many
// it found (at most len(steps)).
func quietKingSteps(p *board.Position, steps []board.Move) int {
	k := p.KingSquare(p.Turn())
	n := 0
	for b := kingSteps(uint64(1)<<k) &^ p.Occupied(); b != 0 && n < len(steps); b &= b - 1 {
		if m, ok := p.QuietPieceMove(k, board.Square(bits.TrailingZeros64(b))); ok {
			steps[n] = m
			n++
		}
	}
	return n
}

// quickLayers is Quick's answer from every cheap layer in turn.
func (d *Decider) quickLayers(p *board.Position, side board.Color) Result {
	root := *p
	if r, done := d.cheapProof(&root, side); done {
		return r
	}
	return Result{Answer: Unknown}
}

// cheapProof is every cheap layer in turn, for Quick and CanMate: cheapLayers (the forced
// moves played out on root), then the tempo proof, the one-ply step and the small-space proof
// at the root they leave.
func (d *Decider) cheapProof(root *board.Position, side board.Color) (r Result, done bool) {
	if r, done := d.cheapLayers(root, side); done {
		return r, true
	}
	if d.tempo.no(root, side) || d.everyReplyNo(root) || d.space.no(root, side, false, nil) {
		return Result{Answer: No, Proof: ProofStatic}, true
	}
	return Result{}, false
}

// childNo is the one-ply step's test of a child that has a legal move: the material or the
// static argument proves side unable to mate from it. kingOpen asks the same, so that its
// child is one the step cannot settle.
func childNo(child *board.Position, side board.Color) bool {
	return materialNo(child, side) || staticNo(child, side)
}

// everyReplyNo reports whether every legal move from p leads to a position from which the
// cheap tests prove side unable to mate. It gives up at the first child they do not settle,
// so a position with a free move costs one child, and it does not try positions with more
// than maxReplies moves (a position where so many moves all lose the mating material, or all
// end the game, is rare, and the search can still tell). p is the position forcedLayer stopped
// at, whose moves it left in the question's (or too many to list: d.many).
func (d *Decider) everyReplyNo(p *board.Position) bool {
	moves := &d.moves
	if d.many || moves.N > maxReplies {
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
		if !childNo(&child, d.side) {
			return false
		}
	}
	return moves.N > 0
}

// maxReplies bounds the positions everyReplyNo tries, by their number of legal moves.
const maxReplies = 8

// manyMoves reports, without generating moves, that the side to move in p has more than
// maxReplies legal moves: then the forced-move layer plays nothing (it stops at a choice of
// moves) and everyReplyNo does not try p, so Quick can skip both and their move generation,
// the larger part of its cost on the final position of a typical game.
//
// Why the count is a lower bound: the side to move is not in check, and it counts only moves of
// men that nothing can pin: a pin runs along a line (rank, file or diagonal) through the king
// to an enemy rook or queen (ranks and files) or bishop or queen (diagonals) on it, so a man on
// no such line is pinned by nothing, and moving it cannot expose its king, which was not in
// check. It counts such knights', bishops', rooks' and queens' moves to the squares they attack
// that hold no man of their own and no king, and such pawns' single pushes onto empty squares
// and captures of enemy men (each promotion once, and two captures onto one square once). King
// moves, castling, double pushes and en passant are not counted, so the true number can only be
// larger.
func manyMoves(p *board.Position) bool {
	return !p.InCheck() && freeMoves(p, p.Turn(), maxReplies) > maxReplies
}

// freeMoves counts, up to a little past limit, the moves of colour c's men that nothing can pin,
// as manyMoves describes: a lower bound of c's legal moves when c is not in check (c not to
// move never is). A man is pinned only along a line through its king to an enemy line piece.
// A lone king has no man to count (the small-space proof asks of many a lone king).
func freeMoves(p *board.Position, us board.Color, limit int) int {
	them := us.Other()
	own, occ := p.ByColor(us), p.Occupied()
	if own&^p.ByRole(board.King) == 0 {
		return 0
	}
	k := p.KingSquare(us)
	var lines uint64
	if ortho := board.Attacks(us, board.Rook, k, 0); ortho&(p.Pieces(them, board.Rook)|p.Pieces(them, board.Queen)) != 0 {
		lines |= ortho
	}
	if diag := board.Attacks(us, board.Bishop, k, 0); diag&(p.Pieces(them, board.Bishop)|p.Pieces(them, board.Queen)) != 0 {
		lines |= diag
	}
	free := p.Pieces(us, board.Pawn) &^ lines
	targets := ^(own | p.ByRole(board.King)) // no man of its own, nor a king (never capturable)
	n := bits.OnesCount64(pawnPushes(us, free)&^occ) +
		bits.OnesCount64(pawnCaptures(us, free)&p.ByColor(them)&targets) // a square per capture at least
	for b := own &^ p.ByRole(board.Pawn) &^ p.ByRole(board.King) &^ lines; b != 0 && n <= limit; b &= b - 1 {
		sq := board.Square(bits.TrailingZeros64(b))
		n += bits.OnesCount64(board.Attacks(us, p.PieceAt(sq).Role(), sq, occ) & targets)
	}
	return n
}

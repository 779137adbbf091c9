package rules

import "github.com/pgnscan/pgnscan/internal/board"

// The counts the Laws' repetition and move-count rules turn on (rules.md 3, 4), each written
// once: the rules below test them, and the Judge's fast paths ask the same tests.
const (
	threefoldReps   = 3   // 9.2: a position's third occurrence can be claimed
	fivefoldReps    = 5   // 9.6a, 9.6.1 (and lichess): its fifth ends the game
	fiftyMoves      = 100 // 9.3: 50 moves by each side, in half-moves (lichess: an ending)
	seventyFiveMove = 150 // 9.6b, 9.6.2: 75 moves by each side, in half-moves
)

// threefoldOnBoard reports whether Pi stands for the third time or more (9.2 on the board).
func (t *tally) threefoldOnBoard() bool { return t.count >= threefoldReps }

// threefoldByMove reports whether a move of us could recreate a position that stood twice
// (9.2 by announcing the move): only a position seen twice with the other side to move can be.
func (t *tally) threefoldByMove(us board.Color) bool { return len(t.twice[us.Other()]) > 0 }

// fiftyOnBoard reports whether the last fifty moves of each side had no capture or pawn move
// (9.3 on the board; lichess ends the game there).
func (t *tally) fiftyOnBoard() bool { return t.hmc >= fiftyMoves }

// fiftyByMove reports whether one more move without a capture or pawn move completes the
// fifty (9.3 by announcing the move).
func (t *tally) fiftyByMove() bool { return t.hmc == fiftyMoves-1 }

// fivefold reports whether Pi stands for the fifth time or more (9.6a, 9.6.1, lichess).
func (t *tally) fivefold() bool { return t.count >= fivefoldReps }

// seventyFive reports whether the last 75 moves of each side had no capture or pawn move
// (9.6b, 9.6.2).
func (t *tally) seventyFive() bool { return t.hmc >= seventyFiveMove }

// fiftyClaimable reports whether the fifty-move rule can be claimed at Pi, on the board or by
// announcing the move (9.3).
func (t *tally) fiftyClaimable() bool { return t.hmc >= fiftyMoves-1 }

// mayClaim reports whether us may have a claim at Pi: one of the claim tests above holds.
// The common case, no, is the Judge's fast path (rules.md 4.2).
func (t *tally) mayClaim(us board.Color) bool {
	return t.threefoldOnBoard() || t.fiftyClaimable() || t.threefoldByMove(us)
}

// mayDecide reports whether Pi may end the game under some edition, other than by checkmate
// or stalemate, or give us a claim: Play judges only these positions closely. Every ending but
// a dead position needs what a claim needs first (a fifth occurrence is a third; 75 and 50
// moves are fifty), so the claims' tests cover them (TestEndingsNeedClaims).
func (j *Judge) mayDecide(t *tally, us board.Color) bool { return j.dead || t.mayClaim(us) }

// mayEnd reports whether some edition may end the game at Pi other than by checkmate or
// stalemate: one of the ending tests above holds (rules.md 3).
func (j *Judge) mayEnd(t *tally) bool {
	return j.dead || t.fivefold() || t.seventyFive() || t.fiftyOnBoard()
}

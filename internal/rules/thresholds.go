package rules

import "github.com/pgnscan/pgnscan/internal/board"

// Thresholds are the counts an edition's repetition and move-count rules turn on (rules.md 3,
// 4): edition data (Counting.Thresholds), so that a rule's count is changed in one place, the
// edition table. The tests below read a tally's own, those of the editions counting with it.
// The counts are int16 so that a Counting (12 bytes, no padding) compares inline: Begin
// compares the editions' Countings for every game, and with int counts each comparison was a
// call.
type Thresholds struct {
	// Threefold: the occurrence of a position from which it can be claimed (9.2); a claim by
	// announcing a move aims at a position that stood one time less. At least 3: the window
	// lists the positions a claim by move may aim at from their second occurrence on.
	Threefold int16
	// Fivefold: the occurrence of a position that ends the game (9.6a, 9.6.1, lichess). The
	// fide2014 reading (Pi = Pi-4 = ...) reads at most 5 (keepLast, window.go).
	Fivefold int16
	// Fifty: the half-moves without a capture or pawn move from which the fifty-move rule can
	// be claimed (9.3: 50 moves by each side); on lichess they end the game.
	Fifty int16
	// SeventyFive: the half-moves without a capture or pawn move that end the game (9.6b,
	// 9.6.2: 75 moves by each side).
	SeventyFive int16
}

// lawThresholds are the Laws' counts, which every edition of the table holds.
var lawThresholds = Thresholds{Threefold: 3, Fivefold: 5, Fifty: 100, SeventyFive: 150}

// threefoldOnBoard reports whether Pi stands for the third time or more (9.2 on the board).
func (t *tally) threefoldOnBoard() bool { return t.count >= int(t.th.Threefold) }

// threefoldByMove reports whether a move of us could recreate a position that stood twice
// (Threefold-1 times; 9.2 by announcing the move): only a position seen so with the other
// side to move can be, and the window lists those (tally.repeated).
func (t *tally) threefoldByMove(us board.Color) bool {
	// A test of us rather than an index by us.Other(): fewer instructions in mayDecide.
	if us == board.White {
		return len(t.twice[board.Black]) > 0
	}
	return len(t.twice[board.White]) > 0
}

// fiftyOnBoard reports whether the last fifty moves of each side had no capture or pawn move
// (9.3 on the board; lichess ends the game there).
func (t *tally) fiftyOnBoard() bool { return t.hmc >= int(t.th.Fifty) }

// fiftyByMove reports whether one more move without a capture or pawn move completes the
// fifty (9.3 by announcing the move).
func (t *tally) fiftyByMove() bool { return t.hmc == int(t.th.Fifty)-1 }

// fivefold reports whether Pi stands for the fifth time or more (9.6a, 9.6.1, lichess).
func (t *tally) fivefold() bool { return t.count >= int(t.th.Fivefold) }

// seventyFive reports whether the last 75 moves of each side had no capture or pawn move
// (9.6b, 9.6.2).
func (t *tally) seventyFive() bool { return t.hmc >= int(t.th.SeventyFive) }

// fiftyClaimable reports whether the fifty-move rule can be claimed at Pi, on the board or by
// announcing the move (9.3).
func (t *tally) fiftyClaimable() bool { return t.hmc >= int(t.th.Fifty)-1 }

// mayClaim reports whether us may have a claim at Pi: one of the claim tests above holds.
// The common case, no, is the Judge's fast path (rules.md 4.2).
func (t *tally) mayClaim(us board.Color) bool {
	return t.threefoldOnBoard() || t.fiftyClaimable() || t.threefoldByMove(us)
}

// mayDecide reports whether Pi may end the game under some edition, other than by checkmate
// or stalemate, or give us a claim: Play judges only these positions closely. It asks the
// claims' and endings' tests at once: a dead position, a claim by move, or the count or clock
// at or past the least from which a claim or an ending by a count may hold (decideFrom).
func (j *Judge) mayDecide(t *tally, us board.Color) bool {
	return j.dead || t.count >= t.decideReps || t.hmc >= t.decideHmc || t.threefoldByMove(us)
}

// decideFrom returns the least occurrence count and the least halfmove clock from which a
// claim or an ending by a count may hold under th (threefoldOnBoard, fivefold;
// fiftyClaimable, fiftyOnBoard, seventyFive): with the Laws' counts, 3 and 99.
func (th Thresholds) decideFrom() (reps, hmc int) {
	return int(min(th.Threefold, th.Fivefold)), int(min(th.Fifty-1, th.SeventyFive))
}

// mayEnd reports whether some edition may end the game at Pi other than by checkmate or
// stalemate: one of the ending tests above holds (rules.md 3).
func (j *Judge) mayEnd(t *tally) bool {
	return j.dead || t.fivefold() || t.seventyFive() || t.fiftyOnBoard()
}

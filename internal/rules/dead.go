package rules

import (
	"math"

	"github.com/pgnscan/pgnscan/internal/board"
	"github.com/pgnscan/pgnscan/internal/mate"
)

// gameEnd is what the Judge keeps of a game for the questions asked at its end (rules.md 7
// and 8): whether its final position is dead beyond material, and if so where it first
// became dead; how its tags say it stopped; whether the winner could still mate.
//
// It keeps the game's moves, 4 bytes a half-move in one reused slice, and P0: when Pn is
// dead, the first dead position is found by replaying them (see firstDead), so nothing per
// position is stored. That is the one part of a Judge's memory that grows with the game's
// length; the window (window.go) is bounded by the positions since the last irreversible move.
type gameEnd struct {
	decider decider // one per Judge (a *mate.Decider is not safe for concurrent use)

	start    board.Position // P0
	moves    []board.Move   // moves[i] is the move played from Pi (played), up to maxKeptMoves
	movesCut bool           // the game is longer than maxKeptMoves: moves does not replay it

	// deadFrom is the first ply proved dead beyond material by a replay (math.MaxInt when
	// none). rejudge sets deadSearch on reaching it (Begin at ply 0), and it stays set: every
	// later position is dead too. It ends every edition with DeadBySearch; an edition without
	// (lichess) goes on until the material rule ends it, so Play keeps judging.
	deadFrom  int
	rejudging bool // Finish is replaying the game with deadFrom set

	boardEnd          Rule          // Pn's own ending, Checkmate, Stalemate or NoRule: set by Finish (boardEnding)
	stop              Stop          // how the tags say the game stopped (SetStop)
	noAgreementBefore int           // --no-agreement-before N, 0 when not given
	canMate           [2]MateAnswer // the decider's answers at Pn, by colour, once asked
	canMateProof      [2]mate.Proof

	choices []Choice // the game's choices, kept for the replay

	// probe and below are firstDead's positions, the one it asks about and the latest one
	// known not dead: kept here because locals would escape through the decider interface,
	// a heap allocation of each for every game with a dead Pn.
	probe, below board.Position
}

// ScanBudget is the node budget of the one search finalDead may run for a position: enough for
// the few-piece positions where a search settles what the cheap layers leave open, small
// enough that a search that cannot end costs a millisecond or two, not the 0.1-0.3 s of the
// decider's default (mate.DefaultBudget, which pgnscan canmate uses).
const ScanBudget = 2_000

// decider is what the Judge asks of a *mate.Decider; tests give hand-labelled answers.
type decider interface {
	Quick(p *board.Position, side board.Color) mate.Result
	CanMate(p *board.Position, side board.Color) mate.Result
}

// beginEnd resets the end-of-game state for a new game from start. A replay keeps the moves,
// the tags' word and the answers at Pn, which are the same game's.
func (j *Judge) beginEnd(start *board.Position) {
	if j.decider == nil {
		j.decider = mate.NewDecider(ScanBudget)
	}
	if j.rejudging {
		return
	}
	j.start = *start
	j.movesCut = false
	j.deadFrom = math.MaxInt
	j.stop = StopUnsaid
	j.canMate = [2]MateAnswer{}
}

// SetStop records how the game's tags and last comment say it stopped (TerminationOf), for
// ended_by and the unwinnable and agreement rules. Call it after Begin, before Finish.
func (j *Judge) SetStop(s Stop) { j.stop = s }

// SetNoAgreementBefore sets the competition rule of 9.1a / 9.1.1 (--no-agreement-before N):
// an agreed draw before move n is an early_agreement in every FIDE edition. 0 turns it off.
// It holds for every game until changed.
func (j *Judge) SetNoAgreementBefore(n int) { j.noAgreementBefore = max(n, 0) }

// maxKeptMoves bounds the moves a Judge keeps to replay a game (4 MiB): real games have a few
// hundred plies, and a hostile file's million-ply game must not make memory grow with its
// length. A longer game is judged as any other, but its first dead position beyond material is
// not searched for (nothing replays it), and a Pn row of an ended game counts its repetitions
// from the window instead of a replay.
const maxKeptMoves = 1 << 20

// keepMove records m, the move played from Pi (i = j.ply), for the replays: moves[i] = m.
// moves keeps its length from game to game (moves[:ply] is the game's, see played), so the
// per-ply cost is one store, and a replay of the game (rejudge), which plays the same moves,
// writes each back unchanged.
//
// The test compares unsigned, so that it is also the index's bounds check.
func (j *Judge) keepMove(m board.Move) {
	if i := uint(j.ply); i < uint(len(j.moves)) {
		j.moves[i] = m
		return
	}
	j.growMoves(m)
}

// growMoves records m at ply len(moves) (plies are kept in order, so no later one comes
// first), growing moves to its capacity but never past maxKeptMoves, where the game is cut.
func (j *Judge) growMoves(m board.Move) {
	if j.ply >= maxKeptMoves {
		j.movesCut = true
		return
	}
	j.moves = append(j.moves, m)
	j.moves = j.moves[:min(cap(j.moves), maxKeptMoves)]
}

// played returns the moves of the game so far, from P0 to the current position (unless cut).
func (j *Judge) played() []board.Move { return j.moves[:min(j.ply, len(j.moves))] }

// askCanMate returns the answer for side c at Pn, for the unwinnable rules: the decider's
// cheap layers, and its search where finalDead already ran it.
func (j *Judge) askCanMate(c board.Color) mate.Answer {
	return j.quickAt(c)
}

// quickAt returns the decider's cheap answer (Quick: material, forced moves, the static
// argument and one ply of replies; a microsecond or two) for side c at Pn, asking it once per
// game. Quick alone proves 99.5 % of the reference tool's unfair timeouts
// (../shared/unwinnable), which is where the unwinnable rules find their rows; pgnscan canmate
// asks the full decider.
func (j *Judge) quickAt(c board.Color) mate.Answer {
	if !j.canMate[c].Asked {
		j.setAnswer(c, j.decider.Quick(&j.pos, c))
	}
	return j.canMate[c].Answer
}

// setAnswer records r as side c's answer at Pn, for the rows and the *_can_mate columns.
func (j *Judge) setAnswer(c board.Color, r mate.Result) {
	j.canMate[c] = MateAnswer{Asked: true, Answer: r.Answer}
	j.canMateProof[c] = r.Proof
}

// searchable reports whether the scan searches for side c: c has nothing but minor pieces
// besides its king, the material whose mates are rare enough, and deep enough, that only a
// search tells whether one remains (K+N+N, K+B+N, bishops of both colours). A side with a
// queen, a rook or a pawn against a side that cannot mate could be left unable to mate only
// by forced lines, which the cheap layers follow (forced moves, and one ply of every reply);
// searching each such endgame would cost more than the rest of a scan.
func searchable(p *board.Position, c board.Color) bool {
	return p.Pieces(c, board.Queen)|p.Pieces(c, board.Rook)|p.Pieces(c, board.Pawn) == 0
}

// finalDead reports whether Pn is proved dead: neither side can mate (rules.md 7.2). Each
// side gets the cheap layers, and a side they leave open is searched (ScanBudget nodes) only
// when the other side is proved unable and it is searchable: everywhere else an open side is
// Unknown, which is never taken for dead. mate.MayBeDead is the first filter (a checkmate is
// not dead), and the first open side that will not be searched ends the question.
func (j *Judge) finalDead() bool {
	if !mate.MayBeDead(&j.pos) {
		return false
	}
	// A side that will not be searched goes first: when the cheap layers leave it open, the
	// other side need not be asked.
	first := board.White
	if searchable(&j.pos, board.White) {
		first = board.Black
	}
	for _, c := range [2]board.Color{first, first.Other()} {
		if j.quickAt(c) == mate.Unknown && !searchable(&j.pos, c) {
			return false
		}
	}
	for c := board.White; c <= board.Black; c++ {
		if j.canMate[c].Answer == mate.Unknown && j.canMate[c.Other()].Answer == mate.No {
			j.setAnswer(c, j.decider.CanMate(&j.pos, c))
		}
	}
	return j.canMate[board.White].Answer == mate.No && j.canMate[board.Black].Answer == mate.No
}

// provedDead reports whether p, a position before a dead Pn, is proved dead by the cheap
// layers alone: the bisection of firstDead asks it several times a game, and a search there
// would cost more than every other game of a scan together.
func (j *Judge) provedDead(p *board.Position) bool {
	if !mate.MayBeDead(p) {
		return false
	}
	return j.decider.Quick(p, board.White).Answer == mate.No &&
		j.decider.Quick(p, board.Black).Answer == mate.No
}

// replay plays into p, which holds P(from), the game's moves up to P(to).
func (j *Judge) replay(p *board.Position, from, to int) {
	for _, m := range j.played()[from:to] {
		p.Play(m)
	}
}

// checkDead looks for a dead position beyond material (rules.md 7.2) before Finish judges
// Pn, and replays the game with it when it changes where some edition ends.
//
// Deadness is inherited: a mate from a later position would be one from every earlier
// position it was reached from. So when Pn is not dead no position is, and Pn alone is asked
// (one cheap filter for most games). When Pn is dead, firstDead finds the first dead position
// k; if k comes before every ending the judge already has there (a material dead position,
// or any ending after k), the game is judged again with every position from k on dead.
func (j *Judge) checkDead() {
	if j.rejudging || j.movesCut || !j.searchesDead() || !j.finalDead() {
		return
	}
	n := j.ply
	// hi: the first ply the judgement already treats as dead (material), else n.
	// limit: the latest ply where a dead position still changes some edition's verdict.
	hi, limit := n, -1
	for i := range j.eds {
		e := &j.eds[i]
		if !e.Edition.DeadBySearch {
			continue // lichess: its material rule alone, already judged
		}
		if !e.ended {
			limit = n
			continue
		}
		limit = max(limit, e.endPly)
		if e.endRule == DeadPosition {
			hi = min(hi, e.endPly)
		}
	}
	known := n + 1 // the judgement has no dead position yet, unless at Pn by material
	if hi < n || j.dead {
		known = hi
	}
	k := j.firstDead(hi)
	if k > limit || k >= known {
		return
	}
	j.rejudge(k)
}

// searchesDead reports whether some edition of the game ends it at a position dead beyond
// material (DeadBySearch, rules.md 7.2): without one (--edition lichess) no search runs.
func (j *Judge) searchesDead() bool {
	for i := range j.eds {
		if j.eds[i].Edition.DeadBySearch {
			return true
		}
	}
	return false
}

// firstDead returns the first ply k <= hi at which the position is proved dead, given that
// P(hi) is dead. It bisects over the plies (deadness is monotone along the game), trying hi-1
// first, since a game usually becomes dead at its last capture or pawn move. An Unknown answer
// counts as not dead, so the ply found is a proved dead position whose predecessor is not
// proved dead: never earlier than the true first dead position, possibly later when the
// decider gave up on an earlier one.
//
// Each probe replays forward from the latest position known not dead (P0 at first): the
// bisection only ever raises that bound, so the probes together replay about 2*hi moves, not
// hi per probe.
func (j *Judge) firstDead(hi int) int {
	if hi == 0 {
		return 0
	}
	p, below := &j.probe, &j.below // below: P(max(lo, 0))
	*p, *below = j.start, j.start
	j.replay(p, 0, hi-1)
	if !j.provedDead(p) {
		return hi
	}
	lo := -1 // not dead (P(-1) stands for "before the game")
	hi--
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		*p = *below
		j.replay(p, max(lo, 0), mid)
		if j.provedDead(p) {
			hi = mid
		} else {
			lo, *below = mid, *p
		}
	}
	return hi
}

// rejudge judges the game again from P0 with every position from ply k on dead.
func (j *Judge) rejudge(k int) {
	j.choices = j.choices[:0]
	for i := range j.eds {
		j.choices = append(j.choices, j.eds[i].Choice)
	}
	failed, moves := j.failed, j.played()
	j.rejudging = true
	j.deadFrom = k
	j.Begin(&j.start, j.result, j.choices)
	for _, m := range moves {
		j.Play(m)
		if j.ply == k {
			j.deadSearch, j.dead = true, true
		}
	}
	j.rejudging = false
	j.failed = failed
}

// deadProof is the proof column of a dead position p: material when its material alone
// decides (rules.md 5), else search.
func deadProof(p *board.Position) mate.Proof {
	if p.IsDeadByMaterial() {
		return mate.ProofMaterial
	}
	return mate.ProofSearch
}

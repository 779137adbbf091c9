package rules

import (
	"github.com/pgnscan/pgnscan/internal/board"
	"github.com/pgnscan/pgnscan/internal/mate"
)

// boardEnding returns the ending that Pn itself shows: Checkmate or Stalemate when it has no
// legal move, else NoRule. Finish asks it once per game (Judge.boardEnd), before the editions
// and tallies that read it: the endings at Pn, how the game stopped, the unwinnable rules.
func (j *Judge) boardEnding() Rule {
	switch {
	case j.pos.HasLegalMove():
		return NoRule
	case j.pos.InCheck():
		return Checkmate
	}
	return Stalemate
}

// stopEnded decides how the game stopped under edition e (ended_by, rules.md 8) into s.
// A game that could not be replayed whole (Fail) did not stop at its Pn on the board.
func (j *Judge) stopEnded(e *edState, s *Judgment, n int) {
	end := NoRule
	switch {
	case j.failed:
	case e.ended && e.endPly == n:
		end = e.endRule
	case e.ended:
		// Played on past its end into a mate or stalemate (a stalemate reached from a dead
		// position, say): the game stopped there on the board, whatever the tags say. A dead Pn
		// in such a game is not used: the game went on past its end, and the tags say how it
		// stopped.
		end = j.boardEnd
	}
	s.EndedBy = endedBy(end, j.result, j.stop, s.FinalClaims != 0)
}

// stopMayFind reports whether stopFindings could add a row under some edition of the game,
// decided once a game before the editions are: on most games (a decisive result that the
// tags call normal, or a resignation, with no edition that judges resignations; a draw after
// the first moves with no --no-agreement-before) none can, and the editions skip it.
//
// The skip is exact: it asks each edition the tests stopFindings itself asks (judgesStop
// for a decisive game, agreementArticle for a draw), so it is false only where every
// edition's stopFindings would return without a row and without asking the decider. A failed
// game gets no row.
func (j *Judge) stopMayFind(n int) bool {
	switch {
	case j.failed:
		return false
	case j.result == WhiteWins || j.result == BlackWins:
		for i := range j.eds {
			if j.judgesStop(&j.eds[i].Edition.Articles) {
				return true
			}
		}
	case j.result == Draw:
		for i := range j.eds {
			if j.agreementArticle(j.eds[i].Edition, n) != "" {
				return true
			}
		}
	}
	return false
}

// judgesStop reports whether an edition with the articles a judges the way the game stopped
// by an unwinnable rule (rules.md 7.3): lost on time with an unwinnable_timeout article, or
// by resignation with an unwinnable_resignation one.
func (j *Judge) judgesStop(a *Articles) bool {
	if j.stop == StopTime {
		return a.UnwinnableTimeout != ""
	}
	return resigned(j.stop) && a.UnwinnableResignation != ""
}

// agreementArticle returns the article of ed that a draw agreed after n plies breaks, or ""
// (rules.md 8): before both players have moved (5.2.3), or before the competition's
// --no-agreement-before (9.1a, 9.1.1).
func (j *Judge) agreementArticle(ed *Edition, n int) string {
	switch {
	case ed.Articles.EarlyAgreement != "" && n < 2:
		return ed.Articles.EarlyAgreement
	case ed.Articles.AgreementFlag != "" && j.noAgreementBefore > 0 && n < 2*j.noAgreementBefore:
		return ed.Articles.AgreementFlag
	}
	return ""
}

// stopFindings adds, under edition e, the rows of the rules that look at how the game
// stopped: unwinnable_timeout, unwinnable_resignation (rules.md 7.3) and early_agreement
// (rules.md 8), after stopEnded has set s.EndedBy. Verdict calls it only where stopMayFind.
//
// A game that could not be replayed whole (Fail) gets none: its Pn is not where the game
// stopped. A game whose final position has no legal move stopped on the board, whatever the
// tags say: checkmate and stalemate have their own rows (4.5).
func (j *Judge) stopFindings(v *Verdict, e *edState, s *Judgment, n int) {
	if j.failed {
		return
	}
	ed := e.Edition
	switch j.result {
	case WhiteWins, BlackWins:
		winner := board.White
		if j.result == BlackWins {
			winner = board.Black
		}
		if rule, proof := j.unwinnable(ed, winner); rule != NoRule {
			f := j.finalFinding(v, e, rule, Automatic, ed.Article(rule, Automatic), winner)
			f.Proof = proof
			f.MandatedResult, f.ResultDiffers, f.Missed = Draw, true, true
		}
	case Draw:
		if s.EndedBy != EndedAgreement {
			return
		}
		if article := j.agreementArticle(ed, n); article != "" {
			f := j.finalFinding(v, e, EarlyAgreement, Agreement, article, j.pos.Turn())
			f.ResultDiffers = true // mandated_result stays empty: the rules name no result
		}
	}
}

// unwinnable returns the unwinnable rule a decisive game won by winner breaks under ed, and
// its proof, or NoRule: lost on time (6.9; lichess: its material rule) or by resignation
// (fide2023 5.1.2) while the winner could not mate at Pn. The decider is asked only for
// such games, once per game for all editions.
func (j *Judge) unwinnable(ed *Edition, winner board.Color) (Rule, mate.Proof) {
	a := &ed.Articles
	if !j.judgesStop(a) {
		return NoRule, mate.ProofNone
	}
	timeout := j.stop == StopTime
	if j.boardEnd != NoRule {
		return NoRule, mate.ProofNone // stopped on the board
	}
	if ed.Material.On {
		// lichess: its material rule, for timeouts and (from 2026-04-04) resignations alike.
		if !lichessCannotWin(&j.pos, winner, ed.Material, timeout) {
			return NoRule, mate.ProofNone
		}
		if timeout {
			return UnwinnableTimeout, mate.ProofMaterial
		}
		return UnwinnableResignation, mate.ProofMaterial
	}
	if j.askCanMate(winner) != mate.No {
		return NoRule, mate.ProofNone
	}
	if timeout {
		return UnwinnableTimeout, j.canMateProof[winner]
	}
	return UnwinnableResignation, j.canMateProof[winner]
}

// finalFinding adds a row about the final position Pn under e and returns it to be
// completed: rule, kind, article and side as given, one opportunity, nothing after it.
func (j *Judge) finalFinding(v *Verdict, e *edState, rule Rule, kind Kind, article string, side board.Color) *Finding {
	s := j.snap()
	f := v.newFinding()
	*f = Finding{
		Edition: e.Edition, EditionSource: e.EditionSource,
		Rule: rule, Article: article, Kind: kind,
		Ply: j.ply, MoveNumber: j.pos.FullmoveNumber(), Side: side,
		Repetitions: j.finalCount(e), HalfmoveClock: j.pos.HalfmoveClock(), FEN: j.fen(s),
		Opportunities:   1,
		ClaimantOutcome: j.result.OutcomeFor(side),
	}
	return f
}

// finalCount returns count(Pn) as e's tally counts. The tally keeps it while some of its
// editions' games go on; once every one has ended before Pn, Play no longer counts (nothing
// after an end is judged), and the rare row at Pn recounts by replaying the game from P0 the
// way e's edition counts (recount).
func (j *Judge) finalCount(e *edState) int {
	t := j.tallyOf(e)
	if t.live > 0 || j.ply == 0 {
		return t.count
	}
	for i := range j.eds {
		if e := &j.eds[i]; e.endPly == j.ply && j.tallyOf(e) == t {
			return t.count // counted at Pn, which ended that edition
		}
	}
	if j.movesCut {
		return t.count // nothing replays it: the count at the last position judged (a known gap)
	}
	return j.recount(e.Edition.Counting)
}

// recount returns count(Pn) as c counts, replaying the game from P0: Pn itself and its
// earlier occurrences since the last move that empties the positions compared, each compared
// as c compares positions, and a window's first position only when c counts it
// (Counting.entryCounts; lichess's code left some out, rules.md 10).
func (j *Judge) recount(c Counting) int {
	start, reset := c.entryCounts()
	atFirst, firstCounts := true, int(start) // p is its window's first position, which counts so
	earlier := 0
	p := j.start
	for _, m := range j.played() {
		if c.same(&p, &j.pos) {
			if atFirst {
				earlier += firstCounts
			} else {
				earlier++
			}
		}
		if atFirst = c.irreversible(&p, m); atFirst {
			earlier, firstCounts = 0, int(reset)
		}
		p.Play(m)
	}
	return earlier + 1
}

// lichessCannotWin is lichess's material rule (rules.md 7.3, scalachess's
// InsufficientMatingMaterial(board, color) in the form rule gives it, rules.md 10): whether
// the side w that did not lose cannot win at p. timeout: the game was lost on time, where
// rule.Forced also counts a flagger to move all of whose moves leave w short.
func lichessCannotWin(p *board.Position, w board.Color, rule MaterialRule, timeout bool) bool {
	if shortOfMaterial(p, w, rule.Form) {
		return true
	}
	if !rule.Forced || !timeout || p.Turn() == w {
		return false // the forced test asks of the flagger's moves, with the flagger to move
	}
	var l board.MoveList
	p.LegalMoves(&l)
	for _, m := range l.Slice() {
		q := *p
		q.Play(m)
		if !shortOfMaterial(&q, w, rule.Form) {
			return false
		}
	}
	return l.N > 0
}

// shortOfMaterial is scalachess's InsufficientMatingMaterial(board, w) in the form it had
// (MaterialForm): w cannot win when (1) it has only its king; or (2) its king and exactly one
// knight, while the other side has nothing but its king and queens (FormLoneMinor: whatever
// it has); or (3) its king and bishops, exactly one bishop before FormOneColour, while the
// other side has what the form allows. It never looks at blockades.
func shortOfMaterial(p *board.Position, w board.Color, form MaterialForm) bool {
	f := w.Other()
	mine := func(r board.Role) uint64 { return p.Pieces(w, r) }
	theirs := func(r board.Role) uint64 { return p.Pieces(f, r) }
	pawns, knights, bishops := mine(board.Pawn), mine(board.Knight), mine(board.Bishop)
	heavy := mine(board.Rook) | mine(board.Queen)
	theirHeavy := theirs(board.Rook) | theirs(board.Queen)
	theirKnightsPawns := theirs(board.Knight) | theirs(board.Pawn)
	switch {
	case pawns|knights|bishops|heavy == 0:
		return true // (1)
	case pawns|bishops|heavy == 0 && knights&(knights-1) == 0:
		// (2): one knight; the other side has only king and queens.
		return form == FormLoneMinor ||
			theirs(board.Pawn)|theirs(board.Knight)|theirs(board.Bishop)|theirs(board.Rook) == 0
	case pawns|knights|heavy != 0 || (form != FormOneColour && bishops&(bishops-1) != 0):
		return false // anything else: more than one bishop before #164, or a knight and a bishop
	}
	// (3): only bishops, one before #164.
	all := bishops | theirs(board.Bishop)
	switch form {
	case FormLoneMinor:
		return true
	case FormNoBishop:
		return theirKnightsPawns|theirs(board.Bishop) == 0
	case FormNoKnightPawn:
		return theirKnightsPawns == 0
	case FormSharedColour:
		shared := theirs(board.Bishop) & lightSquares
		if bishops&lightSquares == 0 {
			shared = theirs(board.Bishop) &^ lightSquares
		}
		return theirKnightsPawns == 0 && (theirHeavy != 0 || shared != 0)
	}
	oneColour := all&lightSquares == 0 || all&^lightSquares == 0
	return oneColour && theirKnightsPawns == 0
}

// lightSquares are the light squares (b1, a2, ...), as a bitboard with a1 = bit 0.
const lightSquares uint64 = 0x55AA55AA55AA55AA

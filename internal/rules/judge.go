package rules

import (
	"github.com/pgnscan/pgnscan/internal/board"
	"github.com/pgnscan/pgnscan/internal/mate"
)

// The two claimable rules, as indices of the per-rule arrays.
const (
	claimThree = 0 // threefold repetition (9.2)
	claimFifty = 1 // fifty moves (9.3)
)

// claimRec is the first position at which one side could make one claim.
type claimRec struct {
	set    bool
	ply    int
	kind   Kind       // the first of on_board, move_played, move_available that holds
	move   board.Move // the claiming move for the move kinds
	played bool       // the move actually played also makes the claim (taken at Pn-1)
	reps   int
	hmc    int
	snap   int    // index of the position in Judge.snaps
	san    string // formatted once at Finish, shared by the editions
}

// snapshot keeps a position that a finding refers to, so that its FEN and
// SANs are formatted only at Finish, and only for findings.
type snapshot struct {
	ply int
	pos board.Position
	fen string
}

// edState is one edition's view of the game: where it ended and what had
// been counted by then. Begin sets Choice, alt, ended and endPly; the rest is
// set when the game ends.
type edState struct {
	Choice
	alt     bool // counted by the Judge's alt tally, not its first (tally.go)
	ended   bool
	endPly  int
	endRule Rule
	endSnap int
	endReps int
	endHmc  int
	opps    [2][2]int32 // claim opportunities before the end, [rule][side]
	maxReps int
	maxHmc  int
}

// Judge follows one game at a time, position by position, and judges it under
// several editions at once (rules.md sections 3 and 4). The per-position facts
// (occurrence count, halfmove clock, dead position, claims) are computed once
// for each way the editions count repetitions (tally.go); each edition only
// decides where its game ends.
//
// A Judge owns the position being replayed: the caller resolves each move on
// Position() and hands it to Play. A Judge is reused from game to game (Begin
// resets it) and allocates nothing per half-move once its buffers have grown;
// it is not safe for concurrent use: give each worker its own.
type Judge struct {
	pos    board.Position
	ply    int // i of the current position Pi
	result Result
	failed bool
	done   bool // Finish was called
	eds    []edState
	// going is the first tally some of whose editions' games go on, the next ones linked by
	// tally.next: nil once the game is over under every edition.
	going *tally
	// following: the alt tally follows the first, out of going (tally.go, follow).
	following bool

	tally          // the facts counted as the first choice's editions count (tally.go)
	alt     *tally // those counted the other way, for the editions with alt set; kept from game to game
	gameEnd        // the moves, P0 and the questions asked at the end (dead.go)

	dead       bool // Pi is dead, by material or by a search (deadMat || deadSearch)
	deadMat    bool // Pi is dead by material (rules.md 5): every edition's dead position
	deadSearch bool // Pi is at or after the first position proved dead beyond material (7.2)

	rights board.Castling // the castling rights of the position before the last move (Play)

	snaps []snapshot
	list  board.MoveList
	buf   []byte
	v     Verdict
}

// NewJudge returns a Judge ready for Begin.
func NewJudge() *Judge {
	return &Judge{}
}

// Begin starts a game from start (P0: the standard array, or the FEN of a
// set-up game) with the recorded result, to be judged under each of the
// choices (as Selection.Choose returns them; the slice is copied). The
// editions may count repetitions in two ways at most (Edition.Counting). The
// Judge copies *start (a pointer: the position is 184 bytes, and passing it by
// value cost a copy more per game).
func (j *Judge) Begin(start *board.Position, result Result, choices []Choice) {
	j.pos = *start
	j.ply = 0
	j.result = result
	j.failed = false
	j.done = false
	// Filled field by field in place: appending composite literals (which
	// hold pointers) cost more than the rest of Begin.
	if cap(j.eds) < len(choices) {
		j.eds = make([]edState, len(choices))
	}
	j.eds = j.eds[:len(choices)]
	var counting [2]Counting // the first choice's way of counting, and the other one
	alts := 0
	for i := range choices {
		e := &j.eds[i]
		e.Choice = choices[i]
		e.ended, e.endPly = false, -1 // the rest is set when the game ends
		c := choices[i].Edition.Counting
		c.ClockFromStart = c.ClockFromStart && start.HalfmoveClock() != 0 // else the same clock: no split
		if e.alt = i > 0 && c != counting[0]; e.alt {
			if alts > 0 && c != counting[1] {
				panic("rules: a game's editions count repetitions in more than two ways")
			}
			counting[1] = c
			alts++
		}
		if i == 0 {
			counting[0] = c
		}
	}
	j.snaps = j.snaps[:0]
	j.tally.begin(&j.pos, counting[0], len(j.eds)-alts)
	j.tally.next, j.going, j.following = nil, &j.tally, false
	if alts > 0 {
		j.beginAlt(counting, alts)
	}
	j.beginEnd(start)
	j.deadMat, j.deadSearch = j.pos.IsDeadByMaterial(), j.deadFrom == 0
	j.dead = j.deadMat || j.deadSearch
}

// Position returns the current position Pi, on which the caller resolves the
// next move (ParseSAN). The caller must not change it.
func (j *Judge) Position() *board.Position { return &j.pos }

// Ply returns i, the number of half-moves played so far.
func (j *Judge) Ply() int { return j.ply }

// Play judges the current position Pi, given that m (legal in Pi) is the move
// played from it, then plays m: the new current position is Pi+1. Each tally
// in use (the first, then alt in a split game) judges and counts the positions
// for its editions, as long as one of them goes on (going).
func (j *Judge) Play(m board.Move) {
	p := &j.pos
	j.keepMove(m) // a replay (rejudge) writes back the same move
	if j.going == nil {
		// The game is over under every edition: nothing after is judged.
		p.Play(m)
		j.ply++
		return
	}
	for t := j.going; t != nil; t = t.next {
		// Most positions decide nothing: no edition can end at Pi (checkmate and
		// stalemate are looked for at the last position only) and no claim is
		// possible. Only the others are judged closely.
		if j.mayDecide(t, p.Turn()) {
			if j.following {
				j.unfollow(j.ply, len(t.win)) // t is the first tally: the alt may decide at Pi too
			}
			j.judgeClosely(t, m)
		} else if t.playedFlags != 0 {
			t.playedFlags = 0
		}
	}
	j.rights = p.Castling()
	p.Play(m)
	j.ply++
	for t := j.going; t != nil; t = t.next {
		// Count Pi+1 in t: its window begins again at an irreversible move (for t:
		// tally.empties), else Pi+1 is entered into it with its occurrence count.
		hmc := p.HalfmoveClock()
		zeroing := hmc == 0 // a capture or pawn move: the clock restarts exactly there
		irreversible, key := t.empties(m, zeroing, p.Castling() != j.rights), t.key(p)
		hmc = t.clock(m, zeroing, hmc, j.ply)
		if irreversible {
			if j.following {
				j.followThrough(m, zeroing, len(t.win)) // t is the first tally, its window still Pi's
			}
			t.restart(p, key, t.resetCount)
			t.hmc = hmc // before rejoinAlt compares it with the first tally's, counted already
			if t.canFollow {
				j.follow(t)
			}
			if t.rejoin {
				j.rejoinAlt(t) // t is alt, the last tally: the walk ends either way
			}
			continue
		}
		n := len(t.win)
		w := int32(n)
		count := int32(1)
		// An earlier occurrence stands at least four entries back, in the key's
		// bucket: most buckets hold no entry of the window.
		if w >= 4 && t.head[key>>(64-hashBits)] >= t.serial {
			count = t.occurrence(key, w, m)
		}
		t.register(key, w, count, m)
		t.hmc = hmc
		if count >= 2 {
			if j.following {
				j.unfollow(j.ply, n) // t is the first tally: the alt counts Pi+1 in a window of its own
			}
			t.repeated(p, w, count)
		}
	}
	if p.HalfmoveClock() == 0 {
		j.deadMat = p.IsDeadByMaterial() // material may have changed
		j.dead = j.deadMat || j.deadSearch
	}
}

// Fail records that the next half-move of the game could not be replayed: the
// game is judged on the positions played so far, P0 ... Pi, and its findings
// stand. Since the game score goes on past Pi, no claim counts as taken and
// an ending at Pi counts as not applied. Call Finish next.
func (j *Judge) Fail() { j.failed = true }

// judgeClosely judges the current position Pi for the editions counting as t
// does, once it is known whether a move was played from it: m, or none (m == 0)
// when Pi is the final position.
func (j *Judge) judgeClosely(t *tally, m board.Move) {
	if t.live > 0 {
		j.endings(t, m == 0)
	}
	var flags, played ClaimSet
	if t.live > 0 {
		flags, played = j.claims(t, m)
	}
	if m == 0 {
		t.finalFlags = flags
	} else {
		t.playedFlags = played
	}
}

// endings ends every edition counting as t does under which the game is over at
// Pi (rules.md 3). Checkmate and stalemate are only possible at the final
// position: from any other a legal move was played.
func (j *Judge) endings(t *tally, final bool) {
	mate := final && j.boardEnd == Checkmate
	stale := final && j.boardEnd == Stalemate
	if !mate && !stale && !j.mayEnd(t) {
		return // the common case: nothing ends here
	}
	for i := range j.eds {
		e := &j.eds[i]
		if e.ended || j.tallyOf(e) != t {
			continue
		}
		// The order is the precedence of end_rule: checkmate, stalemate, dead
		// position, fivefold, 75 moves (lichess: 50 moves).
		r := NoRule
		switch {
		case mate:
			r = Checkmate // 5.1a, 5.1.1; also takes precedence over 9.6b / 9.6.2
		case stale:
			r = Stalemate // 5.2a, 5.2.1
		case j.deadMat && e.Edition.Material.deadAlso(&j.pos) || (j.deadSearch && e.Edition.DeadBySearch):
			// 9.6 (2009), 9.7 (2014), 5.2.2 (2017): sections 5 and 7.2; lichess: material only,
			// in the uncertain window only where both codes drew (deadAlso)
			r = DeadPosition
		case e.Edition.Fivefold != NoFivefold && t.fivefold() &&
			(e.Edition.Fivefold == FivefoldAny || t.consecutiveFive()):
			r = Fivefold // 9.6a, 9.6.1, lichess
		case e.Edition.SeventyFive && t.seventyFive():
			r = SeventyFiveMove // 9.6b, 9.6.2
		case e.Edition.FiftyAutomatic && t.fiftyOnBoard():
			r = FiftyMove // lichess: 50 moves end the game
		}
		if r == NoRule {
			continue
		}
		e.ended = true
		e.endPly = j.ply
		e.endRule = r
		e.endSnap = j.snap()
		e.endReps = t.count
		e.endHmc = t.hmc
		e.opps = t.opps // claims at Pi and later are not judged
		e.maxReps = t.maxReps
		e.maxHmc = t.maxClock()
		if t.live--; t.live == 0 {
			j.retire(t)
		}
	}
}

// claims finds the claims the side to move has at Pi (rules.md 4.2), as t
// counts, counts them in t and keeps the first of each rule. It returns the
// claims that hold at Pi, and those made by the played move m itself.
func (j *Judge) claims(t *tally, m board.Move) (flags, played ClaimSet) {
	p := &j.pos
	us := p.Turn()
	if !t.mayClaim(us) {
		return 0, 0 // the common case: nothing to claim
	}

	// Threefold (9.2): on the board, or by a move to a position that already
	// stood twice. Only quiet piece moves can recreate an earlier position,
	// and only when some position with the other side to move stood twice.
	kind, move, reps := NoKind, board.Move(0), 0
	if t.threefoldOnBoard() {
		kind, reps = OnBoard, t.count
	}
	if t.threefoldByMove(us) {
		w, q, aw := t.intendedMoves(p, m, kind == NoKind)
		switch {
		case w >= 0:
			played |= ClaimThreefold
			if kind == NoKind {
				kind, move, reps = MovePlayed, m, int(t.win[w].count)+1
			}
		case aw >= 0:
			kind, move, reps = MoveAvailable, q, int(t.win[aw].count)+1
		}
	}
	if kind != NoKind {
		flags |= ClaimThreefold
		j.record(t, claimThree, us, kind, move, reps, played&ClaimThreefold != 0)
	}

	// Fifty moves (9.3): on the board from hmc Fifty (100), by intended move at
	// Fifty-1 with any move that is neither a capture nor a pawn move.
	kind, move = NoKind, 0
	switch {
	case t.fiftyOnBoard():
		kind = OnBoard
	case t.fiftyByMove():
		if m != 0 && !p.IsZeroing(m) {
			kind, move = MovePlayed, m
			played |= ClaimFifty
		} else {
			p.LegalMoves(&j.list)
			for _, q := range j.list.Moves[:j.list.N] {
				if !p.IsZeroing(q) {
					kind, move = MoveAvailable, q
					break
				}
			}
		}
	}
	if kind != NoKind {
		flags |= ClaimFifty
		reps = t.count
		if kind != OnBoard && !t.first[claimFifty][us].set {
			reps = t.countAfter(p, move)
		}
		j.record(t, claimFifty, us, kind, move, reps, played&ClaimFifty != 0)
	}
	return flags, played
}

// record counts in t a claim opportunity of side us at Pi and keeps it if it
// is that side's first for the rule.
func (j *Judge) record(t *tally, rule int, us board.Color, kind Kind, move board.Move, reps int, played bool) {
	t.opps[rule][us]++
	r := &t.first[rule][us]
	if r.set {
		return
	}
	*r = claimRec{set: true, ply: j.ply, kind: kind, move: move, played: played, reps: reps, hmc: t.hmc, snap: j.snap()}
}

// snap returns the snapshot of the current position, taking it if needed.
// Snapshots are taken in ply order, so only the last can be for this ply.
func (j *Judge) snap() int {
	if n := len(j.snaps); n > 0 && j.snaps[n-1].ply == j.ply {
		return n - 1
	}
	j.snaps = append(j.snaps, snapshot{ply: j.ply, pos: j.pos})
	return len(j.snaps) - 1
}

// fen returns the FEN of snapshot s, formatting it once.
func (j *Judge) fen(s int) string {
	sn := &j.snaps[s]
	if sn.fen == "" {
		j.buf = sn.pos.AppendFEN(j.buf[:0])
		sn.fen = string(j.buf)
	}
	return sn.fen
}

// Finish judges the final position Pn (the current one) and returns the
// verdict for every edition. The verdict belongs to the Judge and is valid
// until the next Begin; calling Finish again returns it unchanged.
func (j *Judge) Finish() *Verdict {
	if j.done {
		return &j.v
	}
	j.checkDead() // may judge the game again (Begin): before done is set
	j.done = true
	if j.following {
		j.unfollow(j.ply, len(j.tally.win))
	}
	j.boardEnd = j.boardEnding()
	for t := &j.tally; t != nil; t = t.next {
		j.judgeClosely(t, 0)
	}
	n := j.ply
	v := &j.v
	v.Plies = n
	v.Failed = j.failed
	v.Final = j.pos
	if cap(v.Games) < len(j.eds) {
		v.Games = make([]Judgment, len(j.eds))
	}
	v.Games = v.Games[:len(j.eds)]
	v.Findings = v.Findings[:0]
	stopRows := j.stopMayFind(n) // once a game: on most games no edition gets a row there
	for i := range j.eds {
		e := &j.eds[i]
		t := j.tallyOf(e)
		end := n + 1     // claims are judged at P0 ... P(end-1)
		s := &v.Games[i] // filled in place, as in Begin
		s.Edition, s.EditionSource, s.Plies = e.Edition, e.EditionSource, n
		s.EndRule, s.EndPly = NoRule, -1
		s.FirstThreefoldPly, s.FirstFiftyPly, s.FinalClaims = -1, -1, 0
		s.MaxRepetitions, s.MaxHalfmoveClock = t.maxReps, t.maxClock()
		opps := t.opps
		if e.ended {
			end = e.endPly
			s.EndRule, s.EndPly = e.endRule, e.endPly
			s.MaxRepetitions, s.MaxHalfmoveClock = e.maxReps, e.maxHmc
			opps = e.opps
		}
		from := len(v.Findings)
		// Most games have no claim at all: then claimRows has nothing to do.
		if opps[0][0]|opps[0][1]|opps[1][0]|opps[1][1] != 0 || t.finalFlags|t.playedFlags != 0 {
			j.claimRows(v, e, t, s, opps, end)
		}
		if e.ended {
			j.endFinding(v, e, n)
		}
		j.stopEnded(e, s, n)
		if stopRows {
			j.stopFindings(v, e, s, n)
		}
		if len(v.Findings)-from > 1 {
			sortByPly(v.Findings[from:])
		}
	}
	for i := range v.Games {
		v.Games[i].CanMate = j.canMate // asked once per game, by any edition
	}
	return v
}

// claimRows fills the claim columns of s, edition e's game row, and adds a row for each side's
// first claim of each rule the edition has (4.2), from the claims t counted before end (the
// edition's ending, or n + 1) and opps, the opportunities counted before it.
func (j *Judge) claimRows(v *Verdict, e *edState, t *tally, s *Judgment, opps [2][2]int32, end int) {
	n := j.ply
	for rule := claimThree; rule <= claimFifty; rule++ {
		if (rule == claimThree && !e.Edition.ThreefoldClaim) || (rule == claimFifty && !e.Edition.FiftyClaim) {
			continue
		}
		flag := ClaimThreefold
		if rule == claimFifty {
			flag = ClaimFifty
		}
		// final_claims (4.2): a claim at Pn, or at Pn-1 by the move played.
		if (n < end && t.finalFlags&flag != 0) || (n >= 1 && n-1 < end && t.playedFlags&flag != 0) {
			s.FinalClaims |= flag
		}
		for side := board.White; side <= board.Black; side++ {
			if opps[rule][side] == 0 {
				continue
			}
			r := &t.first[rule][side]
			if rule == claimThree && (s.FirstThreefoldPly < 0 || r.ply < s.FirstThreefoldPly) {
				s.FirstThreefoldPly = r.ply
			}
			if rule == claimFifty && (s.FirstFiftyPly < 0 || r.ply < s.FirstFiftyPly) {
				s.FirstFiftyPly = r.ply
			}
			j.claimFinding(v.newFinding(), e, rule, side, r, int(opps[rule][side]), n)
		}
	}
}

// newFinding returns a new last finding of the verdict, to be filled in place
// (findings hold pointers: appending built ones costs more).
func (v *Verdict) newFinding() *Finding {
	if len(v.Findings) < cap(v.Findings) {
		v.Findings = v.Findings[:len(v.Findings)+1]
	} else {
		v.Findings = append(v.Findings, Finding{})
	}
	return &v.Findings[len(v.Findings)-1]
}

// claimFinding fills f, the row of a side's first claim of a rule (4.2).
func (j *Judge) claimFinding(f *Finding, e *edState, rule int, side board.Color, r *claimRec, opps, n int) {
	sn := &j.snaps[r.snap]
	*f = Finding{
		Edition: e.Edition, EditionSource: e.EditionSource,
		Rule: Threefold, Kind: r.kind,
		Ply: r.ply, MoveNumber: sn.pos.FullmoveNumber(), Side: side,
		Repetitions: r.reps, HalfmoveClock: r.hmc, FEN: j.fen(r.snap),
		Opportunities: opps, PliesAfter: n - r.ply,
		ClaimantOutcome: j.result.OutcomeFor(side),
	}
	if rule == claimFifty {
		f.Rule = FiftyMove
	}
	f.Article = e.Edition.Article(f.Rule, f.Kind)
	if r.kind == MovePlayed || r.kind == MoveAvailable {
		if r.san == "" {
			j.buf = sn.pos.AppendSAN(j.buf[:0], r.move)
			r.san = string(j.buf)
		}
		f.Move = r.san
	}
	// Taken: the game stops there as a draw, at Pn, or at Pn-1 by the played
	// move (a claim by intended move is made before the move is played).
	taken := !j.failed && j.result == Draw && (r.ply == n || (r.ply == n-1 && r.played))
	f.Missed = !taken
}

// endFinding adds the row of an edition's ending: every automatic ending and
// dead position (4.3), and checkmate or stalemate when the result contradicts
// it (4.5).
func (j *Judge) endFinding(v *Verdict, e *edState, n int) {
	sn := &j.snaps[e.endSnap]
	side := sn.pos.Turn()
	mandated := Draw
	if e.endRule == Checkmate {
		mandated = winFor(side.Other())
	}
	differs := j.result.differs(mandated)
	if (e.endRule == Checkmate || e.endRule == Stalemate) && !differs {
		return
	}
	after := n - e.endPly
	proof := mate.ProofNone
	if e.endRule == DeadPosition {
		proof = deadProof(&sn.pos)
	}
	*v.newFinding() = Finding{
		Edition: e.Edition, EditionSource: e.EditionSource,
		Rule: e.endRule, Article: e.Edition.Article(e.endRule, Automatic), Kind: Automatic, Proof: proof,
		Ply: e.endPly, MoveNumber: sn.pos.FullmoveNumber(), Side: side,
		Repetitions: e.endReps, HalfmoveClock: e.endHmc, FEN: j.fen(e.endSnap),
		Opportunities: 1, PliesAfter: after,
		Missed:          after > 0 || differs || j.failed,
		ClaimantOutcome: j.result.OutcomeFor(side),
		MandatedResult:  mandated, ResultDiffers: differs,
	}
}

// sortByPly orders one edition's findings by ply, keeping the order of equal
// plies (claims before the ending). Insertion sort: there are at most five.
func sortByPly(fs []Finding) {
	for i := 1; i < len(fs); i++ {
		for k := i; k > 0 && fs[k].Ply < fs[k-1].Ply; k-- {
			fs[k], fs[k-1] = fs[k-1], fs[k]
		}
	}
}

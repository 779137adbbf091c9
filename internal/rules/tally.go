package rules

import "github.com/pgnscan/pgnscan/internal/board"

// tally is the facts of a game counted under one way of counting repetitions (Edition.Counting):
// the window of positions that can repeat and what the claims and endings of the editions that
// count that way read. A Judge counts every game with its first tally, the one of its first
// choice's editions. A game whose editions count in two ways (every FIDE edition with lichess
// before 2020-08-15, say --edition auto,lichess on a game of 2015) is split: the Judge's alt
// tally counts it too, for the editions with edState.alt set. The moves are parsed and played
// once; each tally judges and counts the positions for its own editions (Judge.Play).
type tally struct {
	window // the positions since the last irreversible move (window.go)

	next *tally // the next tally in use for this game (Judge.going): alt in a split game, else nil
	live int    // editions counting this way whose game has not ended yet
	// rejoin: this alt tally counts as the first does once P0's window is over (the two differ
	// in P0 alone: lichess from 2016-01-30 to 2020-08-14 beside the FIDE editions), so at the
	// game's first irreversible move it rejoins the first tally if every fact agrees (Play).
	rejoin bool

	// canFollow: this alt tally may follow the first from a position where both windows begin
	// (Judge.follow); keyDelta: its keys less the first's while it follows.
	canFollow bool
	keyDelta  uint64

	th                    Thresholds // its editions' (Counting.Thresholds)
	decideReps, decideHmc int        // th.decideFrom(): the fast path's gate (mayDecide)

	facts
	compaction // of a long window (window.go)
}

// facts are what a tally has counted of the game so far: what its editions' endings, claims
// and games rows read.
type facts struct {
	count   int // count(Pi)
	hmc     int // hmc(Pi)
	maxReps int
	maxHmc  int // over the positions before the last capture or pawn move: see maxClock

	opps        [2][2]int32 // claim opportunities so far, [rule][side]
	first       [2][2]claimRec
	playedFlags ClaimSet // claims made by the move actually played at the previous position
	finalFlags  ClaimSet // claims at the final position
}

// begin starts counting a game from P0, p, the way c says, for live editions.
func (t *tally) begin(p *board.Position, c Counting, live int) {
	t.live = live
	t.rejoin, t.canFollow = false, false
	t.th = c.Thresholds
	t.decideReps, t.decideHmc = t.th.decideFrom()
	t.facts = facts{} // zeroed in place: a literal with maxReps set is copied from a template
	t.maxReps = 1
	t.byPlacement, t.castled = c.ByPlacement, c.clockFrom(p)
	var startCount int32
	startCount, t.resetCount = c.entryCounts()
	t.restart(p, t.key(p), startCount)
	t.hmc = max(0, -t.castled) // P0's clock, as Play counts the later ones
}

// beginAlt starts the alt tally of a split game: its editions (alts of them) count as
// counting[1], the others as counting[0] (Begin has checked that there is no third way).
func (j *Judge) beginAlt(counting [2]Counting, alts int) {
	if j.alt == nil {
		j.alt = new(tally)
	}
	j.alt.begin(&j.pos, counting[1], alts)
	j.tally.next = j.alt
	// The same counting but for what is uncounted and for a clock one low, and the same count
	// for a window begun by an irreversible move: then the two differ in P0's window alone
	// (ClockOneLow: until the game's first capture or pawn move), and rejoinAlt compares the
	// facts counted in it, the clocks included.
	c := counting[1]
	c.Uncounted, c.ClockOneLow = counting[0].Uncounted, counting[0].ClockOneLow
	j.alt.rejoin = c == counting[0] && j.alt.resetCount == j.tally.resetCount
	a, f := j.alt, &j.tally
	a.canFollow = a.byPlacement && !f.byPlacement && a.win[0].count <= f.win[0].count &&
		a.resetCount <= f.resetCount && a.decideReps >= f.decideReps && a.decideHmc >= f.decideHmc
	if a.canFollow {
		j.follow(a)
	}
}

// follow takes t, the alt tally (canFollow: it counts by placement, lichess before scalachess
// #56, beside an exact first tally, its windows' first positions count no more than the
// first's, Counting.entryCounts, and it decides from no lower a count or clock, mayDecide),
// out of Play's walk when its window was just begun or emptied at the current position, the
// first tally's too, with no en passant capture there, and its last castling is no earlier than
// the ply the first's clock counts from. Then, until some position stands twice for the first
// tally, both windows hold the same positions, each once for both, under keys that differ by
// the castling rights they share (keyDelta); t's count is 1 and its clock the first's but for
// its castling, so at positions where the first tally may not decide neither may t. Play puts
// it back (unfollow) at a repetition, when the first tally judges closely, at Finish, and at
// the first tally's next irreversible move unless both windows begin there again
// (followThrough): an old game costs its lichess tally nothing at most of its plies.
func (j *Judge) follow(t *tally) {
	f := &j.tally
	if f.next != t || j.going != f || len(f.win) != 1 || f.ep0 != board.NoSquare ||
		t.castled < f.castled || t.playedFlags != 0 {
		return
	}
	j.following = true
	t.keyDelta = rightsDelta(&j.pos)
	f.next = t.next
}

// rightsDelta is the difference between p's key and its placement key when p has no en passant
// capture: its castling rights'.
func rightsDelta(p *board.Position) uint64 { return p.Key() ^ p.PlacementKey() }

// followedClock is the clock at ply of the alt tally, which follows the first: the first's but
// for its own castling.
func (j *Judge) followedClock(ply int) int { return min(j.tally.hmc, ply-j.alt.castled) }

// unfollow puts the alt tally, which follows the first (follow), back into Play's walk after
// it, with its clock at ply and, when n > 0, the first n entries of the first tally's window as
// its own.
func (j *Judge) unfollow(ply, n int) {
	a, f := j.alt, &j.tally
	j.following = false
	a.hmc = j.followedClock(ply)
	if n > 0 {
		a.own(f, n)
	}
	a.next, f.next = f.next, a
}

// followThrough counts Pi+1, reached by m, in the alt tally, which follows the first (follow),
// when m is irreversible for the first, whose window (n entries) and clock are still Pi's.
// Where m begins the alt's window too (a capture, a pawn move or a castling) at a position
// without an en passant capture, the alt counts Pi+1 as Play's walk would and goes on
// following: both windows begin there, and follow's other conditions hold for as long as the
// alt follows (the first's castled never moves, the alt's only grows, and the alt judged no
// position since; its count stays 1 and its lists of positions seen twice empty, as the restart
// before it began to follow left them). Otherwise it goes back into the walk after the first
// (unfollow), which counts Pi+1 in it next, with the first's window as its own when its own
// goes on.
func (j *Judge) followThrough(m board.Move, zeroing bool, n int) {
	a, p := j.alt, &j.pos
	if !a.empties(m, zeroing, true) {
		j.unfollow(j.ply-1, n)
		return
	}
	if p.EnPassant() != board.NoSquare {
		j.unfollow(j.ply-1, 0)
		return
	}
	a.hmc = j.followedClock(j.ply - 1) // Pi's, which clock keeps as a maximum where Pi+1's falls
	a.hmc = a.clock(m, zeroing, p.HalfmoveClock(), j.ply)
	a.keyDelta = rightsDelta(p)
	// Its window begins at Pi+1 as the first's: while it follows, the first's entries are its own
	// (own takes them when it stops), so of a restart only what own keeps is done, entry 0's
	// count, that of a window begun by an irreversible move.
	a.win[0].count = a.resetCount
}

// own gives t the first n entries of f's window, under t's keys (keyDelta), begun at the same
// position as t's: the first keeps t's count (entryCounts), the others stood once for both.
func (t *tally) own(f *tally, n int) {
	old, count0 := len(t.win), t.win[0].count
	t.win = append(t.win[:0], f.win[:n]...)
	for i := range t.win {
		t.win[i].key ^= t.keyDelta
	}
	t.win[0].count = count0
	t.turn0, t.ep0 = f.turn0, f.ep0
	t.relink(int32(old))
}

// rejoinAlt ends the split of a game at its first irreversible move, where the alt tally a,
// which differs from the first in P0 alone (tally.rejoin), has just counted the same position
// as the first: if every fact either has counted agrees, they count alike from here on, and
// a's editions read the first tally. Most games of 2016-2020 under FIDE editions and lichess
// are judged once from their first pawn move on.
func (j *Judge) rejoinAlt(a *tally) {
	a.rejoin = false
	if j.tally.live == 0 || a.facts != j.tally.facts {
		return // the first tally's editions are over, or P0 was counted differently: the split stays
	}
	for i := range j.eds {
		j.eds[i].alt = false
	}
	j.tally.live += a.live
	j.tally.next = nil
}

// retire takes t, all of whose editions' games are over, out of the tallies Play counts with.
// t.next is left as it is: Play may be walking the list through t.
func (j *Judge) retire(t *tally) {
	if j.going == t {
		j.going = t.next
		return
	}
	for u := j.going; u != nil; u = u.next {
		if u.next == t {
			u.next = t.next
		}
	}
}

// tallyOf returns the tally that counts for edition e.
func (j *Judge) tallyOf(e *edState) *tally {
	if e.alt {
		return j.alt
	}
	return &j.tally
}

// key returns p's key as the window holds them (window.byPlacement).
func (t *tally) key(p *board.Position) uint64 {
	if t.byPlacement {
		return p.PlacementKey()
	}
	return p.Key()
}

// empties reports whether m, just played, empties t's window (rules.md section 1): a capture
// or a pawn move (zeroing) or a change of castling rights; by placement (lichess before
// scalachess #56) a castling move instead of a change of rights.
func (t *tally) empties(m board.Move, zeroing, rightsChanged bool) bool {
	if t.byPlacement {
		return zeroing || m.IsCastle()
	}
	return zeroing || rightsChanged
}

// clock counts the clock facts of Pi+1 (ply), reached by m with the position's clock hmc, and
// returns its clock as t counts it: from the last castling by placement (lichess before
// scalachess #56), which keeps the clock before as a maximum, or from P0 (Counting.clockFrom);
// a capture or a pawn move (zeroing) restarts it for every counting, and the clock before is a
// maximum then too: between them the clock only rises.
func (t *tally) clock(m board.Move, zeroing bool, hmc, ply int) int {
	if t.byPlacement && m.IsCastle() {
		t.maxHmc = max(t.maxHmc, t.hmc)
		t.castled = ply
	}
	if zeroing {
		t.maxHmc = max(t.maxHmc, t.hmc)
	}
	return min(hmc, ply-t.castled)
}

// maxClock returns the highest halfmove clock of P0 ... Pi. Between captures
// and pawn moves the clock only rises, so Play records it only when it falls.
func (t *tally) maxClock() int { return max(t.maxHmc, t.hmc) }

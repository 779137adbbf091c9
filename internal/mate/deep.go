package mate

import (
	"math/bits"
	"runtime"

	"github.com/pgnscan/pgnscan/internal/board"
)

// The deep steps: what CanMate runs when the whole plan left a question unknown. The plan's
// budget settles all but a few questions in a thousand; those few are deep helpmates (a lone
// bishop or knight that mates only a king its own men wall in, bishops behind locked pawn
// chains, a king that must walk round a wall) and the odd small reachable space that the
// exhaustive search's last step had no budget left to finish. Each is settled by one of the
// plan's own searches given more room, so the deep steps continue (resume) or restart them
// with deepFactor times the budget in all, spent only on the questions that reach here: the
// cheap layers and the plan settle the others first, at the cost they had.
//
// The steps, and what each settled among the unknown answers of the three dev files at the
// default budget (measured one by one, each alone from the plan's start, at up to a million
// positions): the exhaustive search resumed (the dead k7/2K5/3p1p2/3PbP2/3pBp2/3P1P2/4B3/8 w
// for White at 110,000 positions); the cage search steered by cageDistance with weight 16
// (cageWeights[0]: 6 of the 7 lone-minor questions of the timeouts file at 124,000-590,000
// positions) and with weight 2 (the seventh at 770,000); the 4x4 mate search kept by the plan,
// resumed (10 of the labelled questions behind locked pawns); the breach search restarted with
// a larger limit (5 more). Every answer is sound as the plan's are: the searches only find
// mates, and only a completed exhaustive search answers No.

// deepFactor: the deep steps may spend up to deepFactor times the budget beyond the plan's.
const deepFactor = 8

// deepMinBudget is the least budget at which the deep steps run: the scan's small budget
// (rules.ScanBudget) asks for a cheap answer, and an unknown there is settled later, not by
// spending a thousand times more on it.
const deepMinBudget = 100_000

// deepStep is one step of deepPlan: a search and the nodes it may spend, in thousandths of the
// budget beyond what earlier steps spent (all of them at most deepFactor times the budget).
type deepStep struct {
	cage  int   // the cage search's try of that number, from 1 (a lone minor piece only)
	phase phase // else this plan step, run by Decider.step
	share int
}

// deepPlan is the order of the deep steps: the cage searches first (they return at once unless
// side has a lone minor piece, where nothing else finds mates), then the kept mate search, the
// breach search and the exhaustive search. The cheaper a position, the earlier the step: of the
// 28 deep questions of labelled-dev.txt the kept mate search settles 13 (a million of its
// positions take less CPU than the exhaustive step's 250,000, whose table lookups miss the
// cache), the breach search 9 of the other 15, the exhaustive step one (its No for
// k7/2K5/3p1p2/3PbP2/3pBp2/3P1P2/4B3/8 w, 9,454 positions after the plan's, once the breach
// search has spent 110,000 on it), and 5 stay unknown. With the exhaustive step before the
// breach search, it spent its whole share on 9 questions the breach search then settled. The
// kept search's table and the breach search's arrays, each reserved at once, are held beside
// the plan's exhaustive table, which the exhaustive step resumes last. The steps do not share
// a search, so their order changes which step answers, not what each finds. The exhaustive
// search has one step: a second one (400/1000 more, after the breach search when the first
// came before it) settled no question of the three dev files, and for it the first step's
// table (up to 33 MB) was held through the searches between, beside their own (a peak of
// 136 MB on labelled-dev.txt); merged into the first step, its share cost 11 % more
// instructions on questions the kept mate search then settled.
var deepPlan = []deepStep{
	{cage: 1, share: 1600},
	{cage: 2, share: 1600},
	{phase: phase{sideWidth: 4, loserWidth: 4, resume: true}, share: 2000},
	{phase: phase{breach: true}, share: 800},
	{phase: phase{exhaustive: true}, share: 500},
}

// deep runs deepPlan from root after the plan left the question unknown; done reports that a
// step settled it, in r. The deep steps' tables are each many times the plan's, so no two are
// held at once: each step's are released after it (releaseStep), and the plan's large tables
// before the first step that is not a cage try (releasePlan). The cage tries run only for a
// lone minor piece, where they search with arrays of their own (cageRoom) beside the plan's,
// which the next question reuses: freed and grown again, they were a third of canmate's page
// faults on the timeouts file.
func (d *Decider) deep(root *board.Position) (r Result, done bool) {
	if d.budget < deepMinBudget || len(deepPlan) == 0 {
		return Result{}, false
	}
	plan := d.deepStart(root) // the plan's pattern arrays while a cage try has the search's
	released := false
	end := d.nodes + deepFactor*d.budget
	for _, st := range deepPlan {
		limit := min(end, d.nodes+st.share*d.budget/1000)
		if st.cage > 0 {
			line, ok := d.deepCage(root, st.cage-1, limit-d.nodes)
			if ok {
				r, done = d.yes(line), true // a copy: release drops the search's buffers
			}
		} else {
			if !released {
				d.releasePlan(&plan)
				released = true
			}
			if st.phase.resume {
				// the kept search stores about one position for every other node (at most
				// 532,930 of its 1,000,000 on labelled-dev.txt)
				d.kept.tt.reserve(d.kept.tt.n + (limit-d.nodes)/2)
			}
			if st.phase.breach {
				d.breach.reserve(limit - d.nodes + 1)
			}
			r, done = d.step(root, st.phase, limit)
		}
		d.releaseStep(st)
		if done || d.nodes >= end {
			break
		}
	}
	d.pattern.release() // after a cage try that settled it or spent the rest
	if plan.entries != nil {
		plan.swap(&d.pattern)
		collect()
	}
	return r, done
}

// deepStart readies the deep steps' memory and returns the plan's pattern arrays, set aside for
// the next question while the cage tries search with arrays of their own (empty when they are
// not kept). The plan's tables that no deep step resumes and no cage try needs go first: the
// exhaustive search's chunks beyond its entries (the deep exhaustive step resumes those), kept
// from the largest search of an earlier question, and the breach search's tables (up to 4 MB:
// kept beside the plan's pattern arrays and a cage try's, the live heap went from 33 to 37 MB
// and the peak RSS on the timeouts file to 52 MB). The plan's pattern arrays (up to 6 MB) are
// kept only for a lone minor piece, and when the exhaustive table held with them is small: on
// labelled-dev.txt's one lone-minor deep question, beside its 80,000 positions (4.5 MB), the
// live heap reached 37 MB and the peak RSS 50-54 MB (47-48 MB when they were freed first).
func (d *Decider) deepStart(root *board.Position) (plan cageRoom) {
	d.reach.seen.trim()
	d.breach.release()
	collect()
	if _, _, lone := loneMinor(root, d.side); lone && d.reach.seen.n <= chunkSize {
		plan.swap(&d.pattern)
	}
	return plan
}

// releasePlan frees, before the first deep step that is not a cage try, the pattern search's
// arrays (the deep cage search's, and the plan's it holds in plan), held beside the deep
// exhaustive step's 33 MB otherwise: that step's question is rare, and the next one grows them
// again.
func (d *Decider) releasePlan(plan *cageRoom) {
	*plan = cageRoom{}
	d.pattern.release()
	collect()
}

// collect runs the collector once the deep steps have dropped a large table, so that the next
// step's table reuses its memory instead of growing beside it until the collector's pacer
// catches up: without it canmate's peak RSS on labelled-dev.txt went over 50 MB in one run of
// three with another process busy (48.5-52.3 MB; 46.3-47.6 MB with it, for the same CPU time).
// The deep steps run for a few questions in a thousand, each for many milliseconds.
func collect() { runtime.GC() }

// releaseStep frees the tables of the deep step st once it is over: nothing after it resumes
// them (the next question's searches allocate their own again, as after a question the plan
// settled with a large table). The kept mate search's table is freed only when the step grew it
// past what the plan's kept steps fill (under 65,536 positions at the default budget: their
// shares are a tenth of it); a smaller one is kept for the next question, which would grow it
// again.
func (d *Decider) releaseStep(st deepStep) {
	switch {
	case st.cage > 0:
		if st.cage == len(cageWeights) { // else the next try reuses them
			d.pattern.release()
		}
	case st.phase.exhaustive:
		d.reach.seen = table{}
	case st.phase.resume:
		d.kept.tt.releaseOver(1 << bits.Len(uint(d.budget/5)))
	case st.phase.breach:
		d.breach.release()
	}
	collect()
}

// deepCage runs a new cage search (cageMate's, without its limit of patternMaxNodes
// positions) with the weight cageWeights[try] for at most more positions, when side has a lone
// minor piece.
func (d *Decider) deepCage(root *board.Position, try, more int) (line []board.Move, ok bool) {
	if _, _, lone := loneMinor(root, d.side); !lone || more <= 0 {
		return nil, false
	}
	s := &d.pattern
	s.cut, s.pendingAt, s.cage, s.weight = false, -1, true, cageWeights[try]
	// Room for every position the search may hold, so that its arrays never grow by copying
	// (the old array and the new live at once, where the question's peak memory is set).
	if n := more + 1; cap(s.seen.entries) < n {
		s.seen.reserve(n)
		s.open.reserve(n)
	}
	return d.patternStart(root, more)
}

// release frees the pattern search's position arrays after a deep cage search, whether or not
// it found a mate: they hold up to the deep share of positions, and nothing resumes it (not
// the later deep steps, whose tables then grow, nor the next question, which searches with the
// plan's arrays again). Kept after a mate, they held canmate's live heap near its soft memory
// limit for the rest of the run, and the collector then ran at every few kilobytes allocated.
func (s *patternState) release() {
	s.cut = false
	s.seen.entries, s.seen.slots, s.open.next = nil, nil, nil
}

// cageRoom holds the pattern search's large arrays (its table's entries and slots, its open
// list's links) while the deep cage tries search with their own, sized for the deep share
// (deepCage): the plan's come back after them, for the next question's pattern searches, which
// would otherwise grow them again from nothing. The table's other fields (its rebuilt
// positions, the number of its search that they carry) stay with the search.
type cageRoom struct {
	entries []keyEntry
	slots   []uint32
	next    []int32
}

// swap exchanges the arrays of r and of the pattern search s.
func (r *cageRoom) swap(s *patternState) {
	r.entries, s.seen.entries = s.seen.entries, r.entries
	r.slots, s.seen.slots = s.seen.slots, r.slots
	r.next, s.open.next = s.open.next, r.next
}

// reserve gives the breach search room for n positions at once, as deepCage does for the cage
// search: the deep breach step runs beside the plan's exhaustive table, which the deep
// exhaustive step resumes after it, and arrays grown by doubling would hold an old copy and a
// new one there, where the question's peak memory is set. A position costs an entry when it is
// counted, so n is one more than the nodes the step may spend.
func (s *breachState) reserve(n int) {
	s.seen.reserve(n)
	if cap(s.plies) < n {
		s.plies = make([]int32, 0, n)
	}
	s.open.reserve(n)
}

// release frees the breach search's tables (before the deep steps, and after the deep breach
// step, whatever it found): the next question's search allocates them again.
func (s *breachState) release() {
	s.seen.entries, s.seen.slots, s.plies, s.open.next = nil, nil, nil, nil
}

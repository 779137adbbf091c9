package mate

import (
	"math/bits"

	"github.com/pgnscan/pgnscan/internal/board"
)

// The pattern search: a best-first search for the deep helpmates of positions with few men
// (K+B v K+P, K+N v K+B, ...), which the generic iterative deepening of search.go cannot reach
// within its budget because the loser's king must first walk a long way to a corner and its own
// men must come back to block its flights. Here every position is scored by how far it is from
// the shape such mates have (see patternDistance): the loser's king in a corner, the mating
// king two steps away, the mating pieces near, one of the loser's men beside its king as a
// blocker (a pawn pushed to stand there, or promoted to a piece that walks back). The search
// always expands the position of least plies-so-far plus weighted distance, so it walks toward
// the shape and then finds the mate among the positions around it.
//
// It only ever answers Yes, with the line it found (every position of which was reached by
// legal moves from the root and ends in a checkmate of the loser); failing, it says nothing,
// never No. It runs before the generic search on positions of at most patternMaxMen men, so a
// failure must be cheap: it generates at most a small share of the budget in positions, and
// they count against the budget (d.nodes).

const (
	// patternMaxMen: the search runs on positions of at most this many men, kings included.
	patternMaxMen = 8
	// patternShare: the search may generate 1/patternShare of the decider's budget in positions
	// (20,000 at the default budget), at most patternMaxNodes (each keeps a whole position).
	// Measured on the few-piece questions of labelled-dev.txt (the decider's unknown answers
	// there, from 56 without it): 6,000 positions left 23, 20,000 left 15, 50,000 11 and
	// 100,000 9; on lichess-timeouts-15k-dev.txt 20,000 cost the least CPU of 10,000, 20,000
	// and 100,000 (benchmarks/RESULTS.md at 11ce268, the pattern search's section).
	patternShare    = 25
	patternMaxNodes = 200_000
	// patternWeight multiplies the distance against the plies played (weighted A*): above 1
	// the search prefers walking toward the shape to exploring the positions near the root.
	// 3, 5 and 8 answered 162-165 of the labelled few-piece questions at 20,000 positions.
	patternWeight = 8
)

// patternState is the pattern search's memory, kept between questions. A node of the search is
// its entry in seen (key and link): the position is rebuilt when the node is expanded, by
// replaying the entry's path from the root, whose length is the node's plies. So a node costs
// its 16-byte entry and 4 bytes of the open list, not a whole position.
type patternState struct {
	count  int          // the nodes of this question's search: the entries put on the open list
	open   bucketQueue  // the nodes (entries of seen) to expand, by priority f (first generated first among equals)
	seen   keyTable     // every position generated, by key, with its parent link and move
	path   []board.Move // the moves replayed to rebuild the node being expanded, reused
	moves  board.MoveList
	keys   []uint64     // the keys of the children being generated, by move (childKeys)
	line   []board.Move // the line found, reused (the caller copies it into its witness)
	cut    bool         // this question's search stopped at its limit, with positions to expand
	cage   bool         // side has a lone minor piece: the search steers by cageDistance
	weight int32        // the distance's weight against the plies (patternWeight, cageWeights)
	blocks *blockCosts  // the cage distance's costs by set of the loser's men (cageDistance); nil until the first cage search
	// The node whose expansion the limit interrupted, and its first move not yet played
	// (pendingAt < 0: none): a resumed search finishes it first, as one longer search would.
	pending   int32
	pendingAt int
}

// patternMate searches root (with d.side and d.loser set) for a helpmate by d.side and returns
// its line (the search's own buffer, valid until the next search: d.yes copies it). ok is false
// when root has more than patternMaxMen men or the search found nothing within limit
// positions; that says nothing about whether a mate exists.
func (d *Decider) patternMate(root *board.Position, limit int) (line []board.Move, ok bool) {
	s := &d.pattern
	s.cut, s.pendingAt = false, -1
	if bits.OnesCount64(root.Occupied()) > patternMaxMen {
		return nil, false
	}
	s.cage, s.weight = false, patternWeight
	return d.patternStart(root, limit)
}

// cageMate runs the pattern search steered by cageDistance, with the weight cageWeights[try],
// for at most more positions, when side has a lone minor piece: a new search, which replaces
// the question's pattern search (a later resumed step continues this one). The plan runs it
// early (late false) on the positions of more than patternMaxMen men, which patternMate does not
// search, and late, after patternMate's steps, on the others. It does not run below
// cageMinBudget.
func (d *Decider) cageMate(root *board.Position, try int, late bool, more int) (line []board.Move, ok bool) {
	s := &d.pattern
	few := bits.OnesCount64(root.Occupied()) <= patternMaxMen
	if _, _, lone := loneMinor(root, d.side); !lone || few != late || d.budget < cageMinBudget {
		return nil, false
	}
	s.cut, s.pendingAt, s.cage, s.weight = false, -1, true, cageWeights[try]
	return d.patternStart(root, min(more, patternMaxNodes))
}

// patternStart starts the pattern search from root, with its distance and weight set, for at
// most limit positions.
func (d *Decider) patternStart(root *board.Position, limit int) (line []board.Move, ok bool) {
	s := &d.pattern
	if s.cage && s.blocks == nil {
		s.blocks = new(blockCosts) // 630 KB: only the cage search needs it, the scan never
	}
	s.seen.reset(root)
	s.count = 0
	s.open.reset()
	s.add(int32(s.seen.insert(keyEntry{key: root.Key(), link: link{parent: -1}})), 0)
	d.nodes++ // the root, a position of the search
	return d.patternRun(limit)
}

// patternResume continues the question's pattern search where patternMate's limit cut it
// short, for more positions (at most patternMaxNodes in all): the open list and the positions
// seen are kept, so it goes on exactly as one longer search would. It answers like
// patternMate; ok is false at once when there is nothing to continue (the search was not run
// on this question, found its mate, or ran out of positions to expand).
func (d *Decider) patternResume(more int) (line []board.Move, ok bool) {
	if !d.pattern.cut {
		return nil, false
	}
	return d.patternRun(min(d.pattern.count+more, patternMaxNodes))
}

// patternRun expands the open list's best positions until a mate is found or the search holds
// limit positions; the positions generated count against the budget. It records in s.cut
// whether the limit, not the open list, ended it.
func (d *Decider) patternRun(limit int) (line []board.Move, ok bool) {
	s := &d.pattern
	before := s.count
	defer func() { d.nodes += s.count - before }()
	s.cut = false
	i, from := s.pending, s.pendingAt
	if from < 0 {
		if s.open.n == 0 {
			return nil, false
		}
		i, from = s.open.pop(), 0
	}
	for {
		s.pendingAt = -1
		if mate, found := d.patternExpand(i, from, limit); found {
			s.line = s.seen.path(s.line[:0], mate)
			return s.line, true
		}
		if s.pendingAt >= 0 || s.count >= limit {
			s.cut = s.pendingAt >= 0 || s.open.n > 0
			return nil, false
		}
		if s.open.n == 0 {
			return nil, false
		}
		i, from = s.open.pop(), 0
	}
}

// patternExpand generates the children of node i by its moves from the from-th on (looked up
// by their keys, and only the new ones played) and adds the new ones to the open list, until
// the search holds limit positions: then it records where it stopped (s.pending, s.pendingAt)
// for a resumed search. It returns the index of a child that is a checkmate of the loser, if
// one is found.
func (d *Decider) patternExpand(i int32, from, limit int) (mate int32, found bool) {
	s := &d.pattern
	pos, plies := s.seen.position(i, &s.path)
	pos.LegalMoves(&s.moves)
	moves := s.moves.Slice()[from:]
	s.keys = s.seen.childKeys(s.keys, &pos, moves)
	childPlies := int32(plies) + 1
	for j, m := range moves {
		if s.count >= limit {
			s.pending, s.pendingAt = i, from+j
			break
		}
		key := s.keys[j]
		if s.seen.lookup(key) >= 0 {
			continue
		}
		child := pos
		child.Play(m)
		// A child where side cannot mate is not kept: met again, it is tested again (it is
		// never expanded either way), and the table holds no more entries than the positions
		// counted, for which deepCage reserves its room.
		if materialNo(&child, d.side) {
			continue
		}
		at := int32(s.seen.insert(keyEntry{key: key, link: link{i, m}}))
		if child.Turn() == d.loser && child.IsCheckmate() {
			return s.add(at, 0), true
		}
		var h int
		if s.cage {
			h = cageDistance(&child, d.side, s.blocks)
		} else {
			h = patternDistance(&child, d.side)
		}
		f := childPlies + s.weight*int32(h)
		s.add(at, f)
	}
	return -1, false
}

// add makes entry at of seen a node and puts it on the open list with priority f; it returns
// at.
func (s *patternState) add(at, f int32) int32 {
	s.count++
	s.open.push(int(f), at)
	return at
}

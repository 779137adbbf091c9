package mate

import (
	"math/bits"

	"github.com/pgnscan/pgnscan/internal/board"
)

// The breach search: mates behind a locked pawn wall. When no pawn can move and the pieces are
// shut in, every mate goes through a chain of irreversible events that break the wall: a piece
// walks into a pawn's capture, or a king eats a pawn, the capture frees other pawns, someone
// promotes, and only then can side's pieces reach the loser's king. The mate searches of
// search.go cost depth for every waiting move, so a chain of such events, each far from the
// last, lies beyond their reach; the breach search looks for the events instead of the mate.
//
// It is a best-first search over positions whose priority is the plies played plus
// breachWeight times the wall that is still standing (wallLeft): a line that has broken more of
// the wall is always expanded first, so the search dives through the events one after another,
// and when a branch stops making progress the positions nearer the root, with other events
// ahead, come next (the restarts). Each position that a capture or a promotion reached (a
// subgoal, breaks) is handed, when the search takes it up, to a narrow mate search with a
// small limit (breachProbe): the mate is usually near once the wall is open. Every line found
// is a series of legal moves from the root (the segments to the subgoal, then the mate
// search's line) that ends in a checkmate of the loser, so the search only ever answers Yes;
// failing, it says nothing.

const (
	// breachWeight multiplies the wall left against the plies played.
	breachWeight = 64
	// breachProbe is the node limit of the mate search run from each subgoal.
	breachProbe = 4000
)

// wallLeft measures how much of the pawn structure still stands in p: each pawn counts one plus
// the ranks it has still to go to promote, each piece other than a king one. Every irreversible
// event lowers it and no move raises it: a pawn push or capture gains a rank, a captured pawn
// or piece is gone, a promotion (from two on the seventh rank to one piece) takes one off; piece
// and king moves that capture nothing leave it as it was. So it drops exactly on the
// irreversible events, and the search that expands the lowest first dives through them.
func wallLeft(p *board.Position) int32 {
	n := int32(bits.OnesCount64(p.Occupied() &^ p.ByRole(board.Pawn) &^ p.ByRole(board.King)))
	for c := board.White; c <= board.Black; c++ {
		for b := p.Pieces(c, board.Pawn); b != 0; b &= b - 1 {
			n += 1 + int32(ranksToGo(c, board.Square(bits.TrailingZeros64(b))))
		}
	}
	return n
}

// breaks reports whether m reaches one of the breach search's subgoals, the positions it
// probes for a mate: a capture (a man taken out of the wall, or a piece given up to open it)
// or a promotion. Both lower wallLeft; of the moves that lower it only the pawn moves that take
// nothing and do not promote are left out: a push changes little for the mating pieces, and
// probing each costs more than it finds (the breach search alone at 75,000 nodes on the 117
// labelled Yes unknowns: 69 found with pushes probed too, 72 without them).
func breaks(m board.Move) bool {
	return m.Captured() != board.NoRole || m.Promotion() != board.NoRole
}

// ranksToGo is the number of pawn steps from sq to the last rank for a pawn of c.
func ranksToGo(c board.Color, sq board.Square) int {
	if c == board.White {
		return 7 - sq.Rank()
	}
	return sq.Rank()
}

// breachState is the breach search's memory, kept between questions. The tree is seen's
// entries (key, parent, move: a position is rebuilt by replaying its path from the root when
// expanded, so a node costs a 16-byte entry, not a whole position); plies and the open list are
// by entry index.
type breachState struct {
	seen  keyTable     // every position generated, by key (the search only answers Yes)
	path  []board.Move // the moves replayed to rebuild the entry being expanded, reused
	plies []int32      // moves from the root to each entry of seen
	open  bucketQueue  // the entries to expand, by priority
	moves board.MoveList
	keys  []uint64 // the keys of the children of the position being expanded, by move
}

// add inserts the position p (not yet in s.seen), reached from entry parent by m, and returns
// its index; it is put on the open list only when open.
func (s *breachState) add(p *board.Position, parent int32, m board.Move, open bool) int32 {
	i := int32(s.seen.insert(keyEntry{key: p.Key(), link: link{parent, m}}))
	plies := int32(0)
	if parent >= 0 {
		plies = s.plies[parent] + 1
	}
	s.plies = append(s.plies, plies)
	if open {
		s.open.push(int(plies+breachWeight*wallLeft(p)), i)
	}
	return i
}

// breachMate searches root (with d.side and d.loser set) for a mate through the wall, visiting
// positions until d.nodes reaches limit, and returns the line found in a new slice. ok is false
// when it found none, which says nothing about whether a mate exists.
func (d *Decider) breachMate(root *board.Position, limit int) (line []board.Move, ok bool) {
	s := &d.breach
	d.pattern.cut = false // the pattern search's steps come before this one: none resumes it
	s.seen.reset(root)
	s.plies = s.plies[:0]
	s.open.reset()
	s.add(root, -1, 0, true)
	for s.open.n > 0 && d.nodes < limit {
		i := s.open.pop()
		p, _ := s.seen.position(i, &s.path)
		// A subgoal is probed when it comes off the open list, not when it is generated: the
		// search dives, so most subgoals generated are never expanded, and probing each of
		// them would cost more than the search (measured: 66 → 69 of the 117 labelled Yes
		// unknowns, at a probe of 4,000 nodes instead of 1,500).
		if e := &s.seen.entries[i]; e.parent >= 0 && breaks(e.move) {
			if tail, ok := d.breachProbe(&p, limit); ok {
				return append(s.seen.path(nil, i), tail...), true
			}
		}
		if mate, found := d.breachExpand(&p, i, limit); found {
			return s.seen.path(nil, mate), true
		}
	}
	return nil, false
}

// breachExpand generates the children of p, entry i, and adds the new ones to the open list.
// It returns the index of a child that is a checkmate of the loser, if one is found.
func (d *Decider) breachExpand(p *board.Position, i int32, limit int) (mate int32, found bool) {
	s := &d.breach
	p.LegalMoves(&s.moves)
	moves := s.moves.Slice()
	s.keys = s.seen.childKeys(s.keys, p, moves)
	for j, m := range moves {
		if s.seen.lookup(s.keys[j]) >= 0 {
			continue
		}
		child := *p
		child.Play(m)
		if d.nodes >= limit {
			return -1, false
		}
		d.nodes++
		if materialNo(&child, d.side) {
			s.add(&child, i, m, false)
			continue
		}
		if child.Turn() == d.loser && child.IsCheckmate() {
			return s.add(&child, i, m, false), true
		}
		s.add(&child, i, m, true)
	}
	return -1, false
}

// breachProbe runs the narrow opening mate search (side's best 2 moves, the loser's best,
// the loser opening its wall first) from a subgoal p, within breachProbe nodes and the phase's
// limit. The line it returns is the mate search's buffer (valid until the next search).
func (d *Decider) breachProbe(p *board.Position, limit int) ([]board.Move, bool) {
	d.limit, d.out = min(limit, d.nodes+breachProbe), false
	d.setSearch(phase{sideWidth: 2, loserWidth: 1, open: true})
	if found, _ := d.mateSearch(p); found {
		return d.line[:d.lineLen], true
	}
	return nil, false
}

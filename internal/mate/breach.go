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
// It is a best-first search over positions (the pattern search's open list and node store,
// pattern.go) whose priority is the plies played plus breachWeight times the wall that is still
// standing (wallLeft): a line that has broken more of the wall is always expanded first, so the
// search dives through the events one after another, and when a branch stops making progress
// the positions nearer the root, with other events ahead, come next (the restarts). Each
// position that a capture or a promotion reached (a subgoal, breaks) is handed, when the
// search takes it up, to a narrow mate search with a small limit
// (breachProbe): the mate is usually near once the wall is open. Every line found is a series of legal moves from the root (the segments to the
// subgoal, then the mate search's line) that ends in a checkmate of the loser, so the search
// only ever answers Yes; failing, it says nothing.

const (
	// breachWeight multiplies the wall left against the plies played.
	breachWeight = 64
	// breachProbe is the node limit of the mate search run from each subgoal.
	breachProbe = 4000
	// breachMaxNodes caps the positions the search keeps (each a whole position).
	breachMaxNodes = 200_000
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

// breachMate searches root (with d.side and d.loser set) for a mate through the wall, visiting
// positions until d.nodes reaches limit, and returns the line found in a new slice. ok is false
// when it found none, which says nothing about whether a mate exists.
func (d *Decider) breachMate(root *board.Position, limit int) (line []board.Move, ok bool) {
	s := &d.breach
	s.seen.reset()
	s.nodes, s.open = s.nodes[:0], s.open[:0]
	s.seen.insert(entry{id: root.Identity(), key: root.Key()})
	s.add(root, -1, 0, 0, breachWeight*wallLeft(root))
	for len(s.open) > 0 && d.nodes < limit && len(s.nodes) < breachMaxNodes {
		i := s.pop()
		// A subgoal is probed when it comes off the open list, not when it is generated: the
		// search dives, so most subgoals generated are never expanded, and probing each of
		// them would cost more than the search (measured: 66 → 69 of the 117 labelled Yes
		// unknowns, at a probe of 4,000 nodes instead of 1,500).
		if n := &s.nodes[i]; n.parent >= 0 && breaks(n.move) {
			if tail, ok := d.breachProbe(&n.pos, limit); ok {
				return append(append([]board.Move(nil), s.lineTo(i)...), tail...), true
			}
		}
		if line, found := d.breachExpand(i, limit); found {
			return line, true
		}
	}
	return nil, false
}

// breachExpand generates the children of node i and adds the new ones to the open list. It
// returns a line from the root to a checkmate of the loser when a child is one.
func (d *Decider) breachExpand(i int32, limit int) (line []board.Move, found bool) {
	s := &d.breach
	s.nodes[i].pos.LegalMoves(&s.moves)
	moves := &s.moves
	plies := s.nodes[i].plies + 1
	for _, m := range moves.Slice() {
		child := s.nodes[i].pos
		child.Play(m)
		id, key := child.Identity(), child.Key()
		if s.seen.lookup(id, key) >= 0 {
			continue
		}
		if d.nodes >= limit {
			return nil, false
		}
		d.nodes++
		s.seen.insert(entry{id: id, key: key})
		if materialNo(&child, d.side) {
			continue
		}
		if child.Turn() == d.loser && child.IsCheckmate() {
			return append([]board.Move(nil), s.lineTo(s.add(&child, i, m, plies, 0))...), true
		}
		s.add(&child, i, m, plies, plies+breachWeight*wallLeft(&child))
	}
	return nil, false
}

// breachProbe runs the narrow opening mate search (side's best 2 moves, the loser's best,
// the loser opening its wall first) from a subgoal p, within breachProbe nodes and the phase's
// limit. The line it returns is the mate search's buffer (valid until the next search).
func (d *Decider) breachProbe(p *board.Position, limit int) ([]board.Move, bool) {
	d.limit, d.out = min(limit, d.nodes+breachProbe), false
	d.widths[d.side], d.widths[d.loser] = 2, 1
	d.toward, d.open, d.walk = false, true, false
	if found, _ := d.mateSearch(p); found {
		return d.line[:d.lineLen], true
	}
	return nil, false
}

package mate

import (
	"math/bits"

	"github.com/pgnscan/pgnscan/internal/board"
)

// reachRoom is the most entries the exhaustive search's table holds: the budget rounded up to
// a power of two (524,288 entries, 25 MB, at the default budget), all that the plan's steps
// can insert. The deep steps, which may spend deepFactor times the budget, stop there as if
// their nodes had run out: grown further, the table (then 56 bytes an entry) set the decider's peak
// memory (162 MB on labelled-dev.txt, with the copies of its growth), and no question of the
// three dev files was settled by an exhaustive search of more (at most 418,312 entries).
func (d *Decider) reachRoom() int { return 1 << bits.Len(uint(d.budget-1)) }

// reachState is the exhaustive search's memory: the positions visited, and where a search cut
// short resumes.
type reachState struct {
	seen  table // the visited set, in the order visited (the search's queue)
	at    int   // the entry of seen where a cut-short search resumes (0: anew)
	moves board.MoveList
	ids   []board.Identity // the children of the entry being expanded, by move
	hs    []uint64         // their identities' hashes
}

// children fills s.ids and s.hs with the children of p, one for each of s.moves, before any
// is looked up: the table is then asked for all their slots at once (table.touch).
func (s *reachState) children(p *board.Position) ([]board.Identity, []uint64) {
	s.ids, s.hs = s.ids[:0], s.hs[:0]
	for _, m := range s.moves.Slice() {
		c := *p
		c.Play(m)
		id := c.Identity()
		s.ids, s.hs = append(s.ids, id), append(s.hs, id.Hash())
	}
	return s.ids, s.hs
}

// exhaust visits every position reachable from root, breadth first, each once (the table d.reach.seen
// is the visited set, keyed by exact identity), until it meets a checkmate of the loser or the
// budget d.limit runs out. It returns the index in d.reach.seen of the mate, or -1; complete is true
// when the whole reachable space was visited. A subtree is not entered where materialNo proves
// that no mate by side lies in it. This is the only source of a No from a search: complete with
// no mate means no series of legal moves from root ends in side's checkmate.
//
// A search cut short by the budget resumes where it stopped at the question's next call
// (d.reach.at: the entry being expanded; the entries before it are expanded, and its children
// already in the table are skipped when it is expanded again), so the plan's exhaustive steps
// share one search instead of each starting over.
func (d *Decider) exhaust(root *board.Position) (mate int, complete bool) {
	t := &d.reach.seen
	if d.reach.at == 0 {
		t.reset()
		id := root.Identity()
		t.insert(entry{id: id, link: link{parent: -1}}, id.Hash())
		d.nodes++
	}
	moves := &d.reach.moves
	for i := d.reach.at; i < t.len(); i++ {
		p := t.at(i).id.Position()
		p.LegalMoves(moves)
		if moves.N == 0 {
			if p.Turn() == d.loser && p.InCheck() {
				return i, true
			}
			continue
		}
		if materialNo(&p, d.side) {
			continue
		}
		ids, hs := d.reach.children(&p)
		t.touch(hs)
		for j, m := range moves.Slice() {
			id, h := ids[j], hs[j]
			if t.lookup(id, h) >= 0 {
				continue
			}
			if d.nodes >= d.limit || t.len() >= d.reachRoom() {
				d.out, d.reach.at = true, i
				return -1, false
			}
			d.nodes++
			t.insert(entry{id: id, link: link{int32(i), m}}, h)
		}
	}
	return -1, true
}

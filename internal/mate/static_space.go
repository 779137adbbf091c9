package mate

import (
	"math/bits"

	"github.com/pgnscan/pgnscan/internal/board"
)

// The small-space proof: a "no" for positions where one side can hardly move, so that every
// series of legal moves from the position stays among a few dozen positions, none of them a
// mate by side.
//
// The static layer and the tempo proof reason about where men can go; they give up where a
// side's men are boxed in by the other's pieces rather than by locked pawns, and where the
// game can end at once by stalemate. Both are common in the unfair timeouts of
// ../shared/unwinnable: in 3k4/3P4/3PK3/1B6/8/7p/7P/8 w Black, who did not flag, has no legal
// move, and every White move but none brings the bishop to g2 in one, so each of them
// stalemates Black; in 4q2k/7p/6pK/6P1/8/8/8/3q4 b White's king is boxed in by Black's queens,
// and the few Black moves that release it lead, a move or two later, to a stalemate or to
// positions already seen. The forced-move layer and the one-ply step see such positions only
// when the side to move has few moves, which the boxing side never has.
//
// The proof visits every position reachable from p, breadth first, each once (by exact
// identity): a position with no legal move ends its line (a stalemate, or a mate: a mate of
// the loser fails the proof, one of side is no mate by side), and so does one where materialNo
// proves side unable to mate. When the whole reachable space is visited and holds no mate of
// the loser, no series of legal moves from p ends in one: the answer is no, as sound as the
// exhaustive search's (reach.go), of which this is a small copy with its own table.
//
// What makes it cheap is where it gives up. A position where both sides move freely has a
// large reachable space, so the proof stops (answering nothing) at the first position it
// expands where both sides have more than spaceMobile moves by the estimate of mobility, and
// after spaceNodes positions in all. Stopping is never wrong: only a complete visit answers.
// On the final position of a typical game both sides move freely, and the proof costs two
// estimates at the root.

const (
	// spaceNodes bounds the positions the proof visits.
	spaceNodes = 512
	// spaceMobile is the estimated number of moves above which a side moves freely.
	spaceMobile = 3
	// spacePieces is the number of pieces (the king among them) above which a side is taken
	// to move freely without counting its moves: on the final positions of real games, where
	// most sides have more, counting costs more than the rest of the proof's gate.
	spacePieces = 3
	// spaceSlots is the size of the proof's hash table (a power of two, over twice spaceNodes).
	spaceSlots = 2048
)

// space is the proof's memory, kept between calls so that a decider's proofs allocate nothing
// once it has grown.
type space struct {
	side, loser board.Color
	nodes       []board.Position
	ids         []board.Identity
	// slots is the hash table: run<<16 | index+1 into nodes; a slot written in an earlier
	// run is empty, so a run need not clear the table (a few kilobytes) before it starts.
	slots [spaceSlots]uint32
	run   uint32
	moves board.MoveList
}

// no reports whether the small-space proof shows that side can never checkmate from p.
// moverFree says that the caller knows the side to move, not in check, to have more than
// spaceMobile moves (Quick's manyMoves), so that only the other side's mobility is estimated
// before the proof gives up on a position where both move freely.
//
// step, when not nil, is p after the first legal step of its king onto an empty square (kingOpen
// played it), for freeChild.
func (s *space) no(p *board.Position, side board.Color, moverFree bool, step *board.Position) bool {
	if moverFree && mobile(p, p.Turn().Other()) || !moverFree && free(p) {
		return false
	}
	return !freeChild(p, side, step) && s.visit(p, side)
}

// visit is the proof itself: it visits every position reachable from p, as the layer's comment
// says, and reports whether it saw them all and no mate of the loser among them.
func (s *space) visit(p *board.Position, side board.Color) bool {
	s.side, s.loser = side, side.Other()
	s.nodes, s.ids = s.nodes[:0], s.ids[:0]
	if s.run++; s.run == 1<<16 {
		clear(s.slots[:])
		s.run = 1
	}
	if !s.insert(p) {
		return false
	}
	for i := 0; i < len(s.nodes); i++ {
		if !s.expand(i) {
			return false
		}
	}
	return true
}

// freeChild reports, listing no moves of p, that the proof would stop at a child of p: the first
// legal step of the king of the side to move onto an empty square leads to a position where
// both sides move freely and the material does not end the line (insert's test), and the
// material does not end p's line either, so the proof would expand p (p passed the gate, and
// if p itself moves freely the proof stops at p). The proof visits every child of p whatever
// the order of p's moves, and no child of p is p or a sibling, so its answer is false as
// surely. On the final positions of a scan the root is in check on most proofs, and its first
// step out of check is such a child on nearly all of them (10,136 of 10,400 on the OTB file):
// one move played instead of p's list of moves and its first child's entry (none when the
// caller gives that child as step).
func freeChild(p *board.Position, side board.Color, step *board.Position) bool {
	if materialNo(p, side) {
		return false
	}
	if step == nil {
		var m [1]board.Move
		if quietKingSteps(p, m[:]) == 0 {
			return false
		}
		c := *p
		c.Play(m[0])
		step = &c
	}
	return free(step) && !materialNo(step, side)
}

// expand generates the moves of the i-th position and adds the positions they lead to; false
// when the proof must stop: a mate of the loser, a position where both sides move freely, or
// too many positions.
func (s *space) expand(i int) bool {
	p := s.nodes[i]
	p.LegalMoves(&s.moves)
	if s.moves.N == 0 {
		return p.Turn() != s.loser || !p.InCheck()
	}
	if materialNo(&p, s.side) {
		return true
	}
	if i > 0 && s.moves.N > maxReplies && mobile(&p, p.Turn().Other()) {
		return false
	}
	for _, m := range s.moves.Slice() {
		c := p
		c.Play(m)
		if !s.insert(&c) {
			return false
		}
	}
	return true
}

// insert adds c unless already visited; false when the proof must stop: c is a new position
// where both sides move freely (and the material does not end its line), or the table is full.
func (s *space) insert(c *board.Position) bool {
	id := c.Identity()
	for h := c.Key() & (spaceSlots - 1); ; h = (h + 1) & (spaceSlots - 1) {
		slot := s.slots[h]
		if slot>>16 != s.run {
			if len(s.nodes) == spaceNodes || free(c) && !materialNo(c, s.side) {
				return false
			}
			s.nodes = append(s.nodes, *c)
			s.ids = append(s.ids, id)
			s.slots[h] = s.run<<16 | uint32(len(s.nodes))
			return true
		}
		if s.ids[slot&0xffff-1] == id {
			return true
		}
	}
}

// free reports whether both sides of c move freely, by the estimate of mobile. A side to move
// in check is not estimated (its moves are few, however many men it has): the proof goes on.
func free(c *board.Position) bool {
	return !c.InCheck() && mobile(c, c.Turn()) && mobile(c, c.Turn().Other())
}

// mobile reports whether colour c, not in check, moves freely: it has more than spacePieces
// pieces (taken to move freely without counting), or more than spaceMobile legal moves, as
// counted by the moves of its men that nothing can pin (freeMoves) and its king's steps onto
// squares neither its own nor attacked by the other colour (with the king not in check, no line
// through its square is attacked, so the attacks with the king in place are those with it
// gone). The count is a lower bound, so a side it calls not mobile has at most spaceMobile
// legal moves. The king's steps are tested only while they can still take the count past
// spaceMobile: a king boxed in on the edge or by its own men is not mobile without a test.
func mobile(p *board.Position, c board.Color) bool {
	if bits.OnesCount64(p.ByColor(c)&^p.ByRole(board.Pawn)) > spacePieces {
		return true // not counted
	}
	n := freeMoves(p, c, spaceMobile)
	for b := kingSteps(uint64(1)<<p.KingSquare(c)) &^ p.ByColor(c); n <= spaceMobile && n+bits.OnesCount64(b) > spaceMobile; b &= b - 1 {
		if !p.AttackedBy(board.Square(bits.TrailingZeros64(b)), c.Other()) {
			n++
		}
	}
	return n > spaceMobile
}

package mate

import "github.com/pgnscan/pgnscan/internal/board"

// The cooperative mate search: both sides' moves are chosen to help side mate, by iterative
// deepening over plies. Side's checks, captures, pawn moves and moves that bring its pieces
// nearer the loser's king cost no depth (the loser's replies always cost one, so every line still ends); the
// loser tries only its few most helpful moves (see order). A transposition
// table keyed by exact identity remembers the depth at which a position was searched in vain.
// It only finds mates: it never answers No (the exhaustive search of reach.go does).

const (
	maxDepth = 40             // deepest iteration, in costed plies
	maxPly   = 2*maxDepth + 2 // longest line: free moves at most double the costed plies

	// loserWidth and loserWidthLong are how many of the loser's moves, best first, the short
	// and the long mate search try at each node. The loser is helping, so its few most helpful
	// moves are nearly always enough; the exhaustive search, which proves No, tries every
	// move. Measured on every 30th line of lichess-timeouts-15k-dev.txt: 4 then 2 left 0.2 %
	// unknown; 4 then 1, 3, 4, 8 or all left 0.4, 1.0, 1.0, 5.4 and 8.2 %.
	loserWidth     = 4
	loserWidthLong = 2
)

// frame is one ply of the mate search: its position, its moves and their order scores.
type frame struct {
	pos    board.Position
	moves  board.MoveList
	scores [len(board.MoveList{}.Moves)]int32
}

// mateSearch starts the search from root (see deepen).
func (d *Decider) mateSearch(root *board.Position) (found, stalled bool) {
	d.tt.reset()
	d.frames[0].pos = *root
	d.depth, d.ttSize = 1, -1
	return d.deepen()
}

// deepen runs iterations from depth d.depth on until one finds a mate by d.side (found:
// d.line[:d.lineLen] is the line), the budget d.limit runs out (d.out; a later call resumes
// at the iteration cut short), or an iteration adds no position to the table (stalled: a sign
// that the reachable space is small enough for the exhaustive search).
func (d *Decider) deepen() (found, stalled bool) {
	for ; d.depth <= maxDepth; d.depth++ {
		if d.dfs(0, d.depth) {
			return true, false
		}
		if d.out {
			return false, false
		}
		n := len(d.tt.entries)
		if n == d.ttSize && d.depth >= 4 {
			return false, true
		}
		d.ttSize = n
	}
	return false, true
}

// dfs searches the position of frame ply with depth costed plies left.
func (d *Decider) dfs(ply, depth int) bool {
	f := &d.frames[ply]
	p := &f.pos
	if d.nodes >= d.limit {
		d.out = true
		return false
	}
	d.nodes++
	p.LegalMoves(&f.moves)
	toMove := p.Turn()
	if f.moves.N == 0 {
		if toMove == d.loser && p.InCheck() {
			d.lineLen = ply
			return true
		}
		return false
	}
	// The loser's move is useful only if side has a ply left to mate after it.
	if depth < 1 || toMove == d.loser && depth < 2 || ply+1 >= maxPly || materialNo(p, d.side) {
		return false
	}
	id, key := p.Identity(), p.Key()
	if i := d.tt.lookup(id, key); i >= 0 && int(d.tt.entries[i].depth) >= depth {
		return false
	}
	lk := p.KingSquare(d.loser)
	d.order(f, toMove, lk)
	child := &d.frames[ply+1]
	n := f.moves.N
	if toMove == d.loser {
		n = min(n, d.width)
	}
	for i := 0; i < n; i++ {
		m := f.moves.Moves[i]
		child.pos = *p
		child.pos.Play(m)
		cost := 1
		if toMove == d.side {
			if depth == 1 && !child.pos.InCheck() {
				continue // the last ply must mate, so it must check
			}
			if approaches(m, lk) || child.pos.InCheck() {
				cost = 0
			}
		}
		if d.dfs(ply+1, depth-cost) {
			d.line[ply] = m
			return true
		}
		if d.out {
			return false
		}
	}
	if i := d.tt.lookup(id, key); i >= 0 {
		d.tt.entries[i].depth = int16(max(int(d.tt.entries[i].depth), depth))
	} else {
		d.tt.insert(entry{id: id, key: key, depth: int16(depth)})
	}
	return false
}

// approaches reports whether m, a move of side, is a capture or a pawn move (finitely many in
// any line: material only goes and pawns only go forward) or brings a piece nearer lk, the
// loser's king. Such moves, and checks, cost no depth.
func approaches(m board.Move, lk board.Square) bool {
	if m.Captured() != board.NoRole {
		return true
	}
	if m.Role() == board.Pawn {
		return true
	}
	return distance(m.To(), lk) < distance(m.From(), lk)
}

// order sorts f's moves, best first: for side, approaches to the loser's king, promotions
// breaking ties; for the loser, king moves toward the nearest corner, then moves that put a
// piece beside its own king (a blocker), then other waiting moves, captures last (they take
// away side's mating material).
func (d *Decider) order(f *frame, toMove board.Color, lk board.Square) {
	moves := f.moves.Moves[:f.moves.N]
	scores := f.scores[:f.moves.N]
	if toMove == d.side {
		for i, m := range moves {
			s := int32(8*(distance(m.From(), lk)-distance(m.To(), lk))) + int32(m.Promotion())*4
			if m.Role() == board.King {
				s -= 2
			}
			scores[i] = s
		}
	} else {
		for i, m := range moves {
			var s int32
			switch {
			case m.Captured() != board.NoRole:
				s = -100
			case m.Role() == board.King:
				s = int32(8 * (cornerDistance(m.From()) - cornerDistance(m.To())))
			default:
				s = -30 // waiting moves come after the king's moves that do not leave its corner
				if distance(m.To(), lk) == 1 {
					s += 20 // a piece that takes a square from its own king may block a flight
				}
			}
			scores[i] = s
		}
	}
	// Insertion sort: the lists are short, and it allocates nothing.
	for i := 1; i < len(moves); i++ {
		m, s := moves[i], scores[i]
		j := i
		for ; j > 0 && scores[j-1] < s; j-- {
			moves[j], scores[j] = moves[j-1], scores[j-1]
		}
		moves[j], scores[j] = m, s
	}
}

// distance is the number of king steps from a to b.
func distance(a, b board.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// cornerDistance is the number of king steps from sq to the nearest corner of the board.
func cornerDistance(sq board.Square) int {
	f, r := sq.File(), sq.Rank()
	return max(min(f, 7-f), min(r, 7-r))
}

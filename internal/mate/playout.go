package mate

import (
	"math/bits"
	"math/rand/v2"

	"github.com/pgnscan/pgnscan/internal/board"
)

// The playout search: many cooperative random games from the root, for the deep helpmates of
// locked pawn walls that iterative deepening cannot reach within its budget (a piece walks
// into a pawn's capture, the capture frees other pawns, someone promotes, then a mate). Each
// side's moves are drawn at random with a bias toward what helps side mate (playoutWeights),
// positions already met since the last pawn move or capture are never entered again, and a
// short, narrow mate search (search.go) looks for a mate after each capture (by either side)
// and each promotion of side, where the position changed for good, and at the playout's end.
// The playouts that made the most progress (playoutProgress) are kept, and a quarter of the
// later playouts restart from one of them (a beam) instead of from the root.
//
// Measured alone on the 117 questions labelled "can mate" that the plan left unknown before
// the playouts, at 100,000 nodes each (its share of the default budget): 64 found (200,000: 66
// with the loser's capture weight of playout_weights.go's first try). Long playouts and small
// end searches find the most: the first version's 160 plies and 1,500-node searches found 30,
// with 80 plies 27; playouts ended after 20-80 plies without a pawn move or capture 29-39
// (the kings' long walks round the walls are the point); a 1,000-node search at the end 40,
// 50 nodes 49 (these before the loser's captures had a weight). The beam's restarts are within
// the spread of a change of seed (none: 40, a quarter: 43, half: 38, with the rest as then).
//
// The generator is seeded from the root's key and side, so the same question always gets the
// same answer and the same witness. The search only ever answers Yes, with the playout's moves
// followed by the mate search's line (legal moves from the root ending in a checkmate of the
// loser); failing, it says nothing, never No. Every playout move and every node of the end
// searches counts against the budget (d.nodes).

const (
	playoutPlies  = 300 // longest playout, in plies
	playoutSearch = 200 // nodes of the mate search after a capture or a promotion
	playoutLast   = 50  // nodes of the mate search at a playout's end
	playoutBeam   = 16  // prefixes kept for restarts
)

// playoutPrefix is a kept playout prefix: its moves from the root and the progress it made.
type playoutPrefix struct {
	moves    []board.Move
	progress int
}

// playoutState is the playout search's memory, kept between questions.
type playoutState struct {
	rng     rand.PCG
	bias    *playoutBias // the moves' weights (playout_weights.go); nil: defaultBias
	line    []board.Move // the current playout's moves from the root
	keys    []uint64     // keys of the positions since the last pawn move or capture
	moves   board.MoveList
	weights [len(board.MoveList{}.Moves)]int32
	beam    []playoutPrefix
}

// playoutMate runs playouts from root until one ends in a mate by d.side (the line from root
// is returned) or d.nodes reaches limit.
func (d *Decider) playoutMate(root *board.Position, limit int) ([]board.Move, bool) {
	s := &d.playout
	s.rng.Seed(root.Key(), uint64(d.side)+1)
	if s.bias == nil {
		s.bias = &defaultBias
	}
	s.beam = s.beam[:0]
	start := materialOf(root, d.loser)
	for d.nodes < limit {
		var pos board.Position
		if line, ok := d.playoutOnce(root, &pos, limit, start); ok {
			return line, true
		}
	}
	return nil, false
}

// playoutOnce plays one playout from root or from a kept prefix (pos is its scratch
// position) and reports a mate line from root if it found one.
func (d *Decider) playoutOnce(root, pos *board.Position, limit, start int) ([]board.Move, bool) {
	s := &d.playout
	*pos = *root
	s.line = s.line[:0]
	if len(s.beam) > 0 && s.rng.Uint64()%4 == 0 {
		pre := &s.beam[s.rng.Uint64()%uint64(len(s.beam))]
		for _, m := range pre.moves {
			pos.Play(m)
		}
		s.line = append(s.line, pre.moves...)
	}
	s.keys = append(s.keys[:0], pos.Key())
	best, bestAt := playoutProgress(pos, d.side, start), len(s.line)
	toward := s.rng.Uint64()&1 == 0
	for len(s.line) < playoutPlies && d.nodes < limit {
		pos.LegalMoves(&s.moves)
		if s.moves.N == 0 {
			if pos.Turn() == d.loser && pos.InCheck() {
				return s.line, true
			}
			break
		}
		if materialNo(pos, d.side) {
			break
		}
		m, ok := d.playoutPick(pos, toward)
		if !ok {
			break
		}
		d.nodes++
		promoted := m.Promotion() != board.NoRole && pos.Turn() == d.side
		taken := m.Captured() != board.NoRole
		if m.Captured() != board.NoRole || m.Role() == board.Pawn {
			s.keys = s.keys[:0]
		}
		pos.Play(m)
		s.line = append(s.line, m)
		s.keys = append(s.keys, pos.Key())
		if pr := playoutProgress(pos, d.side, start); pr > best {
			best, bestAt = pr, len(s.line)
		}
		if (promoted || taken) && d.playoutSearch(pos, limit, playoutSearch) {
			return append(s.line, d.line[:d.lineLen]...), true
		}
	}
	if d.playoutSearch(pos, limit, playoutLast) {
		return append(s.line, d.line[:d.lineLen]...), true
	}
	d.keepPrefix(s.line[:bestAt], best)
	return nil, false
}

// playoutSearch runs a mate search of at most n nodes from pos, each side trying its best 2 and
// 1 moves, in the opening searches' order or the plain one at random (d.line[:d.lineLen] is its
// line).
func (d *Decider) playoutSearch(pos *board.Position, limit, n int) bool {
	if d.nodes >= limit {
		return false
	}
	d.limit, d.out = min(limit, d.nodes+n), false
	d.setSearch(phase{sideWidth: 2, loserWidth: 1, open: d.playout.rng.Uint64()&1 == 0})
	found, _ := d.mateSearch(pos)
	return found
}

// keepPrefix keeps line (copied) among the beam's prefixes if it made more progress than the
// least of them, or the beam is not full.
func (d *Decider) keepPrefix(line []board.Move, progress int) {
	s := &d.playout
	if progress <= 0 || len(line) == 0 {
		return
	}
	if len(s.beam) < playoutBeam {
		s.beam = append(s.beam, playoutPrefix{moves: append([]board.Move(nil), line...), progress: progress})
		return
	}
	worst := 0
	for i := range s.beam {
		if s.beam[i].progress < s.beam[worst].progress {
			worst = i
		}
	}
	if progress > s.beam[worst].progress {
		s.beam[worst] = playoutPrefix{moves: append(s.beam[worst].moves[:0], line...), progress: progress}
	}
}

// playoutProgress measures how far pos has come toward a mate by side: twice the loser's
// material given up since the root (start is the loser's material there), and three times
// side's pieces (a promotion adds one).
func playoutProgress(pos *board.Position, side board.Color, start int) int {
	promoted := bits.OnesCount64(pos.ByColor(side)&^pos.ByRole(board.Pawn)&^pos.ByRole(board.King)) * 3
	return 2*(start-materialOf(pos, side.Other())) + promoted
}

// materialOf counts c's men other than the king: a pawn 1, a piece 3.
func materialOf(pos *board.Position, c board.Color) int {
	pawns := bits.OnesCount64(pos.Pieces(c, board.Pawn))
	pieces := bits.OnesCount64(pos.ByColor(c)&^pos.ByRole(board.King)) - pawns
	return pawns + 3*pieces
}

// playoutPick draws one of s.moves by playoutWeight, never one that goes back to a position
// of s.keys. ok is false when every move does.
func (d *Decider) playoutPick(pos *board.Position, toward bool) (board.Move, bool) {
	s := &d.playout
	moves := s.moves.Slice()
	d.playoutWeights(pos, moves, toward)
	total := int64(0)
	for i, m := range moves {
		if s.weights[i] > 0 && m.Captured() == board.NoRole && m.Role() != board.Pawn && s.seen(pos.KeyAfter(m)) {
			s.weights[i] = 0
		}
		total += int64(s.weights[i])
	}
	if total == 0 {
		return 0, false
	}
	r := int64(s.rng.Uint64() % uint64(total))
	for i, m := range moves {
		if r -= int64(s.weights[i]); r < 0 {
			return m, true
		}
	}
	return 0, false
}

// seen reports whether key is among the keys since the last irreversible move.
func (s *playoutState) seen(key uint64) bool {
	for _, k := range s.keys {
		if k == key {
			return true
		}
	}
	return false
}

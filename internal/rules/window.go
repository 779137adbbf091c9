package rules

import (
	"math/bits"

	"github.com/pgnscan/pgnscan/internal/board"
)

// window holds the positions since the last irreversible move: the only
// positions the current one can repeat (rules.md section 1). A capture, a
// pawn move or a change of castling rights empties it.
//
// Positions are found by their Zobrist key and then compared exactly. The
// exact comparison uses what the window guarantees instead of storing a full
// identity per position: every move inside the window is a quiet piece move
// (anything else would have emptied it), castling rights are the same
// throughout, and only the first position can have an en passant capture
// (a double push empties the window). So two entries are the same position
// exactly when they have the same side to move, neither is a first position
// with an en passant capture, and the moves between them put every piece
// back: for each colour and role, the from and to squares of those moves
// cancel out. That costs a few xors on a key match, and nothing per
// half-move beyond the key and the move. (Storing board.Identity, 40 bytes,
// for every position was measurably slower: Go builds it in a temporary and
// copies it, and the copy stalls on the stores that just built it.)
//
// Entries are chained by key bucket through serial numbers that never repeat
// (until they wrap, when the table is cleared), so emptying the window costs
// nothing: links to entries older than the window's first are simply dead.
//
// A long run of reversible moves is compacted (compact) so that the window
// holds about one entry per distinct position rather than one per half-move.
type window struct {
	win    []entry
	head   [1 << hashBits]uint32
	serial uint32         // serial number of entry 0; entry k has serial+k
	twice  [2][]candidate // entries seen at least Threefold-1 times (twice), by their side to move
	turn0  board.Color    // side to move at entry 0
	ep0    board.Square   // entry 0's en passant square: NoSquare unless a capture there is legal

	// byPlacement: the window holds positions by lichess's identity before scalachess #56
	// (Edition.ByPlacement): keys are PlacementKeys, ep0 does not count (same), and a capture, a
	// pawn move or a castling move empties it, not a change of castling rights. The claims by
	// intended move still skip every move that changes the rights: in standard chess such a
	// move (a king or rook leaving its first square for the first time) never recreates a
	// placement that stood since the last castling, capture or pawn move. castled is the ply
	// of the latest position reached by castling, else the ply from which the clock counts
	// at the game's start (Counting.clockFrom, with or without byPlacement): the clock is
	// never more than the plies since.
	byPlacement bool
	castled     int
	// resetCount is the count a window begun by an irreversible move enters its first position
	// with, as an earlier occurrence: 1, or 0 when the edition does not count it
	// (Counting.Uncounted; P0's is set by Begin). Its own count is 1 either way.
	resetCount int32

	compactTest int32 // tests: compact from this length instead of compactFrom (0: no)
}

// compaction is the state of compact: kept apart from window, at the end of
// the Judge, so that the fields Play reads for every half-move stay together.
type compaction struct {
	compactAt     int    // the window length from which addCandidate compacts it again: see compact
	compactSerial uint32 // the window compactAt is for, by its serial (a new window starts over)
	compacted     int    // how many times compact ran, for tests
}

// entry is one position of the window, appended by register (the append stores its
// fields in place: no copy through the stack).
type entry struct {
	key   uint64
	count int32      // occurrences of the position among P0 ... Pi, this one included, that count (Counting.Uncounted)
	next  uint32     // serial of the previous entry in the same key bucket (dead if before the window)
	move  board.Move // the move that reached this position from the entry before (entry 0's: none that counts)
}

// hashBits is the size of the bucket index: 1,024 buckets, 4 KiB. A probe
// meets another position's entry with a chance of about the window's length
// in 1,024, and then costs one more key comparison.
const hashBits = 10

// candidate is a window entry seen at least Threefold-1 times (twice): a position
// that one quiet move may turn into a third occurrence (a claim by intended move). Its
// placement lets a cheap comparison tell whether the current position is one
// piece move away from it, without generating moves.
type candidate struct {
	w  int32
	pl placement
}

// placement is the squares of each colour's pieces, by role.
type placement [2][board.King + 1]uint64

func (pl *placement) of(p *board.Position) {
	for c := board.White; c <= board.Black; c++ {
		for r := board.Pawn; r <= board.King; r++ {
			pl[c][r] = p.Pieces(c, r)
		}
	}
}

// restart empties the window for p, the position an irreversible move (or Begin) made, and
// enters it, key, as entry 0: it stands once, and counts as entryCount earlier occurrences
// (Counting.entryCounts) for the later positions that repeat it.
func (t *tally) restart(p *board.Position, key uint64, entryCount int32) {
	t.serial += uint32(len(t.win)) + 1 // serial 0 marks an empty bucket
	t.win = t.win[:0]
	t.turn0, t.ep0 = p.Turn(), p.EnPassant()
	if t.serial >= 1<<31 || len(t.twice[0])+len(t.twice[1]) > 0 {
		t.tidy()
	}
	t.register(key, 0, entryCount, 0)
	t.count = 1 // its own count: register took entryCount for it
}

// tidy empties the lists of positions seen twice, and starts the serial
// numbers over when they grow far (still far from wrapping: old serials must
// never look new).
func (t *tally) tidy() {
	t.twice[0] = t.twice[0][:0]
	t.twice[1] = t.twice[1][:0]
	if t.serial >= 1<<31 {
		t.head = [1 << hashBits]uint32{}
		t.serial = 1
	}
}

// occurrence returns the count of the current position, to be window entry w, just reached
// by m from entry w-1: one more than that of its latest earlier occurrence, the first exact
// match in its key's chain (1 if none). A key match alone is not enough.
// Play calls it only when the key's bucket holds a live entry.
func (t *tally) occurrence(key uint64, w int32, m board.Move) int32 {
	win, serial := t.win, t.serial
	for s := t.head[key>>(64-hashBits)]; s >= serial; {
		k := int32(s - serial)
		if win[k].key == key && t.same(k, w-1, m) {
			return win[k].count + 1
		}
		s = win[k].next
	}
	return 1
}

// register enters the current position, reached by m, into the window as entry w, its last
// (w is len(win)), with its occurrence count. Small enough to be inlined into Play: it runs
// for every half-move.
func (t *tally) register(key uint64, w, count int32, m board.Move) {
	b := key >> (64 - hashBits)
	t.win = append(t.win, entry{key: key, count: count, next: t.head[b], move: m})
	t.head[b] = t.serial + uint32(w)
	t.count = int(count)
}

// repeated records the facts of entry w, the current position p, seen count >= 2 times: a
// position a claim by move may aim at from Threefold-1 on (twice under the Laws).
func (t *tally) repeated(p *board.Position, w, count int32) {
	t.maxReps = max(t.maxReps, int(count))
	if count >= int32(t.th.Threefold)-1 {
		t.addCandidate(p, w)
	}
}

// compactFrom is the window length from which a window is compacted: a
// window that long is a run of thousands of reversible moves, which only
// hostile or broken games play. (A constant: read from a variable on the
// repetition path, it measurably slowed the judge; tests set
// window.compactTest instead.)
const compactFrom = 4096

// keepLast is how many of the latest entries compact leaves alone, the
// current position's included: consecutiveFive reads the entries 4 to 16 back
// from the current position by their distance (Thresholds.Fivefold at most 5).
const keepLast = 17

// compact shortens the window without changing any answer it gives: it
// removes loops, runs of entries Pa ... Pb-1 with Pa = Pb none of which is the
// latest occurrence of its position in the window. The moves of a loop put
// every piece back (and an even number of them leaves the side to move), so
// same still holds exactly between the entries that stay, Pb taking the move that
// reached Pa; every position keeps
// its latest occurrence, whose count is the one occurrence and findAfter
// return; and a candidate that is not a latest occurrence is never the first
// match in intendedMoves (the latest occurrence of its position is a candidate
// too, and later in the list), so dropping it changes no claim. Entry 0 (it
// alone may have an en passant capture) and the last keepLast entries stay.
// A game that shuffles pieces for millions of half-moves then keeps a window
// of the size of its cycle. The window is compacted again when it has doubled.
// compact returns the new index of the current position, the last entry.
func (t *tally) compact() int32 {
	n := int32(len(t.win))
	// later[k]: the next occurrence of entry k, then its new index (-1: removed).
	later := t.nextOccurrences()
	// latest[k]: how many of the entries before k are the latest occurrence of
	// their position (later[k] < 0), so that a run holds none when the count
	// does not move across it.
	latest := make([]int32, n+1)
	for k := range n {
		latest[k+1] = latest[k]
		if later[k] < 0 {
			latest[k+1]++
		}
	}
	out := int32(1) // entry 0 stays
	later[0] = 0
	for k := int32(1); k < n; {
		if b := later[k]; b >= 0 && b <= n-keepLast && latest[b] == latest[k] {
			t.win[b].move = t.win[k].move // Pb, the same position as Pk, is now reached as Pk was
			for ; k < b; k++ {
				later[k] = -1
			}
			continue
		}
		t.win[out] = t.win[k]
		later[k] = out
		out++
		k++
	}
	t.win = t.win[:out]
	t.relink(n)
	for side := range t.twice {
		list := t.twice[side][:0]
		for _, c := range t.twice[side] {
			if latest[c.w+1] != latest[c.w] { // the latest occurrence: it stays
				c.w = later[c.w]
				list = append(list, c)
			}
		}
		t.twice[side] = list
	}
	t.compactAt, t.compactSerial = 2*len(t.win), t.serial
	t.compacted++
	return out - 1
}

// nextOccurrences returns, for each entry k, the entry of the next
// occurrence of its position, or -1 when entry k is its latest occurrence.
// Only the nearest later entry with the same key is compared exactly; on the
// rare key collision an entry counts as a latest occurrence, which only keeps
// it.
func (t *tally) nextOccurrences() []int32 {
	n := int32(len(t.win))
	later := make([]int32, n)
	seen := make(map[uint64]int32)
	for k := n - 1; k >= 0; k-- {
		later[k] = -1
		key := t.win[k].key
		if l, ok := seen[key]; ok && t.same(k, l, 0) {
			later[k] = l
		}
		seen[key] = k
	}
	return later
}

// relink chains the entries of a window just compacted from n entries into
// their key buckets, under new serial numbers: the old links die.
func (t *tally) relink(n int32) {
	t.serial += uint32(n) + 1
	if t.serial >= 1<<31 {
		t.head = [1 << hashBits]uint32{}
		t.serial = 1
	}
	for i := range t.win {
		e := &t.win[i]
		b := e.key >> (64 - hashBits)
		e.next = t.head[b]
		t.head[b] = t.serial + uint32(i)
	}
}

// addCandidate records window entry w, the current position p, seen at least
// Threefold-1 times, as a position a claim by intended move may aim at. Only a window with
// repetitions can be compacted, so a long one is compacted here first.
func (t *tally) addCandidate(p *board.Position, w int32) {
	if n := int32(len(t.win)); (n >= compactFrom || (t.compactTest > 0 && n >= t.compactTest)) &&
		(int(n) >= t.compactAt || t.compactSerial != t.serial) {
		w = t.compact()
	}
	side := p.Turn()
	t.twice[side] = append(t.twice[side], candidate{w: w})
	t.twice[side][len(t.twice[side])-1].pl.of(p)
}

// same reports whether entry k is exactly the position reached from it by
// the moves that reached entries k+1 ... w, followed by extra when it is not 0 (a quiet
// piece move from entry w, which must then be the last entry).
func (t *tally) same(k, w int32, extra board.Move) bool {
	n := w - k
	if extra != 0 {
		n++
	}
	if n%2 != 0 || (k == 0 && t.ep0 != board.NoSquare && n > 0 && !t.byPlacement) {
		return false // other side to move, or only entry 0 has en passant (by placement: no matter)
	}
	var d [2][board.King + 1]uint64
	c := t.turn0 ^ board.Color(k&1)
	for i := k + 1; i <= w; i++ {
		m := t.win[i].move
		d[c][m.Role()] ^= 1<<uint(m.From()) | 1<<uint(m.To())
		c ^= 1
	}
	if extra != 0 {
		d[c][extra.Role()] ^= 1<<uint(extra.From()) | 1<<uint(extra.To())
	}
	return d == [2][board.King + 1]uint64{}
}

// current is the window index of the current position Pi.
func (t *tally) current() int32 { return int32(len(t.win) - 1) }

// findAfter returns the window entry of the latest occurrence of the
// position that m (a legal move at Pi, p) would make, or -1 when it has not
// stood since the last irreversible move (or m is itself irreversible).
func (t *tally) findAfter(p *board.Position, m board.Move) int32 {
	if p.IsIrreversible(m) {
		return -1
	}
	key := t.keyAfter(p, m)
	w := t.current()
	for s := t.head[key>>(64-hashBits)]; s >= t.serial; {
		k := int32(s - t.serial)
		e := &t.win[k]
		if e.key == key && t.same(k, w, m) {
			return k
		}
		s = e.next
	}
	return -1
}

// countAfter returns how many times the position m would make will have
// stood, that occurrence included.
func (t *tally) countAfter(p *board.Position, m board.Move) int {
	if k := t.findAfter(p, m); k >= 0 {
		return int(t.win[k].count) + 1
	}
	return 1
}

// intendedMoves looks for claims of threefold by an intended move (9.2a,
// 9.2.1.1): moves to a position that already stood twice, with the other side
// to move. Such a position differs from Pi by one piece of the side to move
// standing elsewhere, the opponent's pieces untouched, so each candidate is
// tested by comparing placements; only one that passes costs the exact
// comparison (and a legality check for a move not played). Candidates are
// taken latest first, so the first match has the highest count.
//
// It reports the window entry the played move m recreates (-1 for none; m is
// 0 at the final position) and, when wantAvail, a legal move that recreates
// one when the played move does not, with its entry (0 and -1 for none).
func (t *tally) intendedMoves(p *board.Position, m board.Move, wantAvail bool) (played int32, avail board.Move, availW int32) {
	us := p.Turn()
	them := us.Other()
	list := t.twice[them]
	cur := t.current()
	canPlay := m != 0 && !p.IsIrreversible(m) // only a quiet piece move keeping the rights repeats
	availW = -1
	if !canPlay && !wantAvail {
		return -1, 0, -1
	}
candidates:
	for i := len(list) - 1; i >= 0; i-- {
		c := &list[i]
		// The opponent's pieces must stand as they did: the cheap rejection
		// that most candidates fail. Pawns need no look: inside the window no
		// pawn moves and nothing is captured, so they stand alike in every
		// entry.
		for r := board.Knight; r <= board.King; r++ {
			if p.Pieces(them, r) != c.pl[them][r] {
				continue candidates
			}
		}
		role, now := board.NoRole, uint64(0)
		for r := board.Knight; r <= board.King; r++ {
			if b := p.Pieces(us, r); b != c.pl[us][r] {
				if role != board.NoRole {
					continue candidates
				}
				role, now = r, b
			}
		}
		if role == board.NoRole {
			continue
		}
		fromBB, toBB := now&^c.pl[us][role], c.pl[us][role]&^now
		if bits.OnesCount64(fromBB) != 1 || bits.OnesCount64(toBB) != 1 {
			continue
		}
		from, to := board.Square(bits.TrailingZeros64(fromBB)), board.Square(bits.TrailingZeros64(toBB))
		if canPlay && m.From() == from && m.To() == to {
			if t.same(c.w, cur, m) {
				return c.w, 0, -1
			}
			continue // the played move is the only move from there to there
		}
		// Is that move legal, and does it keep the castling rights (a king or
		// rook move may lose them, and then cannot repeat anything)?
		if wantAvail && availW < 0 {
			if q, ok := p.QuietPieceMove(from, to); ok && !p.IsIrreversible(q) && t.same(c.w, cur, q) {
				avail, availW = q, c.w
				if !canPlay {
					break // no played match to look for
				}
			}
		}
	}
	return -1, avail, availW
}

// consecutiveFive reports whether Pi = Pi-4 = Pi-8 = Pi-12 = Pi-16, the
// fide2014 reading of 9.6a: the last four occurrences before Pi (Fivefold-1 of
// them) stand exactly four half-moves apart. No earlier occurrence can stand
// between them: two half-moves, one per side, cannot put every piece back.
func (t *tally) consecutiveFive() bool {
	w, back := t.current(), 4*int32(t.th.Fivefold-1)
	if w < back {
		return false
	}
	key := t.win[w].key
	for k := w - 4; k >= w-back; k -= 4 {
		if t.win[k].key != key || !t.same(k, w, 0) {
			return false
		}
	}
	return true
}

// keyAfter returns the key, as the window holds them, of the position m would make from p.
func (t *tally) keyAfter(p *board.Position, m board.Move) uint64 {
	if t.byPlacement {
		q := *p
		q.Play(m)
		return q.PlacementKey()
	}
	return p.KeyAfter(m)
}

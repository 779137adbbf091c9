package mate

import (
	"math/bits"

	"github.com/pgnscan/pgnscan/internal/board"
)

// entry is one position a search has seen, with the link back to the root (for witnesses:
// table.path). The exhaustive search keeps one (the pattern and breach searches, which only
// answer Yes, keep keyEntry in a keyTable).
type entry struct {
	id  board.Identity
	key uint64 // the position's Zobrist key: the hash, kept for growing and resetting
	link
}

// table is a set of positions keyed by exact identity: the Zobrist key only picks the slot, and
// identities are compared whole, so there are no false hits. Entries are kept in insertion order
// (the exhaustive search's queue). A table is reused between questions: reset keeps the memory.
//
// A slot is 4 bytes: the entry's index + 1 in its low bits (below len(slots), which is over
// twice the entries) and the key's high bits above them (a tag, of 32 minus log2(len(slots))
// bits: 12 at a million slots). Most probes for a position that is not in the table end at a
// slot whose tag differs, without reading the entry (a cache miss each). With 8-byte slots
// (a 32-bit tag) the slots were 16-32 bytes an entry beside the entry's 56, and the largest
// table's slots the largest array after its entries.
type table struct {
	entries []entry
	slots   []uint32 // tag | entry index + 1, 0 for an empty slot; linear probing; length a power of two
}

// slot returns the slot value of entry i whose key is key, in slots of mask+1 slots.
func slot(key uint64, i, mask int) uint32 { return uint32(key>>32)&^uint32(mask) | uint32(i+1) }

// slotIndex returns the entry index of slot value s in slots of mask+1 slots, -1 for an empty
// slot.
func slotIndex(s uint32, mask int) int { return int(s&uint32(mask)) - 1 }

// reset empties the table without freeing its memory, in time proportional to its entries.
func (t *table) reset() {
	if len(t.entries)*8 >= len(t.slots) {
		clear(t.slots)
	} else {
		// Probe for each entry's own index, not its identity: the chains break as they empty.
		mask := len(t.slots) - 1
		for i, e := range t.entries {
			j := int(e.key) & mask
			for slotIndex(t.slots[j], mask) != i {
				j = (j + 1) & mask
			}
			t.slots[j] = 0
		}
	}
	t.entries = t.entries[:0]
}

// find returns the slot holding id, or the empty slot where it would go.
func (t *table) find(id board.Identity, key uint64) int {
	mask := uint32(len(t.slots) - 1)
	tag := uint32(key>>32) &^ mask
	for i := uint32(key) & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			return int(i)
		}
		// The tag rejects most other positions without reading their entry; the identity
		// decides.
		if s&^mask == tag && t.entries[s&mask-1].id == id {
			return int(i)
		}
	}
}

// lookup returns the index of id's entry, or -1.
func (t *table) lookup(id board.Identity, key uint64) int {
	if len(t.slots) == 0 {
		return -1
	}
	return slotIndex(t.slots[t.find(id, key)], len(t.slots)-1)
}

// insert adds id (which must not be in the table) and returns its index.
func (t *table) insert(e entry) int {
	if 2*(len(t.entries)+1) > len(t.slots) {
		t.grow()
	}
	t.entries = append(t.entries, e)
	i := len(t.entries) - 1
	t.slots[t.find(e.id, e.key)] = slot(e.key, i, len(t.slots)-1)
	return i
}

// grow doubles the slots and places every entry again.
func (t *table) grow() {
	n := max(1024, 2*len(t.slots))
	t.slots = make([]uint32, n)
	for i, e := range t.entries {
		t.slots[t.find(e.id, e.key)] = slot(e.key, i, n-1)
	}
}

// reserve makes room for n more entries, rounded up to a power of two, so that a search that
// may insert them never grows its entries by doubling, which would hold the old array and the
// new at once, as garbage, at every step, where the decider's peak memory is set. The slots,
// 4 bytes each, grow by doubling as the entries come: reserved with the entries, they were all
// touched (the entries are placed at random) however few the search inserted.
func (t *table) reserve(n int) {
	want := 1 << bits.Len(uint(len(t.entries)+n-1))
	if cap(t.entries) < want {
		t.entries = append(make([]entry, 0, want), t.entries...)
	}
}

// path appends to dst the moves from the root of t (the entry with no parent) to its entry i,
// following the parent links: the witness of a search that stores its tree in a table.
func (t *table) path(dst []board.Move, i int32) []board.Move { return path(dst, t.entries, i) }

// room is the number of entries t holds without growing its entries, most of its memory.
func (t *table) room() int { return cap(t.entries) }

// spareTable is table memory that no search holds: the exhaustive search's table goes here at
// the start of a question (giveBack) and is taken back, keeping its entries, by its last step
// (takeKeeping). It once passed one memory between the pattern, breach and exhaustive searches;
// since those two keep a keyTable of 16-byte entries, only the exhaustive search uses it.
type spareTable struct{ t table }

// takeKeeping gives t the spare memory if it has more room; t's entries are still needed (a
// search to be resumed): they are copied, in order and so with their indexes, into the spare
// memory before t takes it.
func (s *spareTable) takeKeeping(t *table) {
	if s.t.room() <= t.room() {
		return
	}
	s.t.reset()
	for _, e := range t.entries {
		s.t.insert(e)
	}
	s.t, *t = *t, s.t
}

// giveBack takes t's memory back as the spare one if it has more room; t's search is over
// (its entries are dropped).
func (s *spareTable) giveBack(t *table) {
	if t.room() > s.t.room() {
		s.t, *t = *t, s.t
	}
	t.reset()
}

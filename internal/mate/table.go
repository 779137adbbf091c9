package mate

import "github.com/pgnscan/pgnscan/internal/board"

// entry is one position a search has seen. The exhaustive search uses parent and move (the
// path back to the root, for witnesses); the mate search uses depth.
type entry struct {
	id     board.Identity
	key    uint64     // the position's Zobrist key: the hash, kept for growing and resetting
	parent int32      // index of the entry this one was reached from; -1 for the root
	move   board.Move // the move from the parent's position to this one
	depth  int16      // the mate search: remaining depth at which it found no mate from here
}

// table is a set of positions keyed by exact identity: the Zobrist key only picks the slot, and
// identities are compared whole, so there are no false hits. Entries are kept in insertion order
// (the exhaustive search's queue). A table is reused between questions: reset keeps the memory.
type table struct {
	entries []entry
	slots   []int32 // entry index + 1, 0 for an empty slot; linear probing; length a power of two
}

// reset empties the table without freeing its memory, in time proportional to its entries.
func (t *table) reset() {
	if len(t.entries)*8 >= len(t.slots) {
		clear(t.slots)
	} else {
		// Probe for each entry's own index, not its identity: the chains break as they empty.
		mask := len(t.slots) - 1
		for i, e := range t.entries {
			j := int(e.key) & mask
			for t.slots[j] != int32(i+1) {
				j = (j + 1) & mask
			}
			t.slots[j] = 0
		}
	}
	t.entries = t.entries[:0]
}

// find returns the slot holding id, or the empty slot where it would go.
func (t *table) find(id board.Identity, key uint64) int {
	mask := len(t.slots) - 1
	for i := int(key) & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			return i
		}
		// The key rejects most other positions cheaply; the identity decides.
		if e := &t.entries[s-1]; e.key == key && e.id == id {
			return i
		}
	}
}

// lookup returns the index of id's entry, or -1.
func (t *table) lookup(id board.Identity, key uint64) int {
	if len(t.slots) == 0 {
		return -1
	}
	return int(t.slots[t.find(id, key)]) - 1
}

// insert adds id (which must not be in the table) and returns its index.
func (t *table) insert(e entry) int {
	if 2*(len(t.entries)+1) > len(t.slots) {
		t.grow()
	}
	t.entries = append(t.entries, e)
	t.slots[t.find(e.id, e.key)] = int32(len(t.entries))
	return len(t.entries) - 1
}

// grow doubles the slots and places every entry again.
func (t *table) grow() {
	t.slots = make([]int32, max(1024, 2*len(t.slots)))
	for i, e := range t.entries {
		t.slots[t.find(e.id, e.key)] = int32(i + 1)
	}
}

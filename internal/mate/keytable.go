package mate

import (
	"math/bits"

	"github.com/pgnscan/pgnscan/internal/board"
)

// keyEntry is one position a Yes-only search has seen: its Zobrist key and the link back to
// the root, from which the position is rebuilt (keyTable.position) and the witness read
// (keyTable.path). 16 bytes, against entry's 56 with the whole identity.
type keyEntry struct {
	key uint64
	link
}

// keyTable is a set of positions keyed by their 64-bit Zobrist key alone, for the searches that
// only ever answer Yes (the pattern and cage searches): two positions with the same key count as
// one, so a collision can only drop a branch from the search, never make it claim a mate that a
// replayed witness would not show. The searches that answer No (the exhaustive search) keep
// exact identities (table). The slots are table's: 4 bytes, a tag of the key's high bits above
// the entry's index + 1.
type keyTable struct {
	root    board.Position // the position of the entry with no parent
	entries []keyEntry
	slots   []uint32
}

// reset empties t, keeping its memory, for a search from root.
func (t *keyTable) reset(root *board.Position) {
	t.root = *root
	clear(t.slots)
	t.entries = t.entries[:0]
}

// find returns the slot holding key, or the empty slot where it would go.
func (t *keyTable) find(key uint64) int {
	mask := uint32(len(t.slots) - 1)
	tag := uint32(key>>32) &^ mask
	for i := uint32(key) & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 || s&^mask == tag && t.entries[s&mask-1].key == key {
			return int(i)
		}
	}
}

// lookup returns the index of key's entry, or -1.
func (t *keyTable) lookup(key uint64) int {
	if len(t.slots) == 0 {
		return -1
	}
	return slotIndex(t.slots[t.find(key)], len(t.slots)-1)
}

// insert adds e (whose key must not be in the table) and returns its index.
func (t *keyTable) insert(e keyEntry) int {
	if 2*(len(t.entries)+1) > len(t.slots) {
		n := max(1024, 2*len(t.slots))
		t.slots = make([]uint32, n)
		for i, e := range t.entries {
			t.slots[t.find(e.key)] = slot(e.key, i, n-1)
		}
	}
	t.entries = append(t.entries, e)
	i := len(t.entries) - 1
	t.slots[t.find(e.key)] = slot(e.key, i, len(t.slots)-1)
	return i
}

// reserve gives t room for n entries and the slots they fill, at once: grown by doubling, the
// old arrays and the new were live together where a long search sets the decider's peak
// memory (a deep cage search: 28 MB of slots allocated for 8 MB kept).
func (t *keyTable) reserve(n int) {
	if cap(t.entries) < n {
		t.entries = make([]keyEntry, 0, n)
	}
	if slots := 1 << bits.Len(uint(2*n-1)); len(t.slots) < slots {
		t.slots = make([]uint32, slots)
	}
}

// path appends to dst the moves from the root to entry i (the witness of a search that stores
// its tree in t).
func (t *keyTable) path(dst []board.Move, i int32) []board.Move {
	return path(dst, i, func(j int32) link { return t.entries[j].link })
}

// position rebuilds entry i's position by playing its path from the root into buf (reused).
func (t *keyTable) position(i int32, buf *[]board.Move) board.Position {
	*buf = t.path((*buf)[:0], i)
	p := t.root
	for _, m := range *buf {
		p.Play(m)
	}
	return p
}

package mate

import "github.com/pgnscan/pgnscan/internal/board"

// entry is one position a search has seen, with the link back to the root (for witnesses:
// table.path). The exhaustive search keeps one (the pattern and breach searches, which only
// answer Yes, keep keyEntry in a keyTable).
type entry struct {
	id board.Identity
	link
}

// table is a set of positions keyed by exact identity: the identity's hash (Identity.Hash,
// computed again where a slot is needed, so an entry is 48 bytes, not 56 with a key kept
// beside it) only picks the slot, and identities are compared whole, so there are no false hits. Entries are kept in insertion order
// (the exhaustive search's queue). A table is reused between questions: reset keeps the memory.
//
// The entries are held in chunks of chunkSize, added as the entries come and never moved: a
// table holds no more room than its entries need, rounded up to a chunk, and growing it never
// holds an old array and its copy at once. In one array, grown by doubling or reserved ahead
// (the budget's worth of entries), the exhaustive search's table and its copies set the
// decider's peak memory.
//
// A slot is 4 bytes: the entry's index + 1 in its low bits (below len(slots), which is over
// twice the entries) and the hash's high bits above them (a tag, of 32 minus log2(len(slots))
// bits: 12 at a million slots). Most probes for a position that is not in the table end at a
// slot whose tag differs, without reading the entry (a cache miss each). With 8-byte slots
// (a 32-bit tag) the slots were 16-32 bytes an entry beside the entry's 48, and the largest
// table's slots the largest array after its entries.
type table struct {
	chunks  [][]entry // each of chunkSize entries but the last, which may be partly filled
	n       int       // the entries
	slots   []uint32  // tag | entry index + 1, 0 for an empty slot; linear probing; length a power of two
	touched uint32    // what touch read, kept so that its loads are not dropped as unused
}

// chunkBits: a table's chunks hold 1<<chunkBits entries (16,384: 896 KB).
const (
	chunkBits = 14
	chunkSize = 1 << chunkBits
)

// slot returns the slot value of entry i whose hash is h, in slots of mask+1 slots.
func slot(h uint64, i, mask int) uint32 { return uint32(h>>32)&^uint32(mask) | uint32(i+1) }

// slotIndex returns the entry index of slot value s in slots of mask+1 slots, -1 for an empty
// slot.
func slotIndex(s uint32, mask int) int { return int(s&uint32(mask)) - 1 }

// at returns entry i.
func (t *table) at(i int) *entry { return &t.chunks[i>>chunkBits][i&(chunkSize-1)] }

// len returns the number of entries.
func (t *table) len() int { return t.n }

// reset empties the table without freeing its memory, in time proportional to its entries.
func (t *table) reset() {
	if t.n*8 >= len(t.slots) {
		clear(t.slots)
	} else {
		// Probe for each entry's own index, not its identity: the chains break as they empty.
		mask := len(t.slots) - 1
		for i := range t.n {
			j := int(t.at(i).id.Hash()) & mask
			for slotIndex(t.slots[j], mask) != i {
				j = (j + 1) & mask
			}
			t.slots[j] = 0
		}
	}
	t.n = 0
	for i := range t.chunks {
		t.chunks[i] = t.chunks[i][:0]
	}
}

// find returns the slot holding id, whose hash is h, or the empty slot where it would go.
func (t *table) find(id board.Identity, h uint64) int {
	mask := uint32(len(t.slots) - 1)
	tag := uint32(h>>32) &^ mask
	for i := uint32(h) & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			return int(i)
		}
		// The tag rejects most other positions without reading their entry; the identity
		// decides.
		if s&^mask == tag && t.at(int(s&mask-1)).id == id {
			return int(i)
		}
	}
}

// touch reads the first slot of each hash in hs, and the entry it names when its tag matches,
// before the positions are looked up one by one: the loads do not wait on each other, so their
// cache misses overlap (keyTable.touch).
func (t *table) touch(hs []uint64) {
	if len(t.slots) == 0 {
		return
	}
	var sum uint32
	for _, h := range hs {
		if e, ok := firstTagged(t.slots, h); ok && t.at(e).id == (board.Identity{}) {
			sum++ // never: an entry's identity has kings; the comparison reads it
		}
	}
	t.touched = sum
}

// firstTagged returns the entry named by the first slot of slots that hash h probes, when that
// slot holds h's tag: the entry a lookup of h reads first. Its slots are those of a table or a
// keyTable (tag | entry index + 1, 0 for an empty slot; a power of two of them, not none).
func firstTagged(slots []uint32, h uint64) (entry int, ok bool) {
	mask := uint32(len(slots) - 1)
	s := slots[uint32(h)&mask]
	if s == 0 || s&^mask != uint32(h>>32)&^mask {
		return 0, false
	}
	return int(s&mask - 1), true
}

// lookup returns the index of id's entry, or -1; h is id.Hash().
func (t *table) lookup(id board.Identity, h uint64) int {
	if len(t.slots) == 0 {
		return -1
	}
	return slotIndex(t.slots[t.find(id, h)], len(t.slots)-1)
}

// insert adds e (whose position must not be in the table; h is e.id.Hash()) and returns its
// index.
func (t *table) insert(e entry, h uint64) int {
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	c := t.n >> chunkBits
	if c == len(t.chunks) {
		t.chunks = append(t.chunks, make([]entry, 0, chunkSize))
	}
	t.chunks[c] = append(t.chunks[c], e)
	i := t.n
	t.n++
	t.slots[t.find(e.id, h)] = slot(h, i, len(t.slots)-1)
	return i
}

// grow doubles the slots and places every entry again.
func (t *table) grow() {
	n := max(1024, 2*len(t.slots))
	t.slots = make([]uint32, n)
	for i := range t.n {
		e := t.at(i)
		h := e.id.Hash()
		t.slots[t.find(e.id, h)] = slot(h, i, n-1)
	}
}

// trim frees the chunks beyond those the entries fill (kept from a larger search before).
func (t *table) trim() {
	c := (t.n + chunkSize - 1) >> chunkBits
	clear(t.chunks[c:])
	t.chunks = t.chunks[:c]
}

// path appends to dst the moves from the root of t (the entry with no parent) to its entry i,
// following the parent links: the witness of a search that stores its tree in a table.
func (t *table) path(dst []board.Move, i int32) []board.Move {
	return path(dst, i, func(j int32) link { return t.at(int(j)).link })
}

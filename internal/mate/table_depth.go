package mate

import "math/bits"

// depthTable is the mate search's table: for each position searched in vain, the most depth
// it was searched with. Unlike table it keeps no identity, only the low 32 bits of the
// Zobrist key (which also pick the slot), 8 bytes a position against table's 56 (its entry
// and two slots): the mate search only ever answers Yes, with a line it played move by move
// from the root, so a false hit (two positions whose keys share those bits, about one probe in
// four billion) can only prune a line the search would have tried and lose a mate, never make
// a wrong answer. With the whole key (16-byte slots) the kept search's table of the deep steps
// grew to 32 MB, and 48 MB while it doubled.
//
// Emptying it is one step: each slot carries the stamp of the search that wrote it, and a slot
// of an older stamp is empty. The searches that run the mate search thousands of times a
// question (the playouts, the breach probes) reset it each time.
//
// A search uses only the first size slots, from depthStart up, doubling as it fills them: most
// questions are settled by a search of a few hundred positions, whose probes then stay within
// a few kilobytes (in cache) instead of being spread over the memory the largest search grew
// (14 % of the CPU on the timeouts file went to the probes' cache misses).
type depthTable struct {
	slots   []depthSlot // linear probing; length a power of two
	size    int         // the slots the current search uses: a power of two, at most len(slots)
	stamp   uint16      // the current search's; 0 marks a slot never written
	n       int         // positions of the current search
	scratch []depthSlot // the positions being placed again when size doubles within slots
}

// depthStart is the slots a search starts with.
const depthStart = 1024

// depthSlot is one position of a depthTable: check is the low 32 bits of its key.
type depthSlot struct {
	check uint32
	stamp uint16
	depth int16
}

// reset empties the table, keeping its memory.
func (t *depthTable) reset() {
	t.stamp++
	if t.stamp == 0 { // wrapped: the old stamps could come back
		clear(t.slots)
		t.stamp = 1
	}
	t.n = 0
	t.size = min(len(t.slots), depthStart)
}

// releaseOver frees the table's memory when it has more than n slots (its search is over; the
// next one starts a new table).
func (t *depthTable) releaseOver(n int) {
	if len(t.slots) > n {
		*t = depthTable{}
	}
}

// reserve gives the table, in one allocation, the slots that n positions fill (store doubles
// them at half full), keeping the current search's positions and size. A search that grows its
// table by doubling holds the old slots beside the new ones while it places them again: the
// deep steps' kept search, doubling from 8 MB to 16 MB beside the plan's exhaustive table, set
// canmate's peak memory.
func (t *depthTable) reserve(n int) {
	if want := 1 << bits.Len(uint(2*n+1)); len(t.slots) < want {
		t.move(want, max(t.size, depthStart))
	}
}

// move places the current search's positions in new memory of n slots, of which the search
// then uses size.
func (t *depthTable) move(n, size int) {
	old := t.slots[:t.size]
	t.slots, t.size = make([]depthSlot, n), size
	stamp := t.stamp
	t.stamp = 1
	for _, s := range old {
		if s.stamp == stamp {
			s.stamp = 1
			t.slots[t.find(s.check)] = s
		}
	}
}

// find returns the slot holding the position whose key's low bits are check, or the empty
// slot where it would go.
func (t *depthTable) find(check uint32) int {
	mask := t.size - 1
	for i := int(check) & mask; ; i = (i + 1) & mask {
		if s := &t.slots[i]; s.stamp != t.stamp || s.check == check {
			return i
		}
	}
}

// depth returns the depth key was searched with in vain, or -1.
func (t *depthTable) depth(key uint64) int {
	if t.size == 0 {
		return -1
	}
	if s := &t.slots[t.find(uint32(key))]; s.stamp == t.stamp {
		return int(s.depth)
	}
	return -1
}

// store records that key was searched in vain with depth (the most of it and any depth
// recorded before).
func (t *depthTable) store(key uint64, depth int) {
	if 2*(t.n+1) > t.size {
		t.grow()
	}
	s := &t.slots[t.find(uint32(key))]
	if s.stamp != t.stamp {
		*s = depthSlot{check: uint32(key), stamp: t.stamp, depth: int16(depth)}
		t.n++
		return
	}
	s.depth = max(s.depth, int16(depth))
}

// grow doubles the slots the search uses and places its positions again: within the memory
// the table has when it holds that many, else in new memory of twice the size.
func (t *depthTable) grow() {
	if t.size > 0 && 2*t.size <= len(t.slots) {
		t.scratch = t.scratch[:0]
		for i := range t.slots[:t.size] {
			if s := &t.slots[i]; s.stamp == t.stamp {
				t.scratch = append(t.scratch, *s)
				s.stamp = 0
			}
		}
		t.size *= 2
		for _, s := range t.scratch {
			t.slots[t.find(s.check)] = s
		}
		return
	}
	n := max(depthStart, 2*t.size)
	t.move(n, n)
}

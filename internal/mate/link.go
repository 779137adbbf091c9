package mate

import (
	"slices"

	"github.com/pgnscan/pgnscan/internal/board"
)

// link is how a search's table entry was reached: the entry it came from and the move from
// there. Both entry types (entry, keyEntry) embed it, so that one walk (path) reads the
// witness, or the moves that rebuild a position, from either table.
type link struct {
	parent int32      // index of the entry this one was reached from; -1 for the root
	move   board.Move // the move from the parent's position to this one
}

// path appends to dst the moves from the root (the entry with no parent) to entry i, following
// the parent links; at returns an entry's link.
func path(dst []board.Move, i int32, at func(int32) link) []board.Move {
	start := len(dst)
	for l := at(i); l.parent >= 0; l = at(l.parent) {
		dst = append(dst, l.move)
	}
	slices.Reverse(dst[start:])
	return dst
}

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

// linkOf returns l itself: promoted to the entry types that embed a link, it is what path
// reads them by.
func (l link) linkOf() link { return l }

// linked is an entry type that embeds a link.
type linked interface{ linkOf() link }

// path appends to dst the moves from the root (the entry with no parent) to entry i of
// entries, following the parent links.
func path[E linked](dst []board.Move, entries []E, i int32) []board.Move {
	start := len(dst)
	for l := entries[i].linkOf(); l.parent >= 0; l = entries[l.parent].linkOf() {
		dst = append(dst, l.move)
	}
	slices.Reverse(dst[start:])
	return dst
}

package mate

import "github.com/pgnscan/pgnscan/internal/board"

// Set-wise bitboard steps for the static layer: each function moves every square of a set one
// step at once (bit i is board.Square(i), a1 = 0, h8 = 63), dropping squares that would leave
// the board. The floods of static.go are built from them.

const (
	notFileA  uint64 = 0xfefefefefefefefe
	notFileH  uint64 = 0x7f7f7f7f7f7f7f7f
	notFileAB uint64 = 0xfcfcfcfcfcfcfcfc
	notFileGH uint64 = 0x3f3f3f3f3f3f3f3f
	// lastRank is each colour's promotion rank.
	lastRankWhite uint64 = 0xff00000000000000
	lastRankBlack uint64 = 0x00000000000000ff
)

// orthoSteps returns the squares one rook step from a square of b.
func orthoSteps(b uint64) uint64 {
	return b<<8 | b>>8 | (b&notFileH)<<1 | (b&notFileA)>>1
}

// diagSteps returns the squares one bishop step from a square of b.
func diagSteps(b uint64) uint64 {
	return (b&notFileH)<<9 | (b&notFileA)<<7 | (b&notFileH)>>7 | (b&notFileA)>>9
}

// kingSteps returns the squares a king step (or a queen step) from a square of b.
func kingSteps(b uint64) uint64 { return orthoSteps(b) | diagSteps(b) }

// kingBox returns the squares of b and those a king step from them: kingSteps(b) | b, in fewer
// operations (the step along the rank first, then the rank and its neighbours), for the floods,
// which keep the squares they started from.
func kingBox(b uint64) uint64 {
	b |= (b&notFileH)<<1 | (b&notFileA)>>1
	return b | b<<8 | b>>8
}

// knightJumps returns the squares a knight's jump from a square of b.
func knightJumps(b uint64) uint64 {
	return (b&notFileH)<<17 | (b&notFileA)<<15 | (b&notFileGH)<<10 | (b&notFileAB)<<6 |
		(b&notFileA)>>17 | (b&notFileH)>>15 | (b&notFileAB)>>10 | (b&notFileGH)>>6
}

// pawnCaptures returns the squares that pawns of colour c standing on b attack. Read backwards,
// pawnCaptures(c, t) is also the set of squares from which a pawn of the other colour attacks
// a square of t.
func pawnCaptures(c board.Color, b uint64) uint64 {
	if c == board.Black {
		return (b&notFileH)>>7 | (b&notFileA)>>9
	}
	return (b&notFileH)<<9 | (b&notFileA)<<7
}

// pawnPushes returns the squares one step forward from b for pawns of colour c. Read
// backwards, pawnPushes(c, t) is the set of squares from which a pawn of the other colour
// steps onto a square of t.
func pawnPushes(c board.Color, b uint64) uint64 {
	if c == board.Black {
		return b >> 8
	}
	return b << 8
}

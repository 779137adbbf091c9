package board

import "math/bits"

//go:generate go run gen_magics.go

// Attack tables. Leaper attacks are plain 64-entry tables; sliding attacks use "fancy" magic
// bitboards: for each square the relevant blockers are masked, multiplied by a magic number and
// shifted to index a per-square slice of one shared table. The magic numbers are the fixed
// constants of magics.go (found once by gen_magics.go with a seeded generator); init only fills
// the tables and checks that no two blocker sets that need different answers share a slot.

const (
	fileA uint64 = 0x0101010101010101
	fileH uint64 = fileA << 7
	rank1 uint64 = 0xff
	rank2 uint64 = rank1 << 8
	rank4 uint64 = rank1 << 24
	rank5 uint64 = rank1 << 32
	rank7 uint64 = rank1 << 48
	rank8 uint64 = rank1 << 56

	lightSquares uint64 = 0x55aa55aa55aa55aa
	darkSquares  uint64 = ^lightSquares
)

type magic struct {
	mask   uint64
	magic  uint64
	shift  uint8
	offset uint32
}

var (
	knightAttacks [64]uint64
	kingAttacks   [64]uint64
	pawnAttacks   [2][64]uint64 // squares a pawn of that colour on that square attacks

	// Empty-board rays: a cheap filter before a magic lookup.
	// reach[r][sq] holds the squares from which a piece of role r (not a pawn) could reach sq
	// on an empty board: the squares of its candidates in a SAN. Indexed by Role as
	// Position.byRole is (0, Pawn and 7 unused), so that one bounds check covers both.
	reach [8][64]uint64

	rookMagics   [64]magic
	bishopMagics [64]magic
	rookTable    [102400]uint64
	bishopTable  [5248]uint64

	// between[a][b] is the set of squares strictly between a and b when they share a line,
	// else 0. line[a][b] is the whole line through a and b (edge to edge), else 0.
	between [64][64]uint64
	line    [64][64]uint64
)

// rays[d][sq] is the squares from sq (excluded) to the edge of the board in direction d.
// Directions 0-3 (east, north, north-east, north-west) run to higher squares, 4-7 (west, south,
// south-west, south-east) to lower ones; direction d+4 is the opposite of d.
var rays [8][64]uint64

var raySteps = [8][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}, {-1, 0}, {0, -1}, {-1, -1}, {1, -1}}

var rookDirs = [4]int{0, 1, 4, 5}
var bishopDirs = [4]int{2, 3, 6, 7}

// slide computes sliding attacks from the rays: the rays from sq in dirs, each stopping at its
// first occupied square (included).
func slide(sq Square, occ uint64, dirs *[4]int) uint64 {
	return rayTo(dirs[0], sq, occ) | rayTo(dirs[1], sq, occ) | rayTo(dirs[2], sq, occ) | rayTo(dirs[3], sq, occ)
}

// rayTo returns the ray from sq in direction d up to its first occupied square (included), the
// nearest of the ray's occupied squares: the lowest on a ray to higher squares, else the highest.
func rayTo(d int, sq Square, occ uint64) uint64 {
	ray := rays[d][sq]
	if b := ray & occ; b != 0 {
		first := lsb(b)
		if d >= 4 {
			first = msb(b)
		}
		ray &^= rays[d][first]
	}
	return ray
}

// relevantMask is the set of squares whose occupancy matters for a slider on sq: the rays
// without their last square (the one at the edge, whose own ray is empty).
func relevantMask(sq Square, dirs *[4]int) uint64 {
	var m uint64
	for _, d := range dirs {
		for b := rays[d][sq]; b != 0; b &= b - 1 {
			if rays[d][lsb(b)] != 0 {
				m |= lsb(b).bb()
			}
		}
	}
	return m
}

// initRays fills rays by walking each direction from each square.
func initRays() {
	for sq := Square(0); sq < 64; sq++ {
		for d, st := range raySteps {
			for f, r := sq.File()+st[0], sq.Rank()+st[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+st[0], r+st[1] {
				rays[d][sq] |= SquareAt(f, r).bb()
			}
		}
	}
}

func leaper(sq Square, deltas [][2]int) uint64 {
	var att uint64
	for _, d := range deltas {
		f, r := sq.File()+d[0], sq.Rank()+d[1]
		if f >= 0 && f < 8 && r >= 0 && r < 8 {
			att |= uint64(1) << uint(r*8+f)
		}
	}
	return att
}

// initAttacks fills the attack tables; called first by the package's init.
func initAttacks() {
	initRays()
	knightDeltas := [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingDeltas := [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	for sq := Square(0); sq < 64; sq++ {
		knightAttacks[sq] = leaper(sq, knightDeltas)
		kingAttacks[sq] = leaper(sq, kingDeltas)
		pawnAttacks[White][sq] = leaper(sq, [][2]int{{-1, 1}, {1, 1}})
		pawnAttacks[Black][sq] = leaper(sq, [][2]int{{-1, -1}, {1, -1}})
		reach[Knight][sq], reach[King][sq] = knightAttacks[sq], kingAttacks[sq]
		reach[Bishop][sq], reach[Rook][sq] = slide(sq, 0, &bishopDirs), slide(sq, 0, &rookDirs)
		reach[Queen][sq] = reach[Bishop][sq] | reach[Rook][sq]
	}
	initMagics(&rookMagics, rookTable[:], &rookDirs, &rookMagicNumbers)
	initMagics(&bishopMagics, bishopTable[:], &bishopDirs, &bishopMagicNumbers)
	for a := Square(0); a < 64; a++ {
		for d := range rays {
			for b := rays[d][a]; b != 0; b &= b - 1 {
				s := lsb(b)
				line[a][s] = rays[d][a] | rays[(d+4)%8][a] | a.bb()
				between[a][s] = rays[d][a] &^ rays[d][s] &^ s.bb()
			}
		}
	}
}

// initMagics fills the table for one slider kind. It panics if a magic number from magics.go
// maps two blocker sets with different attacks to the same slot (a corrupted constant).
func initMagics(ms *[64]magic, table []uint64, dirs *[4]int, numbers *[64]uint64) {
	offset := uint32(0)
	for sq := Square(0); sq < 64; sq++ {
		mask := relevantMask(sq, dirs)
		n := bits.OnesCount64(mask)
		m := magic{mask: mask, magic: numbers[sq], shift: uint8(64 - n), offset: offset}
		ms[sq] = m
		size := uint32(1) << uint(n)
		used := make([]bool, size)
		// Enumerate all subsets of mask (Carry-Rippler).
		sub := uint64(0)
		for {
			idx := (sub * m.magic) >> m.shift
			att := slide(sq, sub, dirs)
			if used[idx] && table[offset+uint32(idx)] != att {
				panic("board: bad magic number")
			}
			used[idx] = true
			table[offset+uint32(idx)] = att
			sub = (sub - mask) & mask
			if sub == 0 {
				break
			}
		}
		offset += size
	}
	if int(offset) != len(table) {
		panic("board: magic table size mismatch")
	}
}

func rookAttacks(sq Square, occ uint64) uint64 {
	m := &rookMagics[sq]
	return rookTable[m.offset+uint32(((occ&m.mask)*m.magic)>>m.shift)]
}

func bishopAttacks(sq Square, occ uint64) uint64 {
	m := &bishopMagics[sq]
	return bishopTable[m.offset+uint32(((occ&m.mask)*m.magic)>>m.shift)]
}

// reaching returns the sliders of sliders, each on a ray of the empty board from sq, that
// reach sq through empty squares. Real positions have one or two such pieces at most: checking
// their paths costs less than a magic lookup, whose tables stay out of the L1 cache.
func reaching(sq Square, sliders, occ uint64) uint64 {
	r := sliders
	for b := sliders; b != 0; b &= b - 1 {
		if s := lsb(b); between[sq][s]&occ != 0 {
			r &^= s.bb()
		}
	}
	return r
}

func queenAttacks(sq Square, occ uint64) uint64 {
	return rookAttacks(sq, occ) | bishopAttacks(sq, occ)
}

// attacksOf returns the squares a piece of role r (not a pawn) on sq attacks given occupancy occ.
func attacksOf(r Role, sq Square, occ uint64) uint64 {
	switch r {
	case Knight:
		return knightAttacks[sq]
	case Bishop:
		return bishopAttacks(sq, occ)
	case Rook:
		return rookAttacks(sq, occ)
	case Queen:
		return queenAttacks(sq, occ)
	case King:
		return kingAttacks[sq]
	}
	return 0
}

// lsb returns the lowest set square of a non-empty bitboard.
func lsb(b uint64) Square { return Square(bits.TrailingZeros64(b)) }

// msb returns the highest set square of a non-empty bitboard.
func msb(b uint64) Square { return Square(63 - bits.LeadingZeros64(b)) }

// moreThanOne reports whether b has at least two squares.
func moreThanOne(b uint64) bool { return b&(b-1) != 0 }

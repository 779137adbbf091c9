package board

import (
	"math/rand/v2"
	"testing"
)

// walk is the tables' independent reference: the squares a slider on (f, r) attacks along the
// steps given, found by stepping square by square and stopping on the first occupied one.
func walk(sq Square, occ uint64, steps [][2]int) uint64 {
	var att uint64
	for _, st := range steps {
		for f, r := sq.File()+st[0], sq.Rank()+st[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+st[0], r+st[1] {
			att |= SquareAt(f, r).bb()
			if occ&SquareAt(f, r).bb() != 0 {
				break
			}
		}
	}
	return att
}

var (
	rookSteps   = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopSteps = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// TestSliderTables checks the magic lookups against walk on random occupancies (sparse and
// dense) from every square.
func TestSliderTables(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for sq := Square(0); sq < 64; sq++ {
		for i := range 200 {
			occ := rng.Uint64()
			if i%2 == 0 {
				occ &= rng.Uint64() & rng.Uint64()
			}
			if got, want := rookAttacks(sq, occ), walk(sq, occ, rookSteps); got != want {
				t.Fatalf("rookAttacks(%v, %#x) = %#x, want %#x", sq, occ, got, want)
			}
			if got, want := bishopAttacks(sq, occ), walk(sq, occ, bishopSteps); got != want {
				t.Fatalf("bishopAttacks(%v, %#x) = %#x, want %#x", sq, occ, got, want)
			}
		}
		if reach[Rook][sq] != walk(sq, 0, rookSteps) || reach[Bishop][sq] != walk(sq, 0, bishopSteps) {
			t.Fatalf("rays of %v wrong", sq)
		}
	}
}

// TestLineBetween checks line and between against their definitions for every pair of squares:
// squares on one rank, file or diagonal share a line, whose squares strictly between them are
// those both see along it when each blocks the other.
func TestLineBetween(t *testing.T) {
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			var wantLine, wantBetween uint64
			for _, steps := range [][][2]int{rookSteps, bishopSteps} {
				if a != b && walk(a, 0, steps)&b.bb() != 0 {
					wantLine = walk(a, 0, steps)&walk(b, 0, steps) | a.bb() | b.bb()
					ab := a.bb() | b.bb()
					wantBetween = walk(a, ab, steps) & walk(b, ab, steps)
				}
			}
			if line[a][b] != wantLine || between[a][b] != wantBetween {
				t.Fatalf("%v %v: line %#x between %#x, want %#x %#x", a, b, line[a][b], between[a][b], wantLine, wantBetween)
			}
		}
	}
}

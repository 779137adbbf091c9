package board

// Exported bitboard queries, for packages that reason about positions beyond move generation
// (internal/mate: which squares a piece can ever reach, who attacks a king's squares). Bit i of
// a bitboard is Square(i); a1 is bit 0, h8 bit 63.

// Occupied returns the squares holding a piece of either colour.
func (p *Position) Occupied() uint64 { return p.occupied() }

// ByColor returns the squares holding a piece of colour c.
func (p *Position) ByColor(c Color) uint64 { return p.byColor[c] }

// ByRole returns the squares holding a piece of role r, both colours.
func (p *Position) ByRole(r Role) uint64 { return p.byRole[r] }

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return p.kingSquare(c) }

// Attacks returns the squares a piece of colour c and role r on sq attacks when the occupancy
// is occ (for a pawn: its two capture squares, whatever stands there).
func Attacks(c Color, r Role, sq Square, occ uint64) uint64 {
	if r == Pawn {
		return pawnAttacks[c][sq]
	}
	return attacksOf(r, sq, occ)
}

// AttackedBy reports whether colour by attacks sq in p.
func (p *Position) AttackedBy(sq Square, by Color) bool {
	return p.attacked(sq, by, p.occupied(), 0)
}

// LightSquares is the bitboard of the light squares (b1, a2, ...); its complement is the dark
// squares (a1, c1, ...).
const LightSquares = lightSquares

// Checkers returns the squares of the pieces that give check to the side to move.
func (p *Position) Checkers() uint64 {
	us := p.turn
	return p.attackersTo(p.kingSquare(us), p.occupied()) & p.byColor[us^1]
}

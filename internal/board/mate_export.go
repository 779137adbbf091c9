package board

// What internal/mate needs of board beyond bitboards.go: positions rebuilt from identities, so
// that an exhaustive search can keep 40-byte identities instead of whole positions.

// Position returns the position whose identity id is, with the halfmove clock 0 and the
// fullmove number 1 (clocks are not part of an identity). id must come from Identity of a
// position: the result then satisfies every invariant of Position, and its Identity is id.
func (id Identity) Position() Position {
	var p Position
	for occ := id.r0 | id.r1 | id.r2; occ != 0; occ &= occ - 1 {
		sq := lsb(occ)
		b := sq.bb()
		r := Role(0)
		if id.r0&b != 0 {
			r |= 1
		}
		if id.r1&b != 0 {
			r |= 2
		}
		if id.r2&b != 0 {
			r |= 4
		}
		c := Black
		if id.white&b != 0 {
			c = White
		}
		p.put(c, r, sq)
	}
	p.turn = Color(id.meta & 1)
	p.castling = Castling(id.meta >> 1 & 15)
	p.castleRooks = id.rooks
	p.castleSquares = p.rightsSquares()
	p.ep = Square(id.meta>>5&127) - 1
	p.fullmove = 1
	p.key = p.computeKey()
	return p
}

package board

import "math/bits"

// Identity is the exact identity of a position per rules.md section 1: placement, side to move,
// normalised castling rights with the squares of their rooks (Chess960: rules.md section 9), and the en passant square only when a legal en passant capture
// exists. It is a small comparable value: a == b exactly when the positions are the same
// position for article 9.2. Clocks are not part of it.
type Identity struct {
	// The placement as three bit planes of the role number (1..6) and the white pieces: a
	// square is occupied exactly when one of r0..r2 has it, and its role is the number the
	// three planes spell.
	r0, r1, r2, white uint64
	// meta packs side to move (bit 0), castling rights (bits 1-4), en passant square + 1
	// (bits 5-11; 0 when none).
	meta uint32
	// rooks holds the square of each right's rook, as Position.castleRooks (0 without it).
	rooks uint32
}

// Identity returns the exact identity of p.
func (p *Position) Identity() Identity {
	return Identity{
		r0:    p.byRole[Pawn] | p.byRole[Bishop] | p.byRole[Queen],
		r1:    p.byRole[Knight] | p.byRole[Bishop] | p.byRole[King],
		r2:    p.byRole[Rook] | p.byRole[Queen] | p.byRole[King],
		white: p.byColor[White],
		meta:  uint32(p.turn) | uint32(p.castling)<<1 | uint32(p.ep+1)<<5,
		rooks: p.castleRooks,
	}
}

// Position returns the position whose identity id is (an exhaustive search, internal/mate's,
// keeps 40-byte identities instead of whole positions), with the halfmove clock 0 and the
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
	p.rightsKey = castleKey(p.castling, p.castleRooks)
	p.key = p.computeKey()
	return p
}

// Hash returns a hash of id computed from id alone, for a table keyed by identity that keeps
// no Zobrist key beside it (the mate decider's exhaustive search: 8 bytes less an entry).
// Equal identities hash alike. Each field is mixed in turn by a full 64x64-bit product folded
// to 64 bits (the high half xor the low, as wyhash mixes), which carries every bit of the field
// both up and down: a multiply alone carries bits only upwards, and positions that differ on
// the top ranks (a king's or queen's move on the eighth) then collided.
func (id Identity) Hash() uint64 {
	h := mix(uint64(id.meta)<<32 | uint64(id.rooks) ^ id.r0)
	h = mix(h ^ id.r1)
	h = mix(h ^ id.r2)
	return mix(h ^ id.white)
}

// mix is Hash's step: x times an odd constant, the 128-bit product's halves folded by xor.
func mix(x uint64) uint64 {
	hi, lo := bits.Mul64(x, 0x9e3779b97f4a7c15)
	return hi ^ lo
}

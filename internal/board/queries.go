package board

import "math/bits"

// IsZeroing reports whether m is a capture or a pawn move: it resets the halfmove clock
// (article 9.3).
func (p *Position) IsZeroing(m Move) bool { return m.Captured() != NoRole || m.Role() == Pawn }

// IsIrreversible reports whether no position before m can recur after it: m is zeroing, or it
// changes the castling rights (a king or rook leaving its original square, a rook captured on
// it, or castling).
func (p *Position) IsIrreversible(m Move) bool {
	from, to := m.From(), m.To()
	return p.IsZeroing(m) || p.touchesRights(from, to) && p.castlingAfter(from, to, m.Role()) != p.castling
}

// KeyAfter returns the Key the position would have after the legal move m, without making it.
// For quiet piece moves (see QuietPieceMove: the only ones that matter for
// repetitions) it is a few xors; other moves are played on a copy.
func (p *Position) KeyAfter(m Move) uint64 {
	if m.Captured() != NoRole || m&(moveCastle|moveDoublePush) != 0 || m.Promotion() != NoRole {
		q := *p
		q.Play(m)
		return q.key
	}
	us := p.turn
	from, to, role := m.From(), m.To(), m.Role()
	k := p.key ^ zobSide ^ zobPiece[us][role][from] ^ zobPiece[us][role][to]
	if p.ep != NoSquare {
		k ^= zobEP[p.ep&7]
	}
	if p.touchesRights(from, to) {
		if c := p.castlingAfter(from, to, role); c != p.castling {
			k ^= castleDelta(p.castling, c, p.castleRooks)
		}
	}
	return k
}

// IsDeadByMaterial reports whether neither side can ever checkmate because of the material
// alone, in exactly the cases of rules.md section 5 (articles 9.6 / 9.7 / 5.2.2): king against
// king; king and one bishop or one knight against a lone king; kings and any number of bishops
// all standing on squares of one colour. Everything else (KN v KN, KB v KN, KNN v K, bishops on
// both colours, any pawn, rook or queen) is not dead by material.
func (p *Position) IsDeadByMaterial() bool {
	if p.byRole[Pawn]|p.byRole[Rook]|p.byRole[Queen] != 0 {
		return false
	}
	knights, bishops := p.byRole[Knight], p.byRole[Bishop]
	if knights == 0 {
		// K v K, K+B v K, and any number of bishops of both sides on one square colour.
		return bishops&lightSquares == 0 || bishops&darkSquares == 0
	}
	// A single knight and nothing else but the kings.
	return bishops == 0 && bits.OnesCount64(knights) == 1
}

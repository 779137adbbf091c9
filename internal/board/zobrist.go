package board

// Zobrist keys. The tables are filled at init from splitmix64 with a fixed seed, so a key is the
// same in every run and on every machine (keys may be stored or compared across processes).
// A key covers exactly the parts of Identity: placement, side to move, castling rights and the
// files of their rooks, and the file of the en passant square only when a legal en passant
// capture exists.

var (
	zobPiece  [2][8][64]uint64 // [color][role][square]; roles 0 and 7 unused (as Position.byRole)
	zobSide   uint64           // xored in when Black is to move
	zobCastle [16]uint64       // by the whole set of rights; zobCastle[0] == 0
	zobEP     [8]uint64        // by file of the (legal) en passant square
	// zobRookFile[i][f] is xored in while right i's rook stands on file f (Chess960); zero
	// for the standard file (h for kingside, a for queenside), so standard keys are unchanged.
	zobRookFile [4][8]uint64
)

// initZobrist fills the key tables; called by the package's init.
func initZobrist() {
	state := uint64(0x70676e7363616e31) // "pgnscan1"
	next := func() uint64 {
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for c := range zobPiece {
		for r := Pawn; r <= King; r++ {
			for sq := range zobPiece[c][r] {
				zobPiece[c][r][sq] = next()
			}
		}
	}
	zobSide = next()
	var rights [4]uint64
	for i := range rights {
		rights[i] = next()
	}
	for c := range zobCastle {
		for i := range rights {
			if c&(1<<i) != 0 {
				zobCastle[c] ^= rights[i]
			}
		}
	}
	for f := range zobEP {
		zobEP[f] = next()
	}
	for i := range zobRookFile {
		for f := range zobRookFile[i] {
			if std := 7 * (1 - i&1); f != std {
				zobRookFile[i][f] = next()
			}
		}
	}
}

// computeKey computes the key of p from scratch. Play maintains p.key incrementally; tests check
// that both agree after every move.
func (p *Position) computeKey() uint64 {
	var k uint64
	for sq, pc := range p.board {
		if pc != NoPiece {
			k ^= zobPiece[pc.Color()][pc.Role()][sq]
		}
	}
	if p.turn == Black {
		k ^= zobSide
	}
	k ^= castleKey(p.castling, p.castleRooks)
	if p.ep != NoSquare {
		k ^= zobEP[p.ep.File()]
	}
	return k
}

// PlacementKey returns the Zobrist key of the placement and the side to move alone: Key without
// the castling rights and the en passant square. Lichess compared positions so before
// scalachess #56 (2016), and rules uses it for those versions of its rules.
func (p *Position) PlacementKey() uint64 {
	k := p.key ^ p.rightsKey
	if p.ep != NoSquare {
		k ^= zobEP[p.ep.File()]
	}
	return k
}

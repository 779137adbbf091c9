package board

// Position is a legal chess position: placement, side to move, castling rights, en passant
// square, clocks, and the Zobrist key. It holds no pointers: q := *p is an independent copy.
//
// Invariants kept by every constructor and by Play: exactly one king per side; the side not to
// move is not in check; castling rights are normalised (a right exists only while its king and
// rook stand on their original squares); ep is set only when the side to move has a legal en
// passant capture; key == computeKey(); rightsKey == castleKey(castling, castleRooks);
// castleSquares == rightsSquares().
type Position struct {
	byRole  [8]uint64 // by Role, both colours; 0 and 7 unused: a Role's 3 bits index it unchecked
	byColor [2]uint64
	board   [64]Piece
	key     uint64
	// rightsKey is the castling rights' part of key, castleKey(castling, castleRooks): kept as
	// the rights change (setCastling), so that PlacementKey, asked for every half-move that
	// lichess's old rules count, takes it out with one xor instead of a loop over the rights.
	rightsKey uint64
	halfmove  int32
	fullmove  int32
	turn      Color
	castling  Castling
	ep        Square
	// castleRooks holds, in byte i, the square of the rook of castling right i while the
	// right exists, and 0 once it is gone (see castling.go).
	castleRooks uint32
	// castleSquares holds the squares of the kings and rooks of the castling rights, the only
	// squares a move must touch to take a right (see castlingAfter).
	castleSquares uint64
}

var startPosition Position

// init builds the fixed tables in dependency order (the only init function of the package).
func init() {
	initAttacks()
	initCastling()
	initZobrist()
	p, err := FromFEN(StartFEN)
	if err != nil {
		panic("board: start position: " + err.Error())
	}
	startPosition = p
}

// StartFEN is the FEN of the standard initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// StartPosition returns the standard initial position.
func StartPosition() Position { return startPosition }

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// HalfmoveClock returns the number of half-moves since the last capture or pawn move
// (starting from the FEN value).
func (p *Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber returns the number of the current full move (starting at 1, incremented after
// each Black move).
func (p *Position) FullmoveNumber() int { return int(p.fullmove) }

// Castling returns the (normalised) castling rights.
func (p *Position) Castling() Castling { return p.castling }

// EnPassant returns the en passant target square when the side to move has a legal en passant
// capture, else NoSquare (rules.md section 1: only then does it count for identity).
func (p *Position) EnPassant() Square { return p.ep }

// Key returns the Zobrist key of the position. Equal identities give equal keys; the converse
// holds only with high probability, so a key selects candidates and Identity decides.
func (p *Position) Key() uint64 { return p.key }

// PieceAt returns the piece on sq, or NoPiece.
func (p *Position) PieceAt(sq Square) Piece { return p.board[sq] }

// Pieces returns the bitboard (bit i = square i) of the pieces of colour c and role r.
func (p *Position) Pieces(c Color, r Role) uint64 { return p.byRole[r] & p.byColor[c] }

func (p *Position) occupied() uint64 { return p.byColor[0] | p.byColor[1] }

func (p *Position) kingSquare(c Color) Square { return lsb(p.byRole[King] & p.byColor[c]) }

func (p *Position) put(c Color, r Role, sq Square) {
	b := sq.bb()
	p.byRole[r] |= b
	p.byColor[c] |= b
	p.board[sq] = MakePiece(c, r)
}

func (p *Position) remove(c Color, r Role, sq Square) {
	b := sq.bb()
	p.byRole[r] &^= b
	p.byColor[c] &^= b
	p.board[sq] = NoPiece
}

// attackersTo returns the pieces of both colours that attack sq when the occupancy is occ.
// Pieces removed from occ must also be masked out of the result by the caller.
func (p *Position) attackersTo(sq Square, occ uint64) uint64 {
	return knightAttacks[sq]&p.byRole[Knight] |
		kingAttacks[sq]&p.byRole[King] |
		pawnAttacks[White][sq]&p.byRole[Pawn]&p.byColor[Black] |
		pawnAttacks[Black][sq]&p.byRole[Pawn]&p.byColor[White] |
		bishopAttacks(sq, occ)&(p.byRole[Bishop]|p.byRole[Queen]) |
		rookAttacks(sq, occ)&(p.byRole[Rook]|p.byRole[Queen])
}

// attacked reports whether colour by attacks sq when the occupancy is occ, ignoring pieces on
// the squares of removed (captured pieces).
func (p *Position) attacked(sq Square, by Color, occ, removed uint64) bool {
	them := p.byColor[by] &^ removed
	leapers := knightAttacks[sq]&p.byRole[Knight] | pawnAttacks[by^1][sq]&p.byRole[Pawn] |
		kingAttacks[sq]&p.byRole[King] // one test: a branch each would cost more than it skips
	if leapers&them != 0 {
		return true
	}
	// Sliders: those on a ray of the empty board from sq attack it when nothing stands between
	// (reaching: their paths are checked in the between table, which stays in the cache where
	// the magic tables do not).
	sliders := (p.byRole[Bishop]|p.byRole[Queen])&reach[Bishop][sq] | (p.byRole[Rook]|p.byRole[Queen])&reach[Rook][sq]
	return reaching(sq, sliders&them, occ) != 0
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	return p.attacked(p.kingSquare(p.turn), p.turn^1, p.occupied(), 0)
}

// Play makes the move m, which must be legal in p (from LegalMoves or ParseSAN). It
// updates placement, side, castling rights, the en passant square (kept only when the new side
// to move can capture en passant legally), the clocks and the key.
func (p *Position) Play(m Move) {
	us := p.turn
	them := us ^ 1
	from, to := m.From(), m.To()
	role, rights := m.Role(), p.touchesRights(from, to) // from|to once, for move too
	k := p.key ^ zobSide
	if p.ep != NoSquare {
		k ^= zobEP[p.ep&7]
		p.ep = NoSquare
	}
	p.halfmove++
	if us == Black {
		p.fullmove++
	}
	if cap := m.Captured(); cap != NoRole {
		capSq := to
		if m&moveEnPassant != 0 {
			capSq = to ^ 8
		}
		p.remove(them, cap, capSq)
		k ^= zobPiece[them][cap][capSq]
		p.halfmove = 0
	}
	if m&moveCastle != 0 {
		k ^= p.castle(us, from, to, m.castleRook())
	} else {
		k ^= p.move(us, role, from, to)
		if pr := m.Promotion(); pr != NoRole {
			k ^= p.promote(us, pr, to)
		}
	}
	if role == Pawn {
		p.halfmove = 0
	}
	if rights {
		if c := p.castlingAfter(from, to, role); c != p.castling {
			k ^= p.setCastling(c, from, to)
		}
	}
	p.turn = them
	if m&moveDoublePush != 0 {
		if ep := to ^ 8; p.epCapturable(ep) {
			p.ep = ep
			k ^= zobEP[ep&7]
		}
	}
	p.key = k
}

// move moves our piece of role from from to the distinct square to, which is empty, and
// returns the change of the key. Both squares are toggled in the role's and the colour's
// bitboards at once.
func (p *Position) move(us Color, role Role, from, to Square) uint64 {
	ft := from.bb() | to.bb()
	p.byRole[role] ^= ft
	p.byColor[us] ^= ft
	p.board[to], p.board[from] = p.board[from], NoPiece
	z := &zobPiece[us][role]
	return z[from] ^ z[to]
}

// promote replaces our pawn on to by a piece of role pr and returns the change of the key.
func (p *Position) promote(us Color, pr Role, to Square) uint64 {
	p.byRole[Pawn] &^= to.bb()
	p.byRole[pr] |= to.bb()
	p.board[to] = MakePiece(us, pr)
	return zobPiece[us][Pawn][to] ^ zobPiece[us][pr][to]
}

// castle makes the castling of our king on from to to with the rook on rookFrom, which goes to
// the king's other side, and returns the change of the key. In Chess960 the king may stay on its
// square or land on the rook's, and the rook may land on the square the king left: the men are
// lifted first, then put down.
func (p *Position) castle(us Color, from, to, rookFrom Square) uint64 {
	rookTo := to - 1 // kingside: rook to f
	if to.File() == 2 {
		rookTo = to + 1 // queenside: rook to d
	}
	p.remove(us, King, from)
	p.remove(us, Rook, rookFrom)
	p.put(us, King, to)
	p.put(us, Rook, rookTo)
	return zobPiece[us][King][from] ^ zobPiece[us][King][to] ^
		zobPiece[us][Rook][rookFrom] ^ zobPiece[us][Rook][rookTo]
}

// epCapturable reports whether the side to move has a legal en passant capture onto ep, the
// square just skipped by the opponent's double pawn push; only then does ep count for identity
// (rules.md section 1). A capture that leaves the king in check does not count (see epLegal).
func (p *Position) epCapturable(ep Square) bool {
	return p.epPawns(ep) != 0 && p.genEnPassant(nil, ep) // most double steps pass no pawn: no call
}

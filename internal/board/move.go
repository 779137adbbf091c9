package board

// Move is a move packed into 32 bits. It is only meaningful together with the position it was
// made for (it records the moving and the captured role of that position). The zero value is
// "no move". Two moves of the same position compare equal exactly when they are the same move,
// whichever function produced them (LegalMoves, ParseSAN).
//
// Layout: bits 0-5 from, 6-11 to, 12-14 promotion role, 15-17 moving role, 18-20 captured role,
// 21 en passant, 22 castling, 23 double pawn push, 24-29 the castling rook's square. Castling
// is the king's move to g1/c1/g8/c8 (From and To), with the rook's square beside it: in
// Chess960 the king may already stand on its target, or step there by an ordinary move too.
type Move uint32

const (
	moveEnPassant  Move = 1 << 21
	moveCastle     Move = 1 << 22
	moveDoublePush Move = 1 << 23
)

func newMove(from, to Square, role, captured Role) Move {
	return Move(from) | Move(to)<<6 | Move(role)<<15 | Move(captured)<<18
}

// newCastle returns the castling of the king on king to kingTo with the rook on rook.
func newCastle(king, kingTo, rook Square) Move {
	return newMove(king, kingTo, King, NoRole) | moveCastle | Move(rook)<<24
}

// castleRook returns the castling rook's square of a castling move.
func (m Move) castleRook() Square { return Square(m >> 24 & 63) }

// From returns the square the moving piece leaves (the king's square for castling).
func (m Move) From() Square { return Square(m & 63) }

// To returns the square the moving piece arrives on (g1/c1/g8/c8 for castling).
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Promotion returns the role a pawn promotes to, or NoRole.
func (m Move) Promotion() Role { return Role(m >> 12 & 7) }

// Role returns the role of the moving piece.
func (m Move) Role() Role { return Role(m >> 15 & 7) }

// Captured returns the role of the captured piece (Pawn for en passant), or NoRole.
func (m Move) Captured() Role { return Role(m >> 18 & 7) }

// IsEnPassant reports whether m is an en passant capture.
func (m Move) IsEnPassant() bool { return m&moveEnPassant != 0 }

// IsCastle reports whether m is castling.
func (m Move) IsCastle() bool { return m&moveCastle != 0 }

// standardCastle reports whether a castling move is the standard one, the king from e to g or
// c with the rook from h or a.
func (m Move) standardCastle() bool {
	f, r := m.From().File(), m.castleRook().File()
	return f == 4 && (r == 0 || r == 7)
}

// String returns the move in UCI form ("e2e4", "e7e8q", "e1g1"), or "0000" for no move.
// Castling is the king's move in standard chess (e1g1) and, as UCI_Chess960 writes it, the
// king taking its own rook otherwise (f1h1): the king's move could also be an ordinary one.
func (m Move) String() string { return string(m.AppendUCI(nil)) }

// AppendUCI appends the move in UCI form to dst.
func (m Move) AppendUCI(dst []byte) []byte {
	if m == 0 {
		return append(dst, "0000"...)
	}
	f, t := m.From(), m.To()
	if m&moveCastle != 0 && !m.standardCastle() {
		t = m.castleRook()
	}
	dst = append(dst, byte('a'+f.File()), byte('1'+f.Rank()), byte('a'+t.File()), byte('1'+t.Rank()))
	if pr := m.Promotion(); pr != NoRole {
		dst = append(dst, roleLetters[pr]+('a'-'A'))
	}
	return dst
}

// MoveList is a caller-owned list of moves, filled without allocation.
type MoveList struct {
	Moves [256]Move
	N     int
}

// Slice returns the moves in the list (a view of l.Moves).
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

func (l *MoveList) push(m Move) {
	l.Moves[l.N] = m
	l.N++
}

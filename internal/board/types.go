package board

// Color is the colour of a side or a piece.
type Color uint8

// The two colours. White moves first.
const (
	White Color = iota
	Black
)

// Other returns the opponent's colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Square is a square of the board: 0 = a1, 1 = b1, ..., 7 = h1, 8 = a2, ..., 63 = h8.
type Square int8

// NoSquare stands for the absence of a square (for example no en passant square).
const NoSquare Square = -1

// Named squares used by castling and tests.
const (
	A1 Square = 0
	C1 Square = 2
	D1 Square = 3
	E1 Square = 4
	F1 Square = 5
	G1 Square = 6
	H1 Square = 7
	A8 Square = 56
	C8 Square = 58
	D8 Square = 59
	E8 Square = 60
	F8 Square = 61
	G8 Square = 62
	H8 Square = 63
)

// SquareAt returns the square on file (0 = a ... 7 = h) and rank (0 = rank 1 ... 7 = rank 8).
func SquareAt(file, rank int) Square { return Square(rank*8 + file) }

// File returns the file of s: 0 for the a-file up to 7 for the h-file.
func (s Square) File() int { return int(s) & 7 }

// Rank returns the rank of s: 0 for the first rank up to 7 for the eighth.
func (s Square) Rank() int { return int(s) >> 3 }

// String returns the algebraic name of the square ("e4"), or "-" for NoSquare.
func (s Square) String() string {
	if s < 0 || s > 63 {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// bb returns the bitboard of s alone; s must be a square of the board (0-63). The shift count is
// masked to 6 bits, so that it compiles to one shift: unmasked, a shift of a signed Square needs
// instructions to give 0 for counts past 63, which no caller has.
func (s Square) bb() uint64 { return 1 << (uint(s) & 63) }

// Role is the kind of a piece, without its colour.
type Role uint8

// The roles. NoRole is the zero value and marks an empty square or no promotion.
const (
	NoRole Role = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// roleLetters maps a role to its upper-case SAN/FEN letter.
const roleLetters = " PNBRQK"

// String returns the role's name in lower case ("knight"), or "none".
func (r Role) String() string {
	switch r {
	case Pawn:
		return "pawn"
	case Knight:
		return "knight"
	case Bishop:
		return "bishop"
	case Rook:
		return "rook"
	case Queen:
		return "queen"
	case King:
		return "king"
	}
	return "none"
}

// Piece is a coloured piece as stored in the board's mailbox: role | color<<3; 0 is empty.
type Piece uint8

// NoPiece marks an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of role r and colour c.
func MakePiece(c Color, r Role) Piece { return Piece(r) | Piece(c)<<3 }

// Role returns the piece's role (NoRole for NoPiece).
func (p Piece) Role() Role { return Role(p & 7) }

// Color returns the piece's colour (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

// Letter returns the piece's FEN letter, upper case for White ('K'), lower case for Black
// ('k'), or 0 for NoPiece.
func (p Piece) Letter() byte {
	r := p.Role()
	if r == NoRole || r > King {
		return 0
	}
	if p.Color() == Black {
		return roleLetters[r] + ('a' - 'A')
	}
	return roleLetters[r]
}

// Castling is a set of castling rights.
type Castling uint8

// The four castling rights.
const (
	WhiteKingside Castling = 1 << iota
	WhiteQueenside
	BlackKingside
	BlackQueenside

	// AllCastling is the set of all four rights (the start position).
	AllCastling = WhiteKingside | WhiteQueenside | BlackKingside | BlackQueenside
)

// String returns the rights in FEN form ("KQkq", "Kq", "-"), without their rooks' files
// (Position.FEN writes those).
func (c Castling) String() string {
	if c == 0 {
		return "-"
	}
	var dst []byte
	for i, l := range "KQkq" {
		if c&(1<<i) != 0 {
			dst = append(dst, byte(l))
		}
	}
	return string(dst)
}

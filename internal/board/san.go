package board

import (
	"errors"
	"strconv"
)

// Sentinel errors of SAN decoding, wrapped by *SANError.
var (
	ErrIllegalMove   = errors.New("illegal move")
	ErrAmbiguousMove = errors.New("ambiguous move")
	ErrMalformedSAN  = errors.New("malformed SAN")
)

// SANError reports a SAN token that does not name exactly one legal move: the token, which of
// ErrIllegalMove, ErrAmbiguousMove or ErrMalformedSAN applies, and why.
type SANError struct {
	SAN    string
	Err    error
	Reason string
}

func (e *SANError) Error() string {
	s := "board: " + e.Err.Error() + " " + strconv.Quote(e.SAN)
	if e.Reason != "" {
		s += ": " + e.Reason
	}
	return s
}

// Unwrap returns the sentinel (ErrIllegalMove, ErrAmbiguousMove or ErrMalformedSAN).
func (e *SANError) Unwrap() error { return e.Err }

func sanErr(san []byte, err error, reason string) error {
	return &SANError{SAN: string(san), Err: err, Reason: reason}
}

func isFile(c byte) bool { return c >= 'a' && c <= 'h' }
func isRank(c byte) bool { return c >= '1' && c <= '8' }

// pieceRole returns the role a SAN piece letter names, NoRole for any other byte. A table, not a
// switch: the letters of a game's moves follow no pattern a branch predictor could learn.
func pieceRole(c byte) Role { return sanRoles[c] }

var sanRoles = [256]Role{'N': Knight, 'B': Bishop, 'R': Rook, 'Q': Queen, 'K': King}

// sanSuffix holds the bytes of the suffixes ParseSAN skips: check marks and annotation glyphs.
var sanSuffix = [256]bool{'+': true, '#': true, '!': true, '?': true}

func promotionRole(c byte) Role {
	switch c {
	case 'Q', 'q':
		return Queen
	case 'R', 'r':
		return Rook
	case 'B', 'b':
		return Bishop
	case 'N', 'n':
		return Knight
	}
	return NoRole
}

// ParseSAN returns the one legal move of p that the SAN token names. It accepts what real
// game files contain: piece letters, file / rank / square disambiguation (also when redundant),
// captures with or without 'x' (or ':'), promotions as e8=Q and e8Q, castling as O-O, O-O-O,
// 0-0, 0-0-0, and any trailing run of the suffixes + # ! ? (check marks are not verified), as
// well as a trailing "e.p.". It does not generate the move list: candidates come from the
// pieces of the named kind that attack the target square, and only those are checked for
// legality. It does not allocate unless it returns an error, a *SANError.
func (p *Position) ParseSAN(san []byte) (Move, error) {
	s := san
	for len(s) > 0 && sanSuffix[s[len(s)-1]] {
		s = s[:len(s)-1]
	}
	if len(s) > 4 && string(s[len(s)-4:]) == "e.p." {
		s = s[:len(s)-4]
	}
	if len(s) < 2 {
		return 0, sanErr(san, ErrMalformedSAN, "too short")
	}
	// Piece moves first: most moves of a game are.
	switch c := s[0]; {
	case pieceRole(c) != NoRole:
		return p.parsePieceSAN(san, s[1:], pieceRole(c))
	case isFile(c):
		return p.parsePawnSAN(san, s)
	case c == 'O' || c == '0':
		return p.parseCastleSAN(san, s)
	default:
		return 0, sanErr(san, ErrMalformedSAN, "does not start with a piece letter, a file or castling")
	}
}

func (p *Position) parseCastleSAN(san, s []byte) (Move, error) {
	var side int
	switch string(s) {
	case "O-O", "0-0":
		side = 0
	case "O-O-O", "0-0-0":
		side = 1
	default:
		return 0, sanErr(san, ErrMalformedSAN, "not a castling move")
	}
	us := p.turn
	i := int(us)*2 + side
	if p.castling&(1<<i) == 0 {
		return 0, sanErr(san, ErrIllegalMove, "no such castling right")
	}
	occ := p.occupied()
	if p.attacked(p.kingSquare(us), us^1, occ, 0) {
		return 0, sanErr(san, ErrIllegalMove, "castling out of check")
	}
	m, why := p.castleMove(i, occ)
	if m == 0 {
		return 0, sanErr(san, ErrIllegalMove, why)
	}
	return m, nil
}

func (p *Position) parsePieceSAN(san, s []byte, role Role) (Move, error) {
	n := len(s)
	if n < 2 || !isFile(s[n-2]) || !isRank(s[n-1]) {
		return 0, sanErr(san, ErrMalformedSAN, "no target square")
	}
	to := SquareAt(int(s[n-2]-'a'), int(s[n-1]-'1'))
	mid := s[:n-2]
	if len(mid) > 0 && (mid[len(mid)-1] == 'x' || mid[len(mid)-1] == ':') {
		mid = mid[:len(mid)-1]
	}
	mask := ^uint64(0)
	switch {
	case len(mid) == 0:
	case len(mid) == 1 && isFile(mid[0]):
		mask = fileA << (mid[0] - 'a')
	case len(mid) == 1 && isRank(mid[0]):
		mask = rank1 << (8 * (mid[0] - '1'))
	case len(mid) == 2 && isFile(mid[0]) && isRank(mid[1]):
		mask = SquareAt(int(mid[0]-'a'), int(mid[1]-'1')).bb()
	default:
		return 0, sanErr(san, ErrMalformedSAN, "bad disambiguation")
	}
	us := p.turn
	ours := p.byColor[us]
	if ours&to.bb() != 0 {
		return 0, sanErr(san, ErrIllegalMove, "own piece on the target square")
	}
	occ := p.occupied()
	// One path for every role, not a switch on it: a knight or king candidate stands next to
	// the target or off its lines, where nothing lies between, and reaching keeps it.
	cands := reaching(to, p.byRole[role]&ours&mask&reach[role][to], occ)
	switch {
	case cands == 0:
		return 0, sanErr(san, ErrIllegalMove, "no "+role.String()+" can move there")
	case moreThanOne(cands):
		return p.pickLegal(san, cands, to, role)
	}
	// The one candidate's test is pieceMoveLegal's, written out: a call more would cost more.
	m := newMove(lsb(cands), to, role, p.board[to].Role())
	if p.attacked(p.kingAfter(to, role), us^1, occ&^cands|to.bb(), to.bb()) {
		return 0, sanErr(san, ErrIllegalMove, leavesCheck)
	}
	return m, nil
}

// leavesCheck is the reason of a SAN whose move would leave the mover's king in check.
const leavesCheck = "the move would leave the king in check"

// pickLegal returns the move of the one piece among from, our pieces of role that reach to,
// that may move there (a SAN's two or more candidates, one of which a pin or a check may rule
// out), or why none or more than one may.
func (p *Position) pickLegal(san []byte, from uint64, to Square, role Role) (Move, error) {
	legal := p.legalOrigins(from, to, role)
	switch {
	case legal == 0:
		return 0, sanErr(san, ErrIllegalMove, leavesCheck)
	case moreThanOne(legal):
		return 0, sanErr(san, ErrAmbiguousMove, "more than one "+role.String()+" can move there")
	}
	return newMove(lsb(legal), to, role, p.board[to].Role()), nil
}

// legalOrigins returns the squares of from, holding our pieces of role that reach to, from
// which the move to to leaves our king safe.
func (p *Position) legalOrigins(from uint64, to Square, role Role) uint64 {
	legal := from
	for ; from != 0; from &= from - 1 {
		if !p.pieceMoveLegal(lsb(from), to, role) {
			legal &^= lsb(from).bb()
		}
	}
	return legal
}

// pieceMoveLegal reports whether our piece of role (not a pawn) on from, which reaches to, may
// move there: whether our king is not attacked afterwards. A king moves to to and cannot hide
// behind itself there, as occ is taken without from.
func (p *Position) pieceMoveLegal(from, to Square, role Role) bool {
	return !p.attacked(p.kingAfter(to, role), p.turn^1, p.occupied()&^from.bb()|to.bb(), to.bb())
}

// kingAfter returns the square of our king once our piece of role has moved to to.
func (p *Position) kingAfter(to Square, role Role) Square {
	if role == King {
		return to
	}
	return p.kingSquare(p.turn)
}

// parsePawnSAN decodes a pawn's SAN (e4, exd5, ed5, e:d5, e8=Q, e8Q, exd8=N): s is san
// without its suffixes and starts with a file.
func (p *Position) parsePawnSAN(san, s []byte) (Move, error) {
	var to Square
	fromFile := -1 // the file a capture comes from
	var rest []byte
	if isRank(s[1]) {
		to = SquareAt(int(s[0]-'a'), int(s[1]-'1'))
		rest = s[2:]
	} else {
		i := 1
		if s[i] == 'x' || s[i] == ':' {
			i++
		}
		if len(s) < i+2 || !isFile(s[i]) || !isRank(s[i+1]) {
			return 0, sanErr(san, ErrMalformedSAN, "no target square")
		}
		fromFile = int(s[0] - 'a')
		to = SquareAt(int(s[i]-'a'), int(s[i+1]-'1'))
		rest = s[i+2:]
	}
	promo := NoRole
	if len(rest) > 0 {
		if rest[0] == '=' {
			rest = rest[1:]
		}
		if len(rest) != 1 {
			return 0, sanErr(san, ErrMalformedSAN, "unexpected text after the target square")
		}
		if promo = promotionRole(rest[0]); promo == NoRole {
			return 0, sanErr(san, ErrMalformedSAN, "bad promotion piece")
		}
	}
	lastRank := 7
	if p.turn == Black {
		lastRank = 0
	}
	if to.Rank() == lastRank && promo == NoRole {
		return 0, sanErr(san, ErrIllegalMove, "promotion piece missing")
	}
	if to.Rank() != lastRank && promo != NoRole {
		return 0, sanErr(san, ErrIllegalMove, "promotion before the last rank")
	}
	var m Move
	var why string
	if fromFile < 0 {
		m, why = p.pawnPush(to)
	} else {
		m, why = p.pawnCapture(fromFile, to)
	}
	if why != "" {
		return 0, sanErr(san, ErrIllegalMove, why)
	}
	return m | Move(promo)<<12, nil
}

// pawnPush returns the legal push of one of our pawns to the empty square to, a step or a
// double step, or why there is none.
func (p *Position) pawnPush(to Square) (Move, string) {
	us := p.turn
	up, doubleRank := Square(8), 3
	if us == Black {
		up, doubleRank = -8, 4
	}
	occ := p.occupied()
	if occ&to.bb() != 0 {
		return 0, "target square occupied"
	}
	ourPawn := MakePiece(us, Pawn)
	from := to - up
	var m Move
	switch {
	case from >= 0 && from < 64 && p.board[from] == ourPawn:
		m = newMove(from, to, Pawn, NoRole)
	case to.Rank() == doubleRank && p.board[from] == NoPiece && p.board[from-up] == ourPawn:
		from -= up
		m = newMove(from, to, Pawn, NoRole) | moveDoublePush
	default:
		return 0, "no pawn can move there"
	}
	if p.attacked(p.kingSquare(us), us^1, occ&^from.bb()|to.bb(), 0) {
		return 0, leavesCheck
	}
	return m, ""
}

// pawnCapture returns the legal capture onto to by our pawn of the file fromFile, en passant
// included, or why there is none.
func (p *Position) pawnCapture(fromFile int, to Square) (Move, string) {
	us := p.turn
	up := Square(8)
	if us == Black {
		up = -8
	}
	if d := fromFile - to.File(); d != 1 && d != -1 {
		return 0, "a pawn captures on an adjacent file"
	}
	from := to - up + Square(fromFile-to.File())
	if from < 0 || from > 63 || p.board[from] != MakePiece(us, Pawn) {
		return 0, "no pawn can capture there"
	}
	switch {
	case p.byColor[us^1]&to.bb() != 0:
		if p.attacked(p.kingSquare(us), us^1, p.occupied()&^from.bb()|to.bb(), to.bb()) {
			return 0, leavesCheck
		}
		return newMove(from, to, Pawn, p.board[to].Role()), ""
	case to == p.ep:
		if !p.epLegal(from, to) {
			return 0, leavesCheck
		}
		return newMove(from, to, Pawn, Pawn) | moveEnPassant, ""
	}
	return 0, "nothing to capture there"
}

// AppendSAN appends the SAN of the legal move m to dst: minimal disambiguation among the legal
// moves, 'x' for captures, "=Q" for promotions, and '+' or '#' when the move gives check or
// mate.
func (p *Position) AppendSAN(dst []byte, m Move) []byte {
	from, to := m.From(), m.To()
	role := m.Role()
	switch {
	case m.IsCastle():
		if to.File() == 6 {
			dst = append(dst, "O-O"...)
		} else {
			dst = append(dst, "O-O-O"...)
		}
	case role == Pawn:
		if m.Captured() != NoRole {
			dst = append(dst, byte('a'+from.File()), 'x')
		}
		dst = append(dst, byte('a'+to.File()), byte('1'+to.Rank()))
		if pr := m.Promotion(); pr != NoRole {
			dst = append(dst, '=', roleLetters[pr])
		}
	default:
		dst = append(dst, roleLetters[role])
		if role != King {
			others := attacksOf(role, to, p.occupied()) & p.byRole[role] & p.byColor[p.turn] &^ from.bb()
			legal := p.legalOrigins(others, to, role)
			if legal != 0 {
				switch {
				case legal&(fileA<<uint(from.File())) == 0:
					dst = append(dst, byte('a'+from.File()))
				case legal&(rank1<<uint(8*from.Rank())) == 0:
					dst = append(dst, byte('1'+from.Rank()))
				default:
					dst = append(dst, byte('a'+from.File()), byte('1'+from.Rank()))
				}
			}
		}
		if m.Captured() != NoRole {
			dst = append(dst, 'x')
		}
		dst = append(dst, byte('a'+to.File()), byte('1'+to.Rank()))
	}
	q := *p
	q.Play(m)
	if q.InCheck() {
		if q.HasLegalMove() {
			dst = append(dst, '+')
		} else {
			dst = append(dst, '#')
		}
	}
	return dst
}

// SAN returns the SAN of the legal move m (see AppendSAN).
func (p *Position) SAN(m Move) string { return string(p.AppendSAN(nil, m)) }

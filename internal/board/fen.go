package board

import (
	"errors"
	"math/bits"
	"strconv"
	"strings"
)

// Sentinel errors. FEN problems are *FENError values that unwrap to one of the first two.
var (
	// ErrInvalidFEN is wrapped by every error about a malformed or impossible FEN.
	ErrInvalidFEN = errors.New("invalid FEN")
	// ErrUnsupportedVariant marks a game of a variant other than standard chess and Chess960
	// (crazyhouse, atomic, ...). The board reads every FEN of both; callers that recognise a
	// Variant tag wrap it.
	ErrUnsupportedVariant = errors.New("unsupported variant")
)

// FENError describes what is wrong with a FEN: the field concerned and why.
type FENError struct {
	Field  string // "placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number", "fields", "position"
	Value  string // the field's text, when it helps
	Reason string
	Err    error // ErrInvalidFEN
}

func (e *FENError) Error() string {
	var b strings.Builder
	b.WriteString("board: ")
	b.WriteString(e.Err.Error())
	b.WriteString(": ")
	b.WriteString(e.Field)
	if e.Value != "" {
		b.WriteString(" ")
		b.WriteString(strconv.Quote(e.Value))
	}
	b.WriteString(": ")
	b.WriteString(e.Reason)
	return b.String()
}

// Unwrap returns ErrInvalidFEN.
func (e *FENError) Unwrap() error { return e.Err }

func fenErr(field, value, reason string) error {
	return &FENError{Field: field, Value: value, Reason: reason, Err: ErrInvalidFEN}
}

// Setup is a position as written in a FEN, checked for syntax only. Setup.Position validates it.
type Setup struct {
	Board    [64]Piece
	Turn     Color
	Castling Castling // KQkq as written; Position drops rights without king and rook in place
	// CastlingRooks holds the rooks that file letters name (Shredder-FEN HAha, X-FEN for an
	// inner rook): upper case on the first rank, lower case on the eighth. A named rook gives
	// the right of its side of the king, whatever Castling says.
	CastlingRooks uint64
	// Chess960 reads KQkq as X-FEN does: the outermost rook on that side, wherever the king
	// stands on its first rank. Without it they mean the a and h rooks with the king on e.
	// ParseFEN sets it when the field has a file letter; a Chess960 game sets it for its FEN.
	Chess960       bool
	EnPassant      Square // as written, or NoSquare
	HalfmoveClock  int
	FullmoveNumber int
}

// maxClock bounds the clocks so they fit the position's fields; real games stay far below.
const maxClock = 1 << 30

// ParseFEN parses a FEN. It accepts the four-field EPD form (clocks default to 0 and 1), any
// amount of blank space between fields, castling letters in any order, and a full-move number
// of 0 (read as 1), and the castling field in standard FEN, Shredder-FEN (HAha) and X-FEN (KQkq
// with file letters for inner rooks). Any problem gives a *FENError wrapping ErrInvalidFEN.
func ParseFEN(fen string) (Setup, error) {
	s := Setup{EnPassant: NoSquare, FullmoveNumber: 1}
	fields := strings.Fields(fen)
	if len(fields) < 4 {
		return s, fenErr("fields", "", "want 6 fields (or the first 4), got "+strconv.Itoa(len(fields)))
	}
	if len(fields) > 6 {
		return s, fenErr("fields", "", "want 6 fields, got "+strconv.Itoa(len(fields)))
	}
	if err := parsePlacement(fields[0], &s.Board); err != nil {
		return s, err
	}
	switch fields[1] {
	case "w":
		s.Turn = White
	case "b":
		s.Turn = Black
	default:
		return s, fenErr("side to move", fields[1], `want "w" or "b"`)
	}
	if fields[2] != "-" {
		for i := 0; i < len(fields[2]); i++ {
			var r Castling
			switch c := fields[2][i]; {
			case c == 'K':
				r = WhiteKingside
			case c == 'Q':
				r = WhiteQueenside
			case c == 'k':
				r = BlackKingside
			case c == 'q':
				r = BlackQueenside
			case c >= 'A' && c <= 'H' || c >= 'a' && c <= 'h':
				sq := SquareAt(int(c|0x20-'a'), 0)
				if c >= 'a' {
					sq += 56
				}
				if s.CastlingRooks&sq.bb() != 0 {
					return s, fenErr("castling", fields[2], "rook letter repeated")
				}
				s.CastlingRooks |= sq.bb()
				s.Chess960 = true
				continue
			default:
				return s, fenErr("castling", fields[2], "unexpected character "+strconv.QuoteRune(rune(c)))
			}
			if s.Castling&r != 0 {
				return s, fenErr("castling", fields[2], "right repeated")
			}
			s.Castling |= r
		}
	}
	if f := fields[3]; f != "-" {
		if len(f) != 2 || f[0] < 'a' || f[0] > 'h' || (f[1] != '3' && f[1] != '6') {
			return s, fenErr("en passant", f, `want "-" or a square on rank 3 or 6`)
		}
		s.EnPassant = SquareAt(int(f[0]-'a'), int(f[1]-'1'))
	}
	if len(fields) > 4 {
		n, ok := parseClock(fields[4])
		if !ok {
			return s, fenErr("halfmove clock", fields[4], "want a non-negative number")
		}
		s.HalfmoveClock = n
	}
	if len(fields) > 5 {
		n, ok := parseClock(fields[5])
		if !ok {
			return s, fenErr("fullmove number", fields[5], "want a non-negative number")
		}
		s.FullmoveNumber = max(n, 1)
	}
	return s, nil
}

func parseClock(f string) (int, bool) {
	if len(f) == 0 || len(f) > 10 {
		return 0, false
	}
	for i := 0; i < len(f); i++ {
		if f[i] < '0' || f[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(f)
	if err != nil || n > maxClock {
		return 0, false
	}
	return n, true
}

func parsePlacement(f string, b *[64]Piece) error {
	rank, file := 7, 0
	for i := 0; i < len(f); i++ {
		c := f[i]
		switch {
		case c == '/':
			if file != 8 {
				return fenErr("placement", f, "rank "+strconv.Itoa(rank+1)+" has "+strconv.Itoa(file)+" squares, want 8")
			}
			if rank == 0 {
				return fenErr("placement", f, "more than 8 ranks")
			}
			rank--
			file = 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
			if file > 8 {
				return fenErr("placement", f, "rank "+strconv.Itoa(rank+1)+" has more than 8 squares")
			}
		default:
			i := strings.IndexByte("pnbrqkPNBRQK", c)
			if i < 0 {
				return fenErr("placement", f, "unexpected character "+strconv.QuoteRune(rune(c)))
			}
			if file >= 8 {
				return fenErr("placement", f, "rank "+strconv.Itoa(rank+1)+" has more than 8 squares")
			}
			color := Black
			if i >= 6 {
				color = White
			}
			b[SquareAt(file, rank)] = MakePiece(color, Role(i%6+1))
			file++
		}
	}
	if rank != 0 || file != 8 {
		return fenErr("placement", f, "want 8 ranks of 8 squares")
	}
	return nil
}

// Position validates the setup and returns the position. It rejects a setup that is not a
// legal chess position in the ways that matter to move generation and the rules: a missing or
// extra king, pawns on the first or last rank, more material than promotions can explain, an en
// passant square without the pawn that just moved, and the side not to move in check.
// Castling rights whose king and rook are not on their original squares are dropped, not an
// error (rules.md section 1); an en passant square is kept only when a legal en passant capture
// exists.
func (s Setup) Position() (Position, error) {
	p, unreachable, err := s.Playable()
	if unreachable != nil {
		return p, unreachable // the first problem found, as before Playable was split off
	}
	return p, err
}

// Playable is Position for a setup no game need have reached: it accepts more material than 8
// pawns and their promotions explain, reporting that reason as unreachable (nil when the
// material is explained), since legal moves can still be played from it (the canmate command
// answers such positions, as the reference tools do). Every other test of Position applies, and
// one more: a setup whose men could have more moves than a MoveList holds (unreachable ones
// only: no game's position has more than 218) is an error. When err is not nil, unreachable
// still says whether a colour's material, tested before err's problem, was unexplained.
func (s Setup) Playable() (p Position, unreachable, err error) {
	for sq, pc := range s.Board {
		if pc == NoPiece {
			continue
		}
		if pc.Role() < Pawn || pc.Role() > King || pc.Color() > Black {
			return p, unreachable, fenErr("placement", "", "invalid piece code on "+Square(sq).String())
		}
		p.put(pc.Color(), pc.Role(), Square(sq))
	}
	for _, c := range []Color{White, Black} {
		if n := bits.OnesCount64(p.Pieces(c, King)); n != 1 {
			return p, unreachable, fenErr("placement", "", c.String()+" has "+strconv.Itoa(n)+" kings, want 1")
		}
		if unreachable == nil && !p.materialExplained(c) {
			unreachable = fenErr("placement", "", c.String()+" has more material than 8 pawns and their promotions")
		}
		if p.mobilityBound(c) > len(MoveList{}.Moves) {
			return p, unreachable, fenErr("placement", "", c.String()+" has more men than move generation allows")
		}
	}
	if p.byRole[Pawn]&(rank1|rank8) != 0 {
		return p, unreachable, fenErr("placement", "", "pawn on the first or last rank")
	}
	if s.Turn > Black {
		return p, unreachable, fenErr("side to move", "", "invalid colour")
	}
	p.turn = s.Turn
	if s.HalfmoveClock < 0 || s.HalfmoveClock > maxClock {
		return p, unreachable, fenErr("halfmove clock", strconv.Itoa(s.HalfmoveClock), "out of range")
	}
	if s.FullmoveNumber < 0 || s.FullmoveNumber > maxClock {
		return p, unreachable, fenErr("fullmove number", strconv.Itoa(s.FullmoveNumber), "out of range")
	}
	p.halfmove = int32(s.HalfmoveClock)
	p.fullmove = int32(max(s.FullmoveNumber, 1))

	// Castling: keep a right only while its king and rook stand on their original squares.
	if err := p.setupCastling(&s); err != nil {
		return p, unreachable, err
	}

	if p.attacked(p.kingSquare(p.turn^1), p.turn, p.occupied(), 0) {
		return p, unreachable, fenErr("position", "", "the side not to move ("+p.turn.Other().String()+") is in check")
	}

	p.ep = NoSquare
	if ep := s.EnPassant; ep != NoSquare {
		if ep < 0 || ep > 63 {
			return p, unreachable, fenErr("en passant", "", "square out of range")
		}
		wantRank, pushed, origin := 5, ep-8, ep+8
		if p.turn == Black {
			wantRank, pushed, origin = 2, ep+8, ep-8
		}
		them := p.turn ^ 1
		if ep.Rank() != wantRank || p.board[ep] != NoPiece || p.board[origin] != NoPiece ||
			p.board[pushed] != MakePiece(them, Pawn) {
			return p, unreachable, fenErr("en passant", ep.String(), "no "+them.String()+" pawn can just have made a double step past it")
		}
		if p.epCapturable(ep) {
			p.ep = ep
		}
	}
	p.rightsKey = castleKey(p.castling, p.castleRooks)
	p.key = p.computeKey()
	return p, unreachable, nil
}

// materialExplained reports whether c's men are at most 8 pawns and their promotions: a
// queen beyond the first, a rook, bishop or knight beyond the second, each takes a pawn.
func (p *Position) materialExplained(c Color) bool {
	pawns := bits.OnesCount64(p.Pieces(c, Pawn))
	promoted := max(0, bits.OnesCount64(p.Pieces(c, Queen))-1) +
		max(0, bits.OnesCount64(p.Pieces(c, Rook))-2) +
		max(0, bits.OnesCount64(p.Pieces(c, Bishop))-2) +
		max(0, bits.OnesCount64(p.Pieces(c, Knight))-2)
	return pawns <= 8 && pawns+promoted <= 8
}

// mobilityBound is an upper bound on the legal moves of c's men in any position with them: a
// queen reaches at most 27 squares, a rook 14, a bishop 13, a knight 8, a pawn 12 (three
// squares, four promotions each) and the king 8 and two castlings.
func (p *Position) mobilityBound(c Color) int {
	n := 10
	for r, most := range [...]int{Pawn: 12, Knight: 8, Bishop: 13, Rook: 14, Queen: 27} {
		n += most * bits.OnesCount64(p.Pieces(c, Role(r)))
	}
	return n
}

// FromFEN parses and validates a FEN: ParseFEN followed by Setup.Position. KQkq are read as
// standard chess reads them; see FromFEN960 for a Chess960 game.
func FromFEN(fen string) (Position, error) {
	s, err := ParseFEN(fen)
	if err != nil {
		return Position{}, err
	}
	return s.Position()
}

// FromFEN960 is FromFEN for a Chess960 game: KQkq name the outermost rook on their side of the
// king (X-FEN), as do file letters in either function.
func FromFEN960(fen string) (Position, error) {
	s, err := ParseFEN(fen)
	if err != nil {
		return Position{}, err
	}
	s.Chess960 = true
	return s.Position()
}

// AppendFEN appends the FEN of p to dst. The en passant field is written only when a legal en
// passant capture exists (as Identity counts it), so equal identities give equal first four
// fields. The castling field is X-FEN (see appendCastling): the same as standard FEN for a
// standard position.
func (p *Position) AppendFEN(dst []byte) []byte {
	// Placement, rank by rank, from the occupancy: a step per piece rather than a branch per
	// square (findings carry a FEN each, and the per-square loop cost 300 ns).
	var buf [8*8 + 7]byte
	n := 0
	occ := p.occupied()
	for rank := 7; rank >= 0; rank-- {
		file := 0
		for row := uint8(occ >> (8 * rank)); row != 0; row &= row - 1 {
			f := bits.TrailingZeros8(row)
			if f > file {
				buf[n] = byte('0' + f - file)
				n++
			}
			buf[n] = pieceLetters[p.board[rank*8+f]]
			n++
			file = f + 1
		}
		if file < 8 {
			buf[n] = byte('0' + 8 - file)
			n++
		}
		if rank > 0 {
			buf[n] = '/'
			n++
		}
	}
	dst = append(dst, buf[:n]...)
	if p.turn == White {
		dst = append(dst, " w "...)
	} else {
		dst = append(dst, " b "...)
	}
	dst = p.appendCastling(dst)
	dst = append(dst, ' ')
	if p.ep == NoSquare {
		dst = append(dst, '-')
	} else {
		dst = append(dst, byte('a'+p.ep.File()), byte('1'+p.ep.Rank()))
	}
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(p.halfmove), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(p.fullmove), 10)
	return dst
}

// pieceLetters maps a Piece (MakePiece: the role, plus 8 for Black) to its FEN letter.
var pieceLetters = [16]byte{
	1: 'P', 2: 'N', 3: 'B', 4: 'R', 5: 'Q', 6: 'K',
	9: 'p', 10: 'n', 11: 'b', 12: 'r', 13: 'q', 14: 'k',
}

// FEN returns the FEN of p (see AppendFEN).
func (p *Position) FEN() string { return string(p.AppendFEN(nil)) }

package audit

import (
	"errors"
	"strconv"

	"github.com/pgnscan/pgnscan/internal/board"
	"github.com/pgnscan/pgnscan/internal/pgn"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/scan"
)

// The kinds of fault. Every *Error unwraps to one of them, so that errors.Is tells them apart
// without reading messages; Open's and the options' errors wrap ErrInput and ErrOption.
var (
	// ErrSyntax: a game's text is not PGN (a malformed tag, an unclosed comment or variation,
	// a character no token starts with), or the input ends inside a game.
	ErrSyntax = errors.New("not PGN")
	// ErrMove: a move is not legal in its position, is ambiguous, or is not SAN.
	ErrMove = errors.New("move cannot be played")
	// ErrFEN: a FEN (a game's FEN tag, or CanMate's) is not a legal position, or a Chess960
	// game has no FEN tag.
	ErrFEN = errors.New("invalid FEN")
	// ErrVariant: a game of a variant other than standard chess and Chess960.
	ErrVariant = errors.New("unsupported variant")
	// ErrInput: an input does not exist, cannot be opened, or cannot be read to its end (a
	// damaged compressed stream, bytes that are not text).
	ErrInput = errors.New("input failed")
	// ErrOption: an option has a value it does not take (an unknown edition, a side other
	// than white or black).
	ErrOption = errors.New("bad option")
)

// Error is a fault in a game or an input, or in a FEN given to CanMate: where it is and why.
// It unwraps to one of ErrSyntax, ErrMove, ErrFEN, ErrVariant and ErrInput, and to Err.
type Error struct {
	Source string // the input, as Game.Source names it; "" for CanMate's FEN
	Game   int64  // 0-based index of the game in its source; -1 when the fault is not a game's
	Line   int64  // 1-based line of the fault in the source's decompressed stream; 0 when unknown
	Ply    int    // the half-move that could not be played (1 for the first); 0 when the fault lies before the moves
	Err    error  // what is wrong, without the place
	kind   error  // the ErrXxx the error unwraps to
}

// Error formats the error as "audit: SOURCE:LINE: game N, ply P: what is wrong", leaving out
// what is unknown.
func (e *Error) Error() string {
	b := []byte("audit: ")
	if e.Source != "" {
		b = append(b, e.Source...)
		if e.Line > 0 {
			b = append(b, ':')
			b = strconv.AppendInt(b, e.Line, 10)
		}
		b = append(b, ": "...)
	}
	if e.Game >= 0 {
		b = append(b, "game "...)
		b = strconv.AppendInt(b, e.Game, 10)
		if e.Ply > 0 {
			b = append(b, ", ply "...)
			b = strconv.AppendInt(b, int64(e.Ply), 10)
		}
		b = append(b, ": "...)
	}
	if e.Err != nil {
		b = append(b, e.Err.Error()...)
	} else {
		b = append(b, e.kind.Error()...)
	}
	return string(b)
}

// Unwrap returns the kind of fault (ErrSyntax, ErrMove, ...) and Err.
func (e *Error) Unwrap() []error { return []error{e.kind, e.Err} }

// gameError is the *Error of a game not read whole: its errors row and the fault behind it.
func gameError(row *report.Error, fault error) *Error {
	e := &Error{Source: row.Source, Game: row.GameIndex, Line: row.Line, Err: fault, kind: faultKind(fault)}
	if row.Ply.Valid {
		e.Ply = int(row.Ply.Int32)
	}
	var se *pgn.SyntaxError
	if errors.As(fault, &se) && se.Err != nil { // its place is the Error's
		e.Err = se.Err
	}
	return e
}

// faultKind classifies a game's fault.
func faultKind(fault error) error {
	switch {
	case errors.Is(fault, board.ErrUnsupportedVariant):
		return ErrVariant
	case errors.Is(fault, board.ErrInvalidFEN), errors.Is(fault, scan.ErrChess960WithoutFEN):
		return ErrFEN
	case errors.Is(fault, board.ErrIllegalMove), errors.Is(fault, board.ErrAmbiguousMove), errors.Is(fault, board.ErrMalformedSAN):
		return ErrMove
	}
	return ErrSyntax
}

// inputError is the *Error of an input that failed.
func inputError(in *report.Input) *Error {
	return &Error{Source: in.Name, Game: -1, Err: errors.New(in.Err), kind: ErrInput}
}

package pgn

import (
	"bytes"
	"errors"
	"strconv"
	"unicode/utf8"
)

// Sentinel errors. A [*SyntaxError] unwraps to one of them, so callers can classify faults with
// errors.Is without parsing messages.
var (
	// ErrTag: a tag pair is malformed (no name, no quoted value, or no closing bracket).
	ErrTag = errors.New("malformed tag pair")
	// ErrComment: a { comment is not closed before the game ends.
	ErrComment = errors.New("unterminated comment")
	// ErrVariation: a ( variation is not closed before the game ends, or a ) closes nothing.
	ErrVariation = errors.New("unbalanced variation")
	// ErrNAG: a $ is not followed by a number from 0 to 255.
	ErrNAG = errors.New("malformed NAG")
	// ErrToken: a character that cannot start any movetext token.
	ErrToken = errors.New("unexpected character")
	// ErrAfterResult: a move follows the game's result token.
	ErrAfterResult = errors.New("move after the result")
	// ErrTruncated: the stream ends inside a game (no result token, an open comment, or a tag
	// section without movetext): typically a file cut off mid-game.
	ErrTruncated = errors.New("input ends inside a game")
	// ErrGameTooLong: a game is longer than SplitterOptions.MaxGameSize; its start is delivered
	// with this error and the rest is skipped up to the next tag line.
	ErrGameTooLong = errors.New("game too long")
)

// SyntaxError reports a fault in one game. It names where the fault is and the offending bytes.
type SyntaxError struct {
	Source  string // the input the game came from, as given to the Splitter
	Game    int64  // 0-based index of the game in its source
	Line    int64  // 1-based line of the fault in the decompressed stream
	Column  int    // 1-based byte column of the fault in that line
	Offset  int64  // byte offset of the fault in the decompressed stream
	Excerpt string // at most 80 bytes of the line around the fault, as valid UTF-8
	Err     error  // one of the ErrXxx sentinels, or the caller's error (see Tokenizer.ErrorAt)
}

// Error formats the error as "pgn: source:line:col: game N: message: near "excerpt"".
func (e *SyntaxError) Error() string {
	b := make([]byte, 0, 96+len(e.Excerpt))
	b = append(b, "pgn: "...)
	if e.Source != "" {
		b = append(b, e.Source...)
		b = append(b, ':')
	}
	b = strconv.AppendInt(b, e.Line, 10)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(e.Column), 10)
	b = append(b, ": game "...)
	b = strconv.AppendInt(b, e.Game, 10)
	b = append(b, ": "...)
	if e.Err != nil {
		b = append(b, e.Err.Error()...)
	} else {
		b = append(b, "syntax error"...)
	}
	if e.Excerpt != "" {
		b = append(b, ": near "...)
		b = strconv.AppendQuote(b, e.Excerpt)
	}
	return string(b)
}

// Unwrap returns the sentinel (or caller) error.
func (e *SyntaxError) Unwrap() error { return e.Err }

// excerptBefore and excerptAfter bound the excerpt around a fault (80 bytes in all, as the
// errors output asks).
const (
	excerptBefore = 30
	excerptAfter  = 50
)

// position locates byte off of data, whose first byte is at stream line line0, column col0
// (1-based). It returns the line and column of off. It counts line ends (LF, CRLF, lone CR) and
// is used only on error paths.
func position(data []byte, off int, line0 int64, col0 int) (line int64, col int) {
	line, lineStart := line0, 0
	for i := 0; i < off && i < len(data); i++ {
		switch data[i] {
		case '\n':
			line++
			lineStart = i + 1
		case '\r':
			if i+1 < len(data) && data[i+1] == '\n' {
				continue // counted at the LF
			}
			line++
			lineStart = i + 1
		}
	}
	col = off - lineStart + 1
	if lineStart == 0 {
		col += col0 - 1
	}
	return line, col
}

// excerpt returns the bytes of data's line around off (at most 80), as valid UTF-8 with tabs
// shown as spaces.
func excerpt(data []byte, off int) string {
	if off > len(data) {
		off = len(data)
	}
	lo := off - excerptBefore
	if lo < 0 {
		lo = 0
	}
	if i := bytes.LastIndexAny(data[lo:off], "\r\n"); i >= 0 {
		lo += i + 1
	}
	hi := off + excerptAfter
	if hi > len(data) {
		hi = len(data)
	}
	if i := bytes.IndexAny(data[off:hi], "\r\n"); i >= 0 {
		hi = off + i
	}
	b := data[lo:hi]
	// Do not cut a UTF-8 sequence in two at either edge.
	for n := 0; n < 3 && len(b) > 0 && !utf8.RuneStart(b[0]); n++ {
		b = b[1:]
	}
	if len(b) > 0 {
		for n := 1; n <= 3 && n <= len(b); n++ {
			c := b[len(b)-n]
			if c < utf8.RuneSelf {
				break
			}
			if utf8.RuneStart(c) {
				if !utf8.FullRune(b[len(b)-n:]) {
					b = b[:len(b)-n]
				}
				break
			}
		}
	}
	out := AppendText(make([]byte, 0, len(b)+8), b)
	for i, c := range out {
		if c == '\t' {
			out[i] = ' '
		}
	}
	return string(out)
}

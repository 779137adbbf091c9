package report

import (
	"strings"
	"unicode/utf8"
)

// Bounds on the text pgnscan copies from a fault into its outputs. One bad token of 50 MB once
// became a 50 MB message on standard error, in the errors and games tables and in the Parquet
// metadata; these bounds keep every copy small whatever the input.
const (
	// MaxExcerpt is the longest excerpt column, in bytes (cli-and-output.md: at most 80 bytes
	// around the fault).
	MaxExcerpt = 80
	// MaxMessage is the longest message kept in a row (message, error), in the summary and in
	// the Parquet metadata, in bytes: room for every message pgnscan writes with a long SAN
	// token or file name in it, and no more.
	MaxMessage = 512
)

// ellipsis ends a text that Clip cut.
const ellipsis = "…"

// Clip returns s as valid UTF-8 (each invalid byte replaced by U+FFFD) and at most n bytes
// long: a longer text is cut at a character boundary and ends with "…", within n. The result
// never shares memory with a long s, so that a cut text does not keep the original alive.
func Clip(s string, n int) string {
	if len(s) <= n && utf8.ValidString(s) {
		return s
	}
	prefix := s[:min(len(s), n+utf8.UTFMax)] // enough to cut from
	v := strings.ToValidUTF8(prefix, "\uFFFD")
	if len(prefix) == len(s) && len(v) <= n {
		return strings.Clone(v)
	}
	end := min(len(v), max(n-len(ellipsis), 0))
	for end > 0 && end < len(v) && !utf8.RuneStart(v[end]) {
		end--
	}
	return v[:end] + ellipsis
}

// clipError returns e, or a copy with its message and excerpt clipped when they are too long.
func clipError(e *Error) *Error {
	if len(e.Message) <= MaxMessage && len(e.Excerpt) <= MaxExcerpt && utf8.ValidString(e.Message) && utf8.ValidString(e.Excerpt) {
		return e
	}
	c := *e
	c.Message, c.Excerpt = Clip(e.Message, MaxMessage), Clip(e.Excerpt, MaxExcerpt)
	return &c
}

// clipGame returns g, or a copy with its error clipped when it is too long.
func clipGame(g *Game) *Game {
	if len(g.Error) <= MaxMessage && utf8.ValidString(g.Error) {
		return g
	}
	c := *g
	c.Error = Clip(g.Error, MaxMessage)
	return &c
}

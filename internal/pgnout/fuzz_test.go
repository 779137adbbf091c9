package pgnout

import (
	"bytes"
	"regexp"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
)

// added matches what Append adds: the tag line and each comment with the
// space beside it; firstTag the tag line of a game without tags, which a
// blank line follows.
var (
	added    = regexp.MustCompile(`\[PgnscanFindings "[^"]*"\]\r?\n| \{pgnscan: [^}]*\}|\{pgnscan: [^}]*\} `)
	firstTag = regexp.MustCompile(`^\[PgnscanFindings "[^"]*"\]\r?\n\r?\n`)
)

// FuzzAppend annotates arbitrary bytes at arbitrary plies: it must not panic,
// and taking out what it added must give back the game byte for byte.
func FuzzAppend(f *testing.F) {
	f.Add([]byte(game), int32(3), int32(8))
	f.Add([]byte("1. e4 e5 *"), int32(0), int32(9))
	f.Add([]byte("[Event \"x\"]\r\n\r\n1. e4 {a} (1. d4 {b}) e5 $1 2. Nf3!? 1-0"), int32(2), int32(1))
	f.Add([]byte("\xef\xbb\xbf1. e4"), int32(0), int32(1))
	f.Fuzz(func(t *testing.T, data []byte, p1, p2 int32) {
		if bytes.Contains(data, []byte("pgnscan")) || bytes.Contains(data, []byte("Pgnscan")) {
			return // the input would match the pattern of what is added
		}
		fs := []*report.Finding{
			{Edition: "fide2017", Article: "9.2.1.1", Rule: "threefold", Kind: "on_board", Ply: max(p1, 0), Side: "white", Missed: true},
			{Edition: "lichess", Article: "9.6.1", Rule: "fivefold", Kind: "automatic", Ply: max(p2, 0), MandatedResult: "1/2-1/2"},
		}
		out := Append(nil, data, fs, &testNames)
		nl := "\n"
		if bytes.Contains(data, []byte("\r\n")) {
			nl = "\r\n"
		}
		back := added.ReplaceAll(firstTag.ReplaceAll(out, nil), nil)
		if want := append(append([]byte{}, data...), nl+nl...); !bytes.Equal(back, want) {
			t.Fatalf("annotated:\n%q\nstripped:\n%q\nwant:\n%q", out, back, want)
		}
		if n := bytes.Count(out, []byte("{pgnscan: ")); n != 2 {
			t.Fatalf("%d comments in %q", n, out)
		}
	})
}

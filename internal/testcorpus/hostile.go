package testcorpus

import (
	"bytes"
	"fmt"
	"math/rand/v2"
)

// HostileText returns a PGN text built to test where the splitter starts games: a byte-order
// mark, CRLF, LF and lone-CR line ends, tag sections that begin at [White (no [Event), games
// without tags, '%' escape and ';' comment lines, comments that span lines and hold lines
// beginning with '[', an unclosed '{' that a later '}' closes over a tag section, and one that
// no '}' closes before an [Event line, or within 64 KiB.
func HostileText(rng *rand.Rand) []byte {
	var b bytes.Buffer
	b.WriteString("\xEF\xBB\xBF")
	eol := func() string { return [...]string{"\n", "\r\n", "\r"}[rng.IntN(3)] }
	for i := 0; b.Len() < 300<<10; i++ {
		nl := eol()
		switch rng.IntN(9) {
		case 0, 1: // an ordinary game
			res := [...]string{"1-0", "1/2-1/2"}[rng.IntN(2)] // a mate scored as a draw is a finding
			fmt.Fprintf(&b, "[Event \"g%d\"]%s[White \"a\"]%s[Black \"b\"]%s[Result \"%s\"]%s%s1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# %s%s%s", i, nl, nl, nl, res, nl, nl, res, nl, nl)
		case 2: // tags without [Event
			fmt.Fprintf(&b, "[White \"w%d\"]%s[Black \"b\"]%s%s1. d4 d5 1/2-1/2%s%s", i, nl, nl, nl, nl, nl)
		case 3: // two games without tags
			fmt.Fprintf(&b, "1. e4 e5 0-1%s%s1. c4 c5 *%s%s", nl, nl, nl, nl)
		case 4: // escape and comment lines, a comment over lines with a '[' line in it
			fmt.Fprintf(&b, "%%escape [Event \"no\"]%s; comment [Event%s[Event \"c%d\"]%s%s1. e4 {a comment%s[b] not a tag%s} e5 *%s%s", nl, nl, i, nl, nl, nl, nl, nl, nl)
		case 5: // an unclosed brace closed by a later game's movetext, over its [White tags
			fmt.Fprintf(&b, "[Event \"u%d\"]%s%s1. e4 {never closed%s%s[White \"x\"]%s%s1. d4 } d5 *%s%s", i, nl, nl, nl, nl, nl, nl, nl, nl)
		case 6: // an unclosed brace that an [Event line ends
			fmt.Fprintf(&b, "[Event \"v%d\"]%s%s1. e4 { open%s%s", i, nl, nl, nl, nl)
		case 7: // a tag section with no movetext, then a game
			fmt.Fprintf(&b, "[Event \"t%d\"]%s[Site \"?\"]%s%s", i, nl, nl, nl)
		case 8:
			if rng.IntN(8) == 0 { // an unclosed brace over more than 64 KiB of [White-only games
				fmt.Fprintf(&b, "[Event \"w%d\"]%s%s1. e4 { lost%s%s", i, nl, nl, nl, nl)
				for n := b.Len(); b.Len()-n < 70<<10; {
					fmt.Fprintf(&b, "[White \"q\"]%s%s1. e4 *%s%s", nl, nl, nl, nl)
				}
			}
		}
	}
	b.WriteString("[Event \"last\"]\n\n1. e4 {cut short")
	return b.Bytes()
}

package scan

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// hostileText returns a PGN text built to test where the splitter starts games: a byte-order
// mark, CRLF, LF and lone-CR line ends, tag sections that begin at [White (no [Event), games
// without tags, '%' escape and ';' comment lines, comments that span lines and hold lines
// beginning with '[', an unclosed '{' that a later '}' closes over a tag section, and one that
// no '}' closes before an [Event line, or within 64 KiB.
func hostileText(rng *rand.Rand) []byte {
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

// lineStarts returns the offsets of the lines of text that begin with '[', '%', ';', '{' or a
// digit: where cuts test the splitter hardest (at such a line, or a byte either side).
func lineStarts(text []byte) []int64 {
	var out []int64
	for i := range text {
		if (i == 0 || text[i-1] == '\n' || text[i-1] == '\r') && strings.IndexByte("[%;{1", text[i]) >= 0 {
			out = append(out, int64(i))
		}
	}
	return out
}

// TestShardsHostile: a hostile text (see hostileText), as a plain file and as frames, cut into
// shards at many offsets (most at or a byte off a line that may start a game): every game
// once, with the rows, game_index and game_offset of the whole scan, read from byte 0 or, once
// counted, from each shard's own range.
func TestShardsHostile(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 18))
	text := hostileText(rng)
	dir := t.TempDir()
	starts := lineStarts(text)

	plain := source(t, dir, "hostile.pgn", text)
	plain.Name = plain.Path // as Shard.Source names it
	whole, err := pqRun(t, 2, 0, plain)
	if err != nil {
		t.Fatal(err)
	}
	if whole.out.Summary.GamesWithErrors() == 0 || whole.out.Summary.Games() < 1000 {
		t.Fatalf("the hostile text gives %d games, %d with errors: not hostile enough", whole.out.Summary.Games(), whole.out.Summary.GamesWithErrors())
	}
	for _, cuts := range cutSets(rng, plain.Size, starts, 4, 12) {
		scanShards(t, plain, ShardText, whole, cuts)
	}

	var textCuts []int
	for _, c := range cutSets(rng, int64(len(text)), starts, 1, 24)[0] {
		textCuts = append(textCuts, int(c))
	}
	data, frameStarts := framesAt(t, text, textCuts)
	frames := source(t, dir, "hostile.pgn.zst", data)
	frames.Name = frames.Path
	whole, err = pqRun(t, 2, 0, frames)
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range cutSets(rng, int64(len(frameStarts)), nil, 4, 8) {
		var cuts []int64
		for _, f := range set {
			cuts = append(cuts, frameStarts[f])
		}
		scanShards(t, frames, ShardFrames, whole, cuts)
	}
}

// TestShardsInsideAGame: shards that lie wholly inside one long game own no game, and the
// shard after them still starts at the game that follows, counted or not, text or frames.
func TestShardsInsideAGame(t *testing.T) {
	long := "[Event \"long\"]\n\n1. e4 {" + strings.Repeat("a long comment\n", 4000) + "} e5 *\n\n"
	text := []byte("[Event \"a\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1/2-1/2\n\n" + long +
		"[Event \"c\"]\n[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2\n")
	dir := t.TempDir()
	plain := source(t, dir, "long.pgn", text)
	plain.Name = plain.Path
	whole, err := pqRun(t, 2, 0, plain)
	if err != nil {
		t.Fatal(err)
	}
	if n := whole.out.Summary.Games(); n != 3 {
		t.Fatalf("%d games, want 3", n)
	}
	in := int64(bytes.Index(text, []byte("[Event \"long\"]"))) + 100
	scanShards(t, plain, ShardText, whole, []int64{in, in + 20000, in + 40000, plain.Size - 3})

	data, starts := framesAt(t, text, []int{int(in), int(in) + 20000, int(in) + 40000, len(text) - 3})
	frames := source(t, dir, "long.pgn.zst", data)
	frames.Name = frames.Path
	if whole, err = pqRun(t, 2, 0, frames); err != nil {
		t.Fatal(err)
	}
	scanShards(t, frames, ShardFrames, whole, starts[1:])
}

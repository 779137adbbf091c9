package scan

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

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

// TestShardsHostile: a hostile text (see testcorpus.HostileText), as a plain file and as frames, cut into
// shards at many offsets (most at or a byte off a line that may start a game): every game
// once, with the rows, game_index and game_offset of the whole scan, read from byte 0 or, once
// counted, from each shard's own range.
func TestShardsHostile(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 18))
	text := testcorpus.HostileText(rng)
	dir := t.TempDir()
	starts := lineStarts(text)

	plain := source(t, dir, "hostile.pgn", text)
	plain.Name = plain.Path // as input.Shard.Source names it
	whole, err := pqRun(t, 2, 0, plain)
	if err != nil {
		t.Fatal(err)
	}
	if whole.out.Summary.GamesWithErrors() == 0 || whole.out.Summary.Games() < 1000 {
		t.Fatalf("the hostile text gives %d games, %d with errors: not hostile enough", whole.out.Summary.Games(), whole.out.Summary.GamesWithErrors())
	}
	for _, cuts := range cutSets(rng, plain.Size, starts, 4, 12) {
		scanShards(t, plain, input.ShardText, whole, cuts)
	}

	var textCuts []int
	for _, c := range cutSets(rng, int64(len(text)), starts, 1, 24)[0] {
		textCuts = append(textCuts, int(c))
	}
	data, frameStarts := testcorpus.FramesAt(t, text, textCuts)
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
		scanShards(t, frames, input.ShardFrames, whole, cuts)
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
	scanShards(t, plain, input.ShardText, whole, []int64{in, in + 20000, in + 40000, plain.Size - 3})

	data, starts := testcorpus.FramesAt(t, text, []int{int(in), int(in) + 20000, int(in) + 40000, len(text) - 3})
	frames := source(t, dir, "long.pgn.zst", data)
	frames.Name = frames.Path
	if whole, err = pqRun(t, 2, 0, frames); err != nil {
		t.Fatal(err)
	}
	scanShards(t, frames, input.ShardFrames, whole, starts[1:])
}

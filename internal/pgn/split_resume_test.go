package pgn

import (
	"bytes"
	"errors"
	"testing"
)

// splitFrom splits data[from:], the rest of a stream from a game start, told where it stands
// (offset, index, line), and returns its games as fuzzSplit does.
func splitFrom(t *testing.T, data []byte, size int, from fuzzGame, index int64) []fuzzGame {
	r := NewReader(bytes.NewReader(data[from.off:]), SplitterOptions{ChunkSize: size, MaxGameSize: 1 << 20,
		Offset: from.off, Index: index, Line: from.line})
	var out []fuzzGame
	for r.Next() {
		g, b := r.Game(), r.Bytes()
		if g.Index != index+int64(len(out)) {
			t.Fatalf("game %d of the rest has index %d, want %d", len(out), g.Index, index+int64(len(out)))
		}
		var msg string
		var se *SyntaxError
		if errors.As(g.Err, &se) {
			msg = se.Error()
		}
		out = append(out, fuzzGame{g.Offset, g.Line, len(b), msg})
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// FuzzSplitFromGame checks what a shard's scan relies on (input.ShardStart): a splitter started
// at any game that the split of the whole stream found, told that game's offset, index and
// line, finds the rest of the games exactly as the whole split does, offsets, lines, lengths
// and faults (their messages name game, line and column) included.
func FuzzSplitFromGame(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s), uint16(0), uint16(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, size, pick uint16) {
		chunk := minChunkSize + int(size%512)
		ref := fuzzSplit(t, data, chunk)
		if len(ref) == 0 {
			return
		}
		i := int(pick) % len(ref)
		got := splitFrom(t, data, chunk, ref[i], int64(i))
		want := ref[i:]
		if len(got) != len(want) {
			t.Fatalf("from game %d: %d games, the whole split has %d from there", i, len(got), len(want))
		}
		for k := range want {
			if got[k] != want[k] {
				t.Fatalf("from game %d, game %d: %+v, the whole split's %+v", i, i+k, got[k], want[k])
			}
		}
	})
}

package pgn

import (
	"bytes"
	"io"
	"testing"
)

// TestChunkGameCap: a chunk holds at most one game per gameSpan bytes of its buffer, so that
// its list of games stays smaller than its bytes (issue 14 item 2: 4 MiB of "1. e4 *" made a
// list of 466,000 games, 26 MB, per chunk); no game is lost or reordered at the cut.
func TestChunkGameCap(t *testing.T) {
	const size, n = 4096, 10_000
	in := bytes.Repeat([]byte("1. e4 *\n\n"), n)
	sp := NewSplitter(bytes.NewReader(in), SplitterOptions{ChunkSize: size})
	next := int64(0)
	for {
		c, err := sp.Next()
		if c != nil {
			if len(c.Games) > size/gameSpan {
				t.Fatalf("chunk %d holds %d games, at most %d allowed", c.Seq, len(c.Games), size/gameSpan)
			}
			for i := range c.Games {
				g := &c.Games[i]
				if g.Index != next || g.Offset != 9*next || string(c.GameBytes(i)) != "1. e4 *" || g.Err != nil {
					t.Fatalf("game %d: index %d offset %d %q %v", next, g.Index, g.Offset, c.GameBytes(i), g.Err)
				}
				next++
			}
			c.Release()
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if next != n {
		t.Errorf("%d games, want %d", next, n)
	}
}

package input

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/pgnscan/pgnscan/internal/pgn"
)

// CountShards fills in First for the shards of one file (text or frames shards, as Plan
// returns them: in order, each starting where the one before ends), so that a scan of each
// reads only its own range and what it needs past its end to finish its last game: scanning
// all the shards then costs one reading of the file, not one per shard.
//
// It makes one pass over the whole file with the splitter a scan uses (decoding the frames of a
// multi-frame zstd file with up to workers decoders, splitting without analysing), and records
// for each shard the first game that starts at or after its first byte: its index, offset and
// line, and for frames the decompressed offset of the shard's first frame. This is the exact
// method (a counting pass and a prefix sum of the games before each shard), not a guess from
// the bytes near a cut: where games start depends on everything before (a comment left open, a
// tag section without [Event), and only the splitter's own pass over it knows (see
// ShardStart for why the handover is exact). A shard whose games all lie past the file's last
// game start records the game count of the file and the end of the stream. Whole shards are
// left as they are. r reads the file, of size bytes; the error of a file that cannot be read or
// decoded names it.
//
// With workers above 1 the pass is split among the shards (see countParallel), with the same
// result; with 1, or to report a file that cannot be read or decoded, it is one splitter over
// the whole file (countSequential).
func CountShards(ctx context.Context, r io.ReaderAt, size int64, shards []Shard, workers int) error {
	counted, err := countable(shards)
	if err != nil || len(counted) == 0 {
		return err
	}
	if workers > 1 && len(counted) > 1 {
		_, err := countParallel(ctx, r, size, counted, workers)
		if err == nil || ctx.Err() != nil {
			return err
		}
		// A file that fails to decode or read: the sequential pass reports the fault where a
		// scan of the whole file meets it first (the parallel counts read past the shards' ends
		// and may meet it elsewhere, or meet another first).
	}
	return countSequential(ctx, r, size, counted, workers)
}

// countable returns the shards to count (not the whole ones), or an error unless they are the
// shards of one file in order, each starting where the one before ends.
func countable(shards []Shard) ([]*Shard, error) {
	var counted []*Shard
	for i := range shards {
		if shards[i].Kind == ShardWhole {
			continue
		}
		if len(counted) > 0 && (shards[i].Path != counted[0].Path || shards[i].Start != counted[len(counted)-1].End) {
			return nil, fmt.Errorf("count: %s does not follow %s: count the shards of one file, in order", shards[i], counted[len(counted)-1])
		}
		counted = append(counted, &shards[i])
	}
	return counted, nil
}

// countSequential is CountShards as one pass of one splitter over the whole file, with up to
// workers frame decoders: the reference that countParallel must equal.
func countSequential(ctx context.Context, r io.ReaderAt, size int64, counted []*Shard, workers int) error {
	path := counted[0].Path
	src := Source{Name: displayName(path), Path: path, Size: size, File: r}
	stream, err := src.Open(OpenOptions{Workers: max(workers, 1)})
	if err != nil {
		return err
	}
	defer stream.Close()
	frames := counted[0].Kind == ShardFrames
	if err := kindMatches(stream, counted[0].Kind); err != nil {
		return err
	}
	c := newCounter(counted, frames)
	if frames {
		stream.frames.reached = c.reached
	}
	sp := pgn.NewSplitter(stream, pgn.SplitterOptions{Source: src.Name})
	if err := eachGame(ctx, sp, func(g pgn.Game) bool { c.game(g); return true }); err != nil {
		return err
	}
	c.end(stream.Decompressed())
	return nil
}

// eachGame gives fn the games of sp in order until fn returns false or the stream ends (both
// nil), or ctx or sp fails.
func eachGame(ctx context.Context, sp *pgn.Splitter, fn func(pgn.Game) bool) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		ch, err := sp.Next()
		if ch != nil {
			for _, g := range ch.Games {
				if !fn(g) {
					ch.Release()
					return nil
				}
			}
			ch.Release()
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// kindMatches reports an error unless stream, opened at a shard of kind text or frames, is of
// that kind: plain PGN, or multi-frame zstd.
func kindMatches(stream *Stream, kind ShardKind) error {
	frames := kind == ShardFrames
	if frames != (stream.frames != nil) || !frames && (stream.Compression != Plain || stream.Parquet) {
		return fmt.Errorf("count: %s: %w: the shards are %s shards, the file is %s", stream.Name, ErrCorrupt, kind, stream.Compression)
	}
	return nil
}

// counter finds the first game of each shard as the games of the whole file go by.
type counter struct {
	shards []*Shard
	dStart []int64 // decompressed offset of each shard's first byte; -1 until its frame is read
	next   int     // the first shard not yet given its first game
	games  int64   // games seen
	frame  int     // the next shard whose first frame is awaited
}

// newCounter returns the counter of shards, all text or all frames: a text shard's first byte
// is its Start, a frames shard's is learnt as its first frame is reached.
func newCounter(shards []*Shard, frames bool) *counter {
	c := &counter{shards: shards, dStart: make([]int64, len(shards))}
	for i, sh := range shards {
		c.dStart[i] = -1
		if !frames {
			c.dStart[i] = sh.Start
		}
	}
	return c
}

// reached notes a frame of the file as it is read.
func (c *counter) reached(off, d int64) {
	for c.frame < len(c.shards) && c.shards[c.frame].Start <= off {
		c.dStart[c.frame] = d
		c.frame++
	}
}

// game takes the next game of the file. The frame of a shard not yet reached lies past every
// byte read, so past g: only shards whose start is known can begin at or before g.
func (c *counter) game(g pgn.Game) {
	for c.next < len(c.shards) && c.dStart[c.next] >= 0 && g.Offset >= c.dStart[c.next] {
		c.shards[c.next].First = c.start(c.next, g.Index, g.Offset, g.Line)
		c.next++
	}
	c.games = g.Index + 1
}

// end gives the shards after the last game start the end of the stream, of total bytes.
func (c *counter) end(total int64) {
	for ; c.next < len(c.shards); c.next++ {
		if c.dStart[c.next] < 0 {
			c.dStart[c.next] = total
		}
		c.shards[c.next].First = c.start(c.next, c.games, max(total, c.dStart[c.next]), 1)
	}
}

// start returns the ShardStart of shard i whose first game is the given one.
func (c *counter) start(i int, index, offset, line int64) *ShardStart {
	f := &ShardStart{Index: index, Offset: offset, Line: line}
	if c.shards[i].Kind == ShardFrames {
		f.DStart = c.dStart[i]
	}
	return f
}

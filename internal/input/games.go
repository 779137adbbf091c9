package input

import (
	"errors"
	"fmt"
	"io"

	"github.com/pgnscan/pgnscan/internal/pgn"
)

// Games reads the games of one input in chunks: as a pgn.Splitter cuts its decompressed bytes,
// or as the rows of a Parquet file make them. For a shard's input (Source.Own) it keeps only
// the games the shard owns and says when the reading has gone past them. Next and Close belong
// to one goroutine; Release may be called from any, also after Close.
type Games struct {
	src     Source
	stream  *Stream
	own     *Owned // the range owned, nil for a whole input
	next    func() (*pgn.Chunk, error)
	parquet *parquetGames // nil unless the input is a Parquet file
	done    <-chan struct{}
	first   int64 // the index of the first game owned, once seen
	owning  bool  // a game owned was seen
}

// OpenGames opens src and readies it for Next. Its errors name the input, and the shard when
// src is one. The returned Games must be closed.
func OpenGames(src Source, opt OpenOptions) (*Games, error) {
	stream, err := src.Open(opt)
	if err != nil {
		return nil, src.shardError(err)
	}
	g := &Games{src: src, stream: stream, done: opt.Done}
	g.own, err = ownedIn(stream, src.Own)
	if err == nil {
		err = skipToFirst(stream, g.own)
	}
	if err != nil {
		stream.Close()
		return nil, src.shardError(err)
	}
	sopt := pgn.SplitterOptions{Source: src.Name, ChunkSize: opt.ChunkSize}
	if g.own != nil && g.own.First != nil {
		sopt.Offset, sopt.Index, sopt.Line = g.own.First.Offset, g.own.First.Index, g.own.First.Line
	}
	g.next = pgn.NewSplitter(stream, sopt).Next
	if stream.Parquet {
		pg, err := newParquetGames(stream, opt.ChunkSize)
		if err != nil {
			stream.Close()
			return nil, &InputError{Name: src.Name, Op: "decode", Offset: stream.CompressedBytes(), Err: err}
		}
		g.parquet, g.next = pg, pg.Next
	}
	return g, nil
}

// Next returns the next chunk of games, or nil when a chunk held none to keep, and reports
// whether the reading has gone past the games the input owns (so that no later chunk holds
// one). It returns io.EOF at the end of the input, or the error that stopped the reading after
// the games read before it. Once OpenOptions.Done is closed, a last game the reading cut short
// is dropped: the interrupt, not the input, ended it, so it is neither judged nor an error.
func (g *Games) Next() (c *pgn.Chunk, past bool, err error) {
	c, err = g.next()
	if c != nil && g.interrupted() {
		dropCutGame(c)
	}
	if c != nil && g.own != nil {
		past = keepOwned(c, g.own)
		if len(c.Games) > 0 && !g.owning {
			g.first, g.owning = c.Games[0].Index, true
		}
	}
	if c != nil && len(c.Games) == 0 {
		g.Release(c) // no game, or its only game was cut by the interrupt
		c = nil
	}
	if err != nil && err != io.EOF {
		err = g.src.shardError(err)
	}
	return c, past, err
}

// interrupted reports whether OpenOptions.Done is closed.
func (g *Games) interrupted() bool {
	select {
	case <-g.done:
		return true
	default:
		return false
	}
}

// Release gives back the buffer of a chunk that Next returned, once nothing reads it any more.
func (g *Games) Release(c *pgn.Chunk) {
	c.Release()
	if g.parquet != nil {
		g.parquet.recycle(c)
	}
}

// Skipped returns the index of the first game a shard owns, once Next has returned it: the
// games of the input before it belong to earlier shards. It is 0 for a whole input.
func (g *Games) Skipped() int64 { return g.first }

// Stream returns the input's stream, for its counters (progress).
func (g *Games) Stream() *Stream { return g.stream }

// Sizes returns the bytes of the input counted as read, as stored and decompressed. For a
// shard read to its end (whole), they are those of the range it owns, so that the counts of a
// file's shards add up to the file's; otherwise, what was read.
func (g *Games) Sizes(whole bool) (stored, decompressed int64) {
	if g.own != nil && whole {
		return g.own.sizes(g.stream)
	}
	return g.stream.CompressedBytes(), g.stream.Decompressed()
}

// Close closes the input.
func (g *Games) Close() {
	if g.parquet != nil {
		g.parquet.Close()
	}
	g.stream.Close()
}

// shardError names the shard in err when the input is one.
func (in Source) shardError(err error) error {
	if in.Own == nil {
		return err
	}
	return fmt.Errorf("shard %s: %w", in.Own.Shard, err)
}

// ownedIn returns the range of stream that own (a shard's, or nil) owns; for frames, one that
// the stream's frame decoder fills in as it is read.
func ownedIn(stream *Stream, own *Owned) (*Owned, error) {
	if own == nil || !own.Frames {
		return own, nil
	}
	m, ok := stream.markFrames(own.Start, own.End)
	if !ok {
		return nil, fmt.Errorf("%w: not a multi-frame zstd file (frames announced by skippable headers)", ErrCorrupt)
	}
	o := *own
	o.mark = m
	return &o, nil
}

// skipToFirst reads past the bytes of a shard's first frames that precede its first game
// (own.First), so that the splitter starts at that game. Nothing to skip for a text shard,
// whose reading starts at the game, or a shard read from byte 0.
func skipToFirst(stream *Stream, own *Owned) error {
	if own == nil || own.First == nil || !own.Frames {
		return nil
	}
	n := own.First.Offset - own.First.DStart
	if _, err := io.CopyN(io.Discard, stream, n); err != nil {
		if err == io.EOF {
			return fmt.Errorf("%w: the shard's frames decode to fewer than %d bytes, where its first game starts (a plan of another file?)", ErrCorrupt, n)
		}
		return err
	}
	return nil
}

// keepOwned removes from c the games that src's shard does not own, and reports whether c
// reaches past the shard, so that the reading can stop.
func keepOwned(c *pgn.Chunk, own *Owned) (past bool) {
	first, last := len(c.Games), len(c.Games)
	for i := range c.Games {
		in, beyond := own.owns(c.Games[i].Offset)
		if in && first == len(c.Games) {
			first = i
		}
		if beyond {
			last, past = i, true
			break
		}
	}
	c.Games = c.Games[min(first, last):last]
	return past
}

// dropCutGame removes from c a last game that the reading cut short, when the scan was
// interrupted: the interrupt, not the input, ended it, so it is neither judged nor an error.
func dropCutGame(c *pgn.Chunk) {
	if n := len(c.Games); n > 0 && errors.Is(c.Games[n-1].Err, pgn.ErrTruncated) {
		c.Games = c.Games[:n-1]
	}
}

package scan

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"golang.org/x/sync/errgroup"

	"github.com/pgnscan/pgnscan/internal/pgn"
)

// countParallel is CountShards with the pass split among the shards, up to workers at once,
// by speculation. Each shard but the first is counted on its own (tally), from a guess of its
// first game: the first line in its range that begins with "[Event ", where a fresh splitter
// starts a game. Shard 0 is counted from byte 0, which is exact. Then the tallies are stitched
// in order: a shard whose start is known (its predecessor's, stitched, found the first game at
// or after the shard's first byte) keeps its tally when the guess was that game, and is
// counted again from it otherwise (recount).
//
// Why the stitched result equals countSequential's: a tally counts with a fresh splitter from
// a game start. The splitter keeps no state across a game start (see ShardStart), so from a
// game start that the whole file's splitter also makes, a fresh splitter finds the same games
// at the same offsets, with line numbers that differ by a constant (it numbers from 1 where it
// starts). Shard 0's tally starts where the whole file's splitter does. By induction, shard
// i's true first game (the whole file's first game at or after its first byte) is the first
// game past its predecessor's end in the predecessor's exact tally; shard i's tally is used
// only when it starts at that game (else a recount does), so it is exact too, and the games
// and line numbers it hands on are the whole file's up to the constants, which the prefix
// sums of games and of line differences remove. A wrong guess (a game that begins with
// another tag, an [Event line that follows a tag line of its game) costs one recount of its
// shard; a guess is never trusted unchecked.
//
// It returns how many shards it counted again, for the tests.
func countParallel(ctx context.Context, r io.ReaderAt, size int64, counted []*Shard, workers int) (int, error) {
	tallies := make([]tally, len(counted))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(workers)
	for i, sh := range counted {
		g.Go(func() error {
			from := int64(-1) // guess
			if i == 0 {
				from = 0
			}
			var err error
			tallies[i], err = countShard(gctx, r, size, sh, from)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return 0, err
	}
	return stitch(ctx, r, size, counted, tallies)
}

// stitch fills in the counts of the shards from their tallies, in order, counting again a
// shard whose guess was wrong (see countParallel), and returns how many it counted again.
func stitch(ctx context.Context, r io.ReaderAt, size int64, counted []*Shard, tallies []tally) (recounts int, err error) {
	frames := counted[0].Kind == ShardFrames
	var dStart, index int64 // decompressed offset of the shard, games before it
	// The shard's true first game (-1: none) and its line, and the stream's length once known:
	// for shard 0, counted from byte 0, its tally's.
	next, line, total := tallies[0].first, tallies[0].firstLine, tallies[0].total
	for i, sh := range counted {
		t := tallies[i]
		base := int64(0) // the tallies' offsets are the file's for text, the shard's for frames
		if frames {
			base = dStart
		}
		f := &ShardStart{Index: index, Offset: next, Line: line}
		if frames {
			f.DStart = dStart
		}
		if next < 0 {
			f.Offset, f.Line = max(total, dStart), 1
		}
		sh.First = f
		end := base + t.end
		switch {
		case i == 0 || t.first >= 0 && base+t.first == next || t.first < 0 && next < 0:
			// the guess was the true start (shard 0: exact)
		case next < 0 || next >= end:
			t = tally{first: -1, next: -1, total: -1} // no game starts in the shard: hand the start on
		default:
			recounts++
			if t, err = countShard(ctx, r, size, sh, next-base); err != nil {
				return recounts, err
			}
			if base+t.first != next {
				return recounts, fmt.Errorf("count: %s: the recount from %d starts at %d", sh, next, base+t.first)
			}
		}
		if t.first >= 0 { // the shard's first game is next, at line f.Line
			index += t.games
			next, line = -1, 1
			if t.next >= 0 {
				next, line = base+t.next, f.Line+t.nextLine-t.firstLine
			}
		}
		if t.total >= 0 {
			total = base + t.total
		}
		dStart = end
	}
	return recounts, nil
}

// tally is the count of one shard by a fresh splitter started at a line start in it. Offsets
// are the file's for text and the shard's decompressed stream's (0 at its first byte) for
// frames; lines count from 1 where the splitter started.
type tally struct {
	first, firstLine int64 // the first game the splitter found; -1: none before the stream ended (or, for a guess, before the shard's end)
	games            int64 // the games from first on that start before the shard's end
	next, nextLine   int64 // the first game at or after the shard's end; -1: none
	end              int64 // the shard's end: its End for text, the decoded bytes of its frames
	total            int64 // the end of the stream, once read to it; -1 until then
}

// countShard counts the games of shard sh from offset from (in the tally's coordinates: see
// tally), a game start, or, when from is -1, from the first line in the shard that begins with
// "[Event ". It reads past the shard's end as far as the first game there.
func countShard(ctx context.Context, r io.ReaderAt, size int64, sh *Shard, from int64) (tally, error) {
	frames := sh.Kind == ShardFrames
	own := &Owned{Start: sh.Start, End: sh.End, Frames: frames, First: &ShardStart{Line: 1}}
	if !frames {
		own.First.Offset = sh.Start
	}
	src := Source{Name: displayName(sh.Path), Path: sh.Path, Size: size, File: r, Own: own}
	stream, err := src.Open(OpenOptions{Workers: 1, Done: ctx.Done()})
	if err != nil {
		return tally{}, err
	}
	defer stream.Close()
	if err := kindMatches(stream, sh.Kind); err != nil {
		return tally{}, err
	}
	if own, err = ownedIn(stream, own); err != nil {
		return tally{}, fmt.Errorf("count: %s: %w", src.Name, err)
	}
	t := tally{first: -1, next: -1, total: -1, end: sh.End}
	end := func() int64 { // the shard's end, or -1 while unknown
		if frames {
			return own.mark.dEnd
		}
		return sh.End
	}
	base := own.First.Offset
	br := bufio.NewReaderSize(stream, 64<<10)
	if from < 0 {
		from, err = findEvent(br, base, end)
	} else {
		_, err = io.CopyN(io.Discard, br, from-base)
	}
	if err == nil && from >= 0 {
		sp := pgn.NewSplitter(br, pgn.SplitterOptions{Source: src.Name, ChunkSize: tallyChunk, Offset: from, Line: 1})
		err = t.add(ctx, sp, end)
		if err == nil && t.next < 0 {
			err = io.EOF
		}
	}
	if errors.Is(err, io.EOF) { // read to the end of the stream
		t.total, err = base+stream.Decompressed(), nil
	}
	if frames {
		if t.end = end(); t.end < 0 {
			t.end = t.total // the shard's frames run to the end of the file
		}
	}
	return t, err
}

// add counts the games of sp into t until the first at or after end() (-1: not yet known).
func (t *tally) add(ctx context.Context, sp *pgn.Splitter, end func() int64) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		ch, err := sp.Next()
		if ch != nil {
			for _, g := range ch.Games {
				if t.first < 0 {
					t.first, t.firstLine = g.Offset, g.Line
				}
				if e := end(); e >= 0 && g.Offset >= e {
					t.next, t.nextLine = g.Offset, g.Line
					ch.Release()
					return nil
				}
				t.games++
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

// eventLine begins the lines where a guess starts a shard's count.
var eventLine = []byte("[Event ")

// findEvent reads br, whose first byte is at offset base, up to the first line that begins
// with "[Event " (taking its first byte for a line start), and returns that line's offset: -1
// when no such line begins before end() (-1: not yet known); io.EOF when the stream ends first.
func findEvent(br *bufio.Reader, base int64, end func() int64) (int64, error) {
	pos, atStart := base, true
	for {
		if e := end(); e >= 0 && pos >= e {
			return -1, nil
		}
		if atStart {
			if p, err := br.Peek(len(eventLine)); bytes.Equal(p, eventLine) {
				return pos, nil
			} else if err != nil && !errors.Is(err, io.EOF) {
				return -1, err
			}
		}
		line, err := br.ReadSlice('\n')
		pos += int64(len(line))
		atStart = err == nil
		if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			return -1, err
		}
	}
}

// tallyChunk is the splitter's chunk size in a tally: small, since the splitter fills a chunk
// before it delivers its games, so that past the shard's end, where the tally needs only the
// first game, it decodes this much and not a whole default chunk (4 MiB, which for shards of
// one pzstd frame, ~8 MB of PGN, was half as much decoding again).
const tallyChunk = 256 << 10

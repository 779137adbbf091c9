package input

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

// countParallel is CountShards with the pass split among runs of consecutive shards (groups),
// up to workers at once, by speculation. Each group but the first is counted on its own (a
// tally: one splitter over its shards, recording each one's first game as countSequential
// does, in the group's own numbering), from a guess of its first game: the first line in its
// range that begins with "[Event ", where a fresh splitter starts a game. Group 0 is counted
// from byte 0, which is exact. Then the tallies are stitched in order: a group whose start is
// known (the group before it, stitched, found the first game at or after the group's first
// byte) keeps its tally when the guess was that game, and is counted again from it otherwise
// (recount).
//
// Why the stitched result equals countSequential's: a tally counts with a fresh splitter from
// a game start. The splitter keeps no state across a game start (see ShardStart), so from a
// game start that the whole file's splitter also makes, a fresh splitter finds the same games
// at the same offsets, with indexes and line numbers that differ by a constant (it numbers
// from 0 and line 1 where it starts). Group 0's tally starts where the whole file's splitter
// does. By induction, group k's true first game (the whole file's first game at or after its
// first byte) is the first game past the end of group k-1 in that group's exact tally; group
// k's tally is used only when it starts at that game (else a recount does), so it is exact
// too, and the indexes and lines it records are the whole file's up to the constants, which
// the prefix sums of games and of line differences remove. A wrong guess (a game that begins
// with another tag, an [Event line that follows a tag line of its game) costs one recount of
// its group; a guess is never trusted unchecked.
//
// Groups rather than one tally a shard: each tally opens its own stream, whose frame buffers
// grow to the frames' size afresh; one a shard doubled the CPU of a plan of one-frame shards.
//
// It returns how many groups it counted again, for the tests.
func countParallel(ctx context.Context, r io.ReaderAt, size int64, counted []*Shard, workers int) (int, error) {
	n := min(workers, len(counted))
	groups := make([][]*Shard, n)
	for k := range n {
		groups[k] = counted[k*len(counted)/n : (k+1)*len(counted)/n]
	}
	tallies := make([]tally, n)
	g, gctx := errgroup.WithContext(ctx)
	for k, group := range groups {
		g.Go(func() error {
			from := int64(-1) // guess
			if k == 0 {
				from = 0
			}
			var err error
			tallies[k], err = countGroup(gctx, r, size, group, from)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return 0, err
	}
	return stitch(ctx, r, size, groups, tallies)
}

// stitch fills in the counts of the groups' shards from their tallies, in order, counting
// again a group whose guess was wrong (see countParallel), and returns how many it counted
// again.
func stitch(ctx context.Context, r io.ReaderAt, size int64, groups [][]*Shard, tallies []tally) (recounts int, err error) {
	frames := groups[0][0].Kind == ShardFrames
	var dStart, index int64 // decompressed offset of the group, games before it
	// The group's true first game (-1: none) and its line, and the stream's length once known:
	// for group 0, counted from byte 0, its tally's.
	next, line, total := tallies[0].first, tallies[0].firstLine, tallies[0].total
	for k, group := range groups {
		t := tallies[k]
		base := int64(0) // the tallies' offsets are the file's for text, the group's for frames
		if frames {
			base = dStart
		}
		end := base + t.end
		switch {
		case k == 0 || t.first >= 0 && base+t.first == next || t.first < 0 && next < 0:
			// the guess was the true start (group 0: exact)
		case next < 0 || next >= end:
			t.first, t.next, t.total = -1, -1, -1 // no game starts in the group: hand the start on
		default:
			recounts++
			dStarts := t.dStart
			if t, err = countGroup(ctx, r, size, group, next-base); err != nil {
				return recounts, err
			}
			if base+t.first != next {
				return recounts, fmt.Errorf("count: %s: the recount from %d starts at %d", group[0], next, base+t.first)
			}
			t.dStart = dStarts
		}
		if t.total >= 0 {
			total = base + t.total
		}
		for i, sh := range group {
			f := &ShardStart{Index: index, Offset: next, Line: line}
			if frames {
				f.DStart = base + t.dStart[i]
			}
			if t.first >= 0 { // the group's first game is next, at line line
				lf := t.firsts[i]
				f.Index, f.Offset, f.Line = index+lf.Index, base+lf.Offset, line+lf.Line-t.firstLine
			}
			if f.Offset < 0 || t.total >= 0 && f.Offset >= total {
				f.Offset, f.Line = max(total, f.DStart), 1 // past the last game
			}
			sh.First = f
		}
		if t.first >= 0 {
			index += t.games
			if t.next >= 0 {
				next, line = base+t.next, line+t.nextLine-t.firstLine
			} else {
				next, line = -1, 1
			}
		}
		dStart = end
	}
	return recounts, nil
}

// tally is the count of a group of shards by a fresh splitter started at a line start in it.
// Offsets are the file's for text and the group's decompressed stream's (0 at its first
// byte) for frames; indexes count from 0 and lines from 1 where the splitter started.
type tally struct {
	first, firstLine int64        // the first game the splitter found; -1: none before the stream ended (or, for a guess, before the group's end)
	games            int64        // the games from first on that start before the group's end
	next, nextLine   int64        // the first game at or after the group's end; -1: none
	end              int64        // the group's end: its last End for text, the decoded bytes of its frames
	total            int64        // the end of the stream, once read to it; -1 until then
	firsts           []ShardStart // each shard's first game, when first >= 0
	dStart           []int64      // each shard's first byte (frames)
}

// countGroup counts the games of a group of consecutive shards from offset from (in the
// tally's coordinates: see tally), a game start, or, when from is -1, from the first line in
// the group that begins with "[Event ". It reads past the group's end as far as the first game
// there.
func countGroup(ctx context.Context, r io.ReaderAt, size int64, group []*Shard, from int64) (tally, error) {
	first, last := group[0], group[len(group)-1]
	frames := first.Kind == ShardFrames
	own := &Owned{Start: first.Start, End: last.End, Frames: frames, First: &ShardStart{Line: 1}}
	if !frames {
		own.First.Offset = first.Start
	}
	src := Source{Name: displayName(first.Path), Path: first.Path, Size: size, File: r, Own: own}
	stream, err := src.Open(OpenOptions{Workers: 1, Done: ctx.Done()})
	if err != nil {
		return tally{}, err
	}
	defer stream.Close()
	if err := kindMatches(stream, first.Kind); err != nil {
		return tally{}, err
	}
	if own, err = ownedIn(stream, own); err != nil {
		return tally{}, fmt.Errorf("count: %s: %w", src.Name, err)
	}
	local := make([]Shard, len(group)) // the group in the tally's coordinates
	ptrs := make([]*Shard, len(group))
	for i, sh := range group {
		local[i] = *sh
		ptrs[i] = &local[i]
	}
	c := newCounter(ptrs, frames)
	if frames {
		stream.frames.reached = c.reached
	}
	t := tally{first: -1, next: -1, total: -1, end: last.End}
	end := func() int64 { // the group's end, or -1 while unknown
		if frames {
			return own.mark.dEnd
		}
		return last.End
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
		err = t.add(ctx, sp, c, end)
		if err == nil && t.next < 0 {
			err = io.EOF
		}
	}
	if errors.Is(err, io.EOF) { // read to the end of the stream
		t.total, err = base+stream.Decompressed(), nil
	}
	if frames {
		if t.end = end(); t.end < 0 {
			t.end = t.total // the group's frames run to the end of the file
		}
	}
	if t.first >= 0 {
		c.end(max(t.total, t.end)) // the shards past the last game (total) or the group's first game past its end
	}
	t.dStart = c.dStart
	for i := range local {
		if t.dStart[i] < 0 {
			t.dStart[i] = t.end
		}
		if local[i].First != nil {
			t.firsts = append(t.firsts, *local[i].First)
		}
	}
	return t, err
}

// add counts the games of sp into t and c until the first at or after end() (-1: not yet
// known).
func (t *tally) add(ctx context.Context, sp *pgn.Splitter, c *counter, end func() int64) error {
	return eachGame(ctx, sp, func(g pgn.Game) bool {
		if t.first < 0 {
			t.first, t.firstLine = g.Offset, g.Line
		}
		c.game(g)
		if e := end(); e >= 0 && g.Offset >= e {
			t.next, t.nextLine = g.Offset, g.Line
			return false
		}
		t.games++
		return true
	})
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

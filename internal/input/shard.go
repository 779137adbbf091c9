package input

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// A shard is a part of one input that a scan can read on its own, for schedulers that run many
// scans at once (Kubernetes indexed jobs, Slurm arrays, Beam). Its text form, which `pgnscan
// plan` prints one a line and `pgnscan scan --shard` reads back, is
//
//	KIND:PATH@START-END
//	KIND:PATH@START-END+INDEX,OFFSET,LINE[,DSTART]
//
// where START-END are byte offsets of the file as stored (compressed), END excluded, and KIND is
//
//   - text: a byte range of a plain PGN file;
//   - frames: a run of whole frames of a multi-frame zstd file (pzstd, as lichess packs);
//   - whole: the whole file (single-stream zstd, gzip, bzip2, xz, Parquet), START 0, END its size.
//
// A shard owns the games whose first byte (where the splitter starts the game, its [Event line
// as a rule) lies in its range: for text the file offsets START to END, for frames the
// decompressed bytes of its frames. A scan of a shard skips the partial game it starts in and
// reads past its end to finish its last game, so the shards of a plan together own every game
// exactly once, and their rows are those of a scan of the whole file (see Source.Own).
//
// The counts after '+' (CountShards; DSTART for frames only) say where the scan starts
// reading: see ShardStart. Without them the scan reads the file from its first byte.
type Shard struct {
	Kind       ShardKind
	Path       string
	Start, End int64
	// First, when known (CountShards), is where the whole file's splitter starts the shard's
	// first game, so that the scan reads from there instead of from the file's first byte; nil:
	// the scan reads the file from byte 0 to learn it, which makes all the shards of a file
	// cost a time quadratic in their number.
	First *ShardStart
}

// ShardStart is where the scan of a shard starts reading, as the counting pass of the whole
// file (CountShards) found it: the first game whose first byte lies at or after the shard's
// start (owned by the shard when it also lies before its end), and for frames where the
// shard's first frame lies in the decompressed stream.
//
// Why a fresh splitter started at Offset cuts every later game as the whole file's splitter
// does: the splitter keeps no state across a game start. Its line state (tag section,
// movetext, open comment, the result before a blank line, the tag sections a comment
// swallowed) is all reset or overwritten by the line that starts a game before it is read,
// and the whole-file splitter itself restarts fresh at the start of the unfinished game at
// every chunk boundary (Splitter.split begins each buffer at stNone). The one exception, the
// byte-order mark, is skipped only at offset 0. So the state to hand over is exactly Index,
// Offset and Line, which only a pass over everything before them can know (a comment left
// open, a '%' line, a tag section without [Event decide where games start); CountShards makes
// that pass once for the whole file, in order, or in runs of shards at once whose guessed
// starts it checks in order (countParallel). TestShardsLikeWholeScan and TestShardsHostile
// check the rows.
type ShardStart struct {
	Index  int64 // its game_index: the games before it in the file
	Offset int64 // its game_offset: decompressed offset (a text file's own offset)
	Line   int64 // its 1-based line in the decompressed stream
	// DStart, for frames, is the decompressed offset of the shard's first byte (Shard.Start);
	// Offset - DStart bytes of the shard's frames precede its first game. 0 for text.
	DStart int64
}

// ShardKind says how a shard's range is cut from its file.
type ShardKind string

// Shard kinds.
const (
	ShardText   ShardKind = "text"
	ShardFrames ShardKind = "frames"
	ShardWhole  ShardKind = "whole"
)

// ErrBadShard is wrapped by the error of a shard string that does not parse.
var ErrBadShard = errors.New("not a shard (KIND:PATH@START-END[+COUNTS], KIND text, frames or whole)")

// String returns the shard's text form, which ParseShard reads back.
func (s Shard) String() string {
	t := fmt.Sprintf("%s:%s@%d-%d", s.Kind, s.Path, s.Start, s.End)
	if f := s.First; f != nil {
		t += fmt.Sprintf("+%d,%d,%d", f.Index, f.Offset, f.Line)
		if s.Kind == ShardFrames {
			t += fmt.Sprintf(",%d", f.DStart)
		}
	}
	return t
}

// PartName names the shard's part files in a partitioned output (part-NAME.parquet): the
// file's base name and the range, BASE@START-END, distinct for the shards of one file and for
// files of distinct names. Shards of two files of the same base name in different folders
// would clash: give such files distinct names, or distinct outputs.
func (s Shard) PartName() string {
	return fmt.Sprintf("%s@%d-%d", filepath.Base(s.Path), s.Start, s.End)
}

// ParseShard reads a shard's text form (see Shard). The path is what lies between the first ':'
// and the last '@', so it may hold either.
func ParseShard(text string) (Shard, error) {
	bad := func(why string) (Shard, error) {
		return Shard{}, fmt.Errorf("%q: %w: %s", text, ErrBadShard, why)
	}
	kind, rest, ok := strings.Cut(text, ":")
	if !ok {
		return bad("no KIND:")
	}
	s := Shard{Kind: ShardKind(kind)}
	if s.Kind != ShardText && s.Kind != ShardFrames && s.Kind != ShardWhole {
		return bad("unknown kind " + strconv.Quote(kind))
	}
	at := strings.LastIndexByte(rest, '@')
	if at <= 0 {
		return bad("no PATH@")
	}
	s.Path = rest[:at]
	rng, counts, counted := strings.Cut(rest[at+1:], "+")
	start, end, ok := strings.Cut(rng, "-")
	var err1, err2 error
	s.Start, err1 = strconv.ParseInt(start, 10, 64)
	s.End, err2 = strconv.ParseInt(end, 10, 64)
	if !ok || err1 != nil || err2 != nil || s.Start < 0 || s.End < s.Start {
		return bad("START-END must be two byte offsets, START <= END")
	}
	if s.Kind == ShardWhole && s.Start != 0 {
		return bad("a whole shard starts at 0")
	}
	if !counted {
		return s, nil
	}
	if s.Kind == ShardWhole {
		return bad("a whole shard has no +counts")
	}
	f, why := parseStart(counts, s)
	if why != "" {
		return bad(why)
	}
	s.First = f
	return s, nil
}

// parseStart reads the counts of a shard's text form, INDEX,OFFSET,LINE (text) or
// INDEX,OFFSET,LINE,DSTART (frames), or says why they do not parse.
func parseStart(text string, s Shard) (*ShardStart, string) {
	want := 3
	if s.Kind == ShardFrames {
		want = 4
	}
	fields := strings.Split(text, ",")
	if len(fields) != want {
		return nil, fmt.Sprintf("%s counts are %d numbers after '+'", s.Kind, want)
	}
	var n [4]int64
	for i, f := range fields {
		v, err := strconv.ParseInt(f, 10, 64)
		if err != nil || v < 0 {
			return nil, "counts must be numbers >= 0"
		}
		n[i] = v
	}
	f := &ShardStart{Index: n[0], Offset: n[1], Line: n[2], DStart: n[3]}
	switch {
	case f.Line < 1:
		return nil, "LINE counts from 1"
	case s.Kind == ShardText && f.Offset < s.Start:
		return nil, "the first game's OFFSET lies before START"
	case f.Offset < f.DStart:
		return nil, "the first game's OFFSET lies before DSTART"
	}
	return f, ""
}

// DefaultShardSize is the stored bytes of a shard that Plan aims at: a lichess month (30 GB)
// makes some 120 shards of a few minutes each.
const DefaultShardSize = 256 << 20

// Plan cuts the file at path into shards of about size stored bytes, deterministically: a plain
// PGN file into byte ranges of size bytes (the last shorter); a multi-frame zstd file into runs
// of whole frames of at least size bytes (the last shorter), found from the 12-byte skippable
// headers that announce each frame's size, without decoding; any other file (single-stream
// zstd, gzip, bzip2, xz, Parquet) is one whole shard, since its stream cannot be entered in the
// middle. Standard input cannot be planned.
func Plan(path string, size int64) ([]Shard, error) {
	f, total, err := openPlanned(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return planAt(f, total, path, size)
}

// PlanPath is PlanFile for the file at path.
func PlanPath(ctx context.Context, path string, shardSize int64, workers int) ([]Shard, error) {
	f, total, err := openPlanned(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return PlanFile(ctx, f, total, path, shardSize, workers)
}

// PlanFile cuts the file named path, read through r (a random-access reader of its size
// bytes: a local file, or ranged reads of an object store), into shards as Plan does, and
// counts them (CountShards) with up to workers goroutines (below 1: the CPUs), so that each
// shard's scan reads only its own range: the plan that `pgnscan plan` prints and the Beam
// pipeline scans.
func PlanFile(ctx context.Context, r io.ReaderAt, size int64, path string, shardSize int64, workers int) ([]Shard, error) {
	shards, err := planAt(r, size, path, shardSize)
	if err != nil {
		return nil, err
	}
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	if err := CountShards(ctx, r, size, shards, workers); err != nil {
		return nil, err
	}
	return shards, nil
}

// openPlanned opens the file at path for planning (see plannable) and returns its size: a
// regular file.
func openPlanned(path string) (*os.File, int64, error) {
	if err := plannable(path); err != nil {
		return nil, 0, err
	}
	f, size, err := openRegular(path)
	if errors.Is(err, ErrNotRegular) {
		err = fmt.Errorf("plan: %s: %w", displayName(path), ErrNotRegular)
	}
	return f, size, err
}

// ErrNotRegular is wrapped by the error of a path that names no regular file (a folder, a
// pipe, a device), which cannot be read at any offset.
var ErrNotRegular = errors.New("not a regular file")

// openRegular opens the regular file at path for reads at any offset and returns its size;
// the error of a path that is not one names it and wraps ErrNotRegular.
func openRegular(path string) (*os.File, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = fmt.Errorf("%s: %w", path, ErrNotRegular)
	}
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, st.Size(), nil
}

// OpenLocal is openRegular for callers that read any random-access reader (Shard.SourceAt): the
// file, also an io.Closer, or on error a nil reader (never a nil *os.File in a non-nil
// io.ReaderAt).
func OpenLocal(path string) (io.ReaderAt, int64, error) {
	f, size, err := openRegular(path)
	if err != nil {
		return nil, 0, err
	}
	return f, size, nil
}

// plannable reports an error for a path that cannot be planned: standard input, or a name with
// a line break (a shard is a line of the plan).
func plannable(path string) error {
	if path == StdinName || strings.ContainsAny(path, "\n\r") {
		return fmt.Errorf("plan: %q: cannot be planned (standard input, or a line break in the name)", path)
	}
	return nil
}

// planAt is Plan for the file named path, read through r, of total bytes.
func planAt(r io.ReaderAt, total int64, path string, size int64) ([]Shard, error) {
	if size <= 0 {
		return nil, fmt.Errorf("plan: shard size must be positive, not %d", size)
	}
	if err := plannable(path); err != nil {
		return nil, err
	}
	head, err := readHead(r)
	if err != nil {
		return nil, &InputError{Name: displayName(path), Op: "read", Err: err}
	}
	switch {
	case isZip(head):
		return nil, fmt.Errorf("plan: %s: a zip archive cannot be cut in shards: scan it whole (each .pgn member is an input)", displayName(path))
	case isParquet(head) || detectCompression(head) != Plain && !(len(head) >= 4 && le32(head) == pzstdMagic):
		return []Shard{{Kind: ShardWhole, Path: path, End: total}}, nil
	case detectCompression(head) == Plain:
		var out []Shard
		for start := int64(0); start < total || start == 0; start += size {
			out = append(out, Shard{Kind: ShardText, Path: path, Start: start, End: min(start+size, total)})
		}
		return out, nil
	}
	return planFrames(r, path, total, size)
}

// planFrames cuts a multi-frame zstd file into runs of whole frames. A frame without its
// announcement ends the announced frames: the rest of the file, decoded as one stream, is the
// last shard. A header that is neither is left to the scan of the shard that holds it, which
// reports it.
func planFrames(f io.ReaderAt, path string, total, size int64) ([]Shard, error) {
	var out []Shard
	start := int64(0)
	for off := range frameEnds(f, 0, total) {
		if off-start >= size && off < total {
			out = append(out, Shard{Kind: ShardFrames, Path: path, Start: start, End: off})
			start = off
		}
	}
	return append(out, Shard{Kind: ShardFrames, Path: path, Start: start, End: total}), nil
}

// frameEnds yields the offset after each frame of a multi-frame zstd file of total bytes from
// the frame at offset from on, found from the frames' headers alone: the 12-byte skippable
// frame that announces a zstd frame's size, or the 8-byte header of another skippable frame.
// A frame without its announcement, a header that is neither, or a file cut short in a header,
// ends the walk at total.
func frameEnds(f io.ReaderAt, from, total int64) iter.Seq[int64] {
	return func(yield func(int64) bool) {
		var hdr [pzstdHeaderLen]byte
		for off := from; off < total; {
			n, err := f.ReadAt(hdr[:], off)
			if n < 8 || err != nil && err != io.EOF {
				yield(total)
				return
			}
			magic, sz := le32(hdr[:4]), int64(le32(hdr[4:8]))
			switch {
			case magic == pzstdMagic && sz == 4 && n == pzstdHeaderLen:
				off += pzstdHeaderLen + int64(le32(hdr[8:12]))
			case magic&skippableMagicMask == skippableMagic:
				off += 8 + sz
			default:
				off = total
			}
			if !yield(min(off, total)) {
				return
			}
		}
	}
}

// Source returns the input that scans the shard: its file, named by its path as a scan of the
// whole file names it, and the range of game starts it owns (none for a whole shard: it owns
// every game). A shard that reaches past the end of its file, or a frames shard whose ends are
// not frame boundaries (by the frames' headers), is an error naming the file and the byte
// range. Without First, the scan reads the file from its first byte (see Owned); for frames it
// learns where the shard lies in the decompressed stream as it decodes the frames before it.
func (s Shard) Source() (Source, error) {
	f, err := os.Open(s.Path)
	if err != nil {
		return Source{}, fmt.Errorf("shard %s: %w", s, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return Source{}, fmt.Errorf("shard %s: %w", s, err)
	}
	src, err := s.SourceAt(f, sizeOf(st))
	src.File = nil // Open opens the path
	return src, err
}

// SourceAt is Source for a file read through r, a random-access reader of its size bytes (a
// local file, or ranged reads of an object store): the source reads r, which must stay open
// until the scan ends.
func (s Shard) SourceAt(r io.ReaderAt, size int64) (Source, error) {
	src := Source{Name: displayName(s.Path), Path: s.Path, Size: size, File: r}
	if s.Kind == ShardWhole {
		return src, nil
	}
	if s.End > size {
		return Source{}, fmt.Errorf("shard %s: reaches past the end of the file (%d bytes)", s, size)
	}
	var err error
	switch s.Kind {
	case ShardFrames:
		err = s.checkFrames(r, size)
	case ShardText:
		err = checkPlain(r)
	}
	if err != nil {
		return Source{}, fmt.Errorf("shard %s: %w", s, err)
	}
	src.Own = &Owned{Start: s.Start, End: s.End, Frames: s.Kind == ShardFrames, Shard: s.String(), First: s.First}
	return src, nil
}

// checkFrames reports an error unless the shard's start and end are frame boundaries of r, a
// file of total bytes. With First, the shard's start is taken for a frame boundary when an
// announced (skippable) frame begins there, and only the shard's own headers are read: a walk
// from the file's first frame would make a scan of every shard read a number of headers
// quadratic in their number (a ranged request each, on an object store).
func (s Shard) checkFrames(r io.ReaderAt, total int64) error {
	from := int64(0)
	startOK, endOK := s.Start == 0, s.End == total
	if s.First != nil && s.Start > 0 && s.Start < total {
		var hdr [8]byte
		if n, _ := r.ReadAt(hdr[:], s.Start); n == len(hdr) && le32(hdr[:])&skippableMagicMask == skippableMagic {
			from, startOK = s.Start, true
		} else {
			from = total // not a frame: no walk
		}
	}
	for off := range frameEnds(r, from, total) {
		startOK = startOK || off == s.Start
		endOK = endOK || off == s.End
		if off >= s.End {
			break
		}
	}
	if !startOK || !endOK {
		return fmt.Errorf("%w: bytes %d-%d are not a run of whole frames", ErrCorrupt, s.Start, s.End)
	}
	return nil
}

// checkPlain reports an error unless the file r begins as plain PGN does (not compressed, not
// Parquet): a text shard of it may be read from the middle.
func checkPlain(r io.ReaderAt) error {
	head, err := readHead(r)
	if err != nil {
		return err
	}
	if isParquet(head) || detectCompression(head) != Plain {
		return fmt.Errorf("%w: a text shard of a file that is not plain PGN", ErrCorrupt)
	}
	return nil
}

// readHead returns the first bytes of r that tell its format (detectCompression, isParquet):
// fewer when the file is shorter.
func readHead(r io.ReaderAt) ([]byte, error) {
	head := make([]byte, max(headLen, len(parquetMagic)))
	n, err := r.ReadAt(head, 0)
	if err != nil && err != io.EOF {
		return nil, err
	}
	return head[:n], nil
}

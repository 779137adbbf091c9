package input

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"
)

// StdinName is the command-line argument that means standard input.
const StdinName = "-"

// ErrNoArchives is returned by Resolve for a directory that holds no PGN archive.
var ErrNoArchives = errors.New("no PGN archives in it")

// Source is one PGN archive to read.
type Source struct {
	// Name identifies the input in output rows and errors: the argument as given on the command
	// line, or the directory argument joined with the file name for a file found in a directory,
	// or "-" for standard input; always valid UTF-8 (see displayName).
	Name string
	// Path is what Open opens: a file path, or "-" for standard input.
	Path string
	// Member, when set, is the member of the zip archive at Path that is the input (Name is
	// then FILE.zip:MEMBER, and Size the member's size, decompressed).
	Member string
	// Size is the size of the file as stored (compressed), from Resolve, for progress; -1 when
	// unknown (standard input, pipes).
	Size int64
	// Own, when set, limits the scan to the games of one shard (see Shard.Source); nil means
	// every game.
	Own *Owned
	// File, when set, is read in place of the file at Path (which then only names it): a
	// random-access reader of Size bytes, such as a ranged reader of an object store (see
	// Shard.SourceAt). Open does not close it.
	File io.ReaderAt
}

// Owned is the part of an input that a shard owns: the games whose first byte lies at a
// decompressed-stream offset in [Start, End). The scan still reads and splits the stream from
// its first byte, so that every game is cut, indexed and placed as in a scan of the whole
// input; it analyses only the games it owns and stops reading after the first game past End.
// For a shard of frames, Start and End are compressed offsets of whole frames, and the
// decompressed range is found as the frames are read (see frameMark).
type Owned struct {
	Start, End int64
	Frames     bool        // Start and End are compressed offsets of frames
	Shard      string      // the shard's text form, named in errors
	First      *ShardStart // where reading starts (Shard.First); nil: at byte 0
	mark       *frameMark
}

// sizes returns the stored and decompressed bytes of the range a shard owns, which its
// summary counts as read once the shard is scanned, so that the summaries of a file's shards
// add up to the file's: for text the range itself, for frames the decoded bytes of its
// frames, known from the mark or, for the last shard, from the end of the stream.
func (o *Owned) sizes(stream *Stream) (stored, decompressed int64) {
	stored = o.End - o.Start
	if o.mark == nil {
		return stored, stored
	}
	dStart, dEnd := o.mark.dStart, o.mark.dEnd
	if dStart < 0 { // no frame reached: an empty run at the end of the file
		return stored, 0
	}
	if dEnd < 0 {
		dEnd = stream.frames.served
	}
	return stored, dEnd - dStart
}

// readFrom returns the stored offset at which the source is read: 0, or for a shard whose
// start is known (Owned.First), its first game (text) or its first frame.
func (in Source) readFrom() int64 {
	switch {
	case in.Own == nil || in.Own.First == nil:
		return 0
	case in.Own.Frames:
		return in.Own.Start
	}
	return in.Own.First.Offset
}

// owns reports whether a game starting at offset is owned, and whether offset lies past the
// range (so that no later game is). For frames, a game read before the first frame of the range
// is served lies before it, and one read before the frame after it is served, inside it.
func (o *Owned) owns(offset int64) (own, past bool) {
	start, end := o.Start, o.End
	if o.mark != nil {
		start, end = o.mark.dStart, o.mark.dEnd
		if start < 0 {
			return false, false
		}
		if end < 0 {
			end = math.MaxInt64
		}
	}
	return offset >= start && offset < end, offset >= end
}

// archiveSuffixes are the name endings that make a directory entry an input: a PGN archive or a
// Parquet file of games. The name only selects files: the format is always recognised from the
// first bytes.
var archiveSuffixes = []string{".pgn", ".pgn.zst", ".pgn.zstd", ".pgn.gz", ".pgn.bz2", ".pgn.xz", ".parquet", ".zip"}

// isArchiveName reports whether a file in a directory counts as an input: its name ends in
// .pgn, optionally followed by .zst, .zstd, .gz, .bz2 or .xz, or in .parquet or .zip (in any
// letter case), and does not begin with a dot.
func isArchiveName(name string) bool {
	if strings.HasPrefix(name, ".") {
		return false
	}
	lower := strings.ToLower(name)
	for _, s := range archiveSuffixes {
		if strings.HasSuffix(lower, s) && len(lower) > len(s) {
			return true
		}
	}
	return false
}

// ErrListedTwice is returned by Resolve for an input named twice: the same file (hard links and
// symbolic links included) or standard input, given twice on the command line or also found in
// a directory input. Scanning it twice would write its rows twice; scanning it once would
// quietly drop what was asked for, so the command refuses (bad usage).
var ErrListedTwice = errors.New("input listed twice")

// Resolve turns command-line arguments into sources, in order. A file is taken as given
// (whatever its name), "-" is standard input, and a directory stands for the inputs directly
// inside it (see isArchiveName) and in its subfolders to any depth, Hive partition folders
// (year=2025) and plain ones (2019/) alike, but those whose names begin with a dot. A
// directory's inputs are sorted by path in byte order. A zip archive (recognised by its first
// bytes) stands for its PGN members, in its own order (see zipMembers). Regular files and symbolic links count; a symbolic link that leads nowhere is kept, so
// that opening it fails and the scan reports it instead of skipping it without a word. A
// directory without inputs is an error (ErrNoArchives), as is a path that does not exist, an
// input listed twice (ErrListedTwice), and a Parquet file whose columns are not games (a
// *SchemaError, see checkParquet).
func Resolve(args []string) ([]Source, error) {
	var out []Source
	var seen inputSet
	for _, arg := range args {
		if arg == StdinName {
			if err := seen.add(arg, nil); err != nil {
				return nil, err
			}
			out = append(out, Source{Name: StdinName, Path: StdinName, Size: -1})
			continue
		}
		st, err := os.Stat(arg)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			if err := seen.add(arg, st); err != nil {
				return nil, err
			}
			out = append(out, Source{Name: displayName(arg), Path: arg, Size: sizeOf(st)})
			continue
		}
		found, err := inputsIn(arg, nil)
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("scan: %s: %w", displayName(arg), ErrNoArchives)
		}
		sort.Slice(found, func(i, j int) bool { return found[i].Path < found[j].Path })
		for _, src := range found {
			st, _ := os.Stat(src.Path)
			if err := seen.add(src.Path, st); err != nil {
				return nil, err
			}
		}
		out = append(out, found...)
	}
	out, err := expandZips(out)
	if err != nil {
		return nil, err
	}
	for _, src := range out {
		if src.Path != StdinName && startsWith(src.Path, parquetMagic) {
			if err := checkParquet(src); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// inputsIn appends to found the inputs of directory dir and of its partition folders: regular
// files, and symbolic links to regular files or to nothing (a broken link: Size -1, Open
// reports it).
func inputsIn(dir string, found []Source) ([]Source, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			if found, err = inputsIn(p, found); err != nil {
				return nil, err
			}
			continue
		}
		if !isArchiveName(e.Name()) || !e.Type().IsRegular() && e.Type()&fs.ModeSymlink == 0 {
			continue
		}
		size := int64(-1)
		st, err := os.Stat(p) // follows a symbolic link
		if err == nil {
			if !st.Mode().IsRegular() {
				continue // a link to a directory or a device
			}
			size = st.Size()
		}
		found = append(found, Source{Name: displayName(p), Path: p, Size: size})
	}
	return found, nil
}

// expandZips replaces each zip archive among srcs by its PGN members (zipMembers).
func expandZips(srcs []Source) ([]Source, error) {
	var out []Source
	for _, src := range srcs {
		if src.Path == StdinName || !startsWith(src.Path, zipMagic) {
			out = append(out, src)
			continue
		}
		members, err := zipMembers(src)
		if err != nil {
			return nil, err
		}
		out = append(out, members...)
	}
	return out, nil
}

// startsWith reports whether the file at path begins with magic (a format's first bytes);
// a file that cannot be read does not.
func startsWith(path, magic string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(magic))
	n, _ := io.ReadFull(f, head)
	return string(head[:n]) == magic
}

// inputSet remembers the inputs resolved so far, to find one listed twice.
type inputSet struct {
	names []string
	stats []fs.FileInfo // nil for standard input and broken links
}

// add records the input at path (st its os.Stat, nil for standard input or a broken link), or
// returns an error wrapping ErrListedTwice naming both spellings when it was recorded before.
func (s *inputSet) add(path string, st fs.FileInfo) error {
	for i, prev := range s.names {
		same := path == prev
		if st != nil && s.stats[i] != nil {
			same = os.SameFile(st, s.stats[i])
		}
		if same {
			if path == prev {
				return fmt.Errorf("scan: %s: %w", displayName(path), ErrListedTwice)
			}
			return fmt.Errorf("scan: %s: %w (also as %s)", displayName(path), ErrListedTwice, displayName(prev))
		}
	}
	s.names, s.stats = append(s.names, path), append(s.stats, st)
	return nil
}

// displayName is a path as rows and messages show it (Source.Name): the path itself when it is
// valid UTF-8, as nearly every name is; else each byte that is not part of valid UTF-8 is
// written \xHH (two lowercase hex digits, as Go and Python quote bytes), so that the name is
// valid UTF-8 for every reader and names differing only in such bytes stay apart.
func displayName(path string) string {
	if utf8.ValidString(path) {
		return path
	}
	var b strings.Builder
	for i := 0; i < len(path); {
		r, n := utf8.DecodeRuneInString(path[i:])
		if r == utf8.RuneError && n == 1 {
			fmt.Fprintf(&b, `\x%02x`, path[i])
		} else {
			b.WriteString(path[i : i+n])
		}
		i += n
	}
	return b.String()
}

// sizeOf returns the size of a regular file, else -1.
func sizeOf(st fs.FileInfo) int64 {
	if st.Mode().IsRegular() {
		return st.Size()
	}
	return -1
}

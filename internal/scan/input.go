package scan

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// StdinName is the command-line argument that means standard input.
const StdinName = "-"

// ErrNoArchives is returned by Resolve for a directory that holds no PGN archive.
var ErrNoArchives = errors.New("no PGN archives in directory")

// Source is one PGN archive to read.
type Source struct {
	// Name identifies the input in output rows and errors: the argument as given on the command
	// line, or the directory argument joined with the file name for a file found in a directory,
	// or "-" for standard input.
	Name string
	// Path is what Open opens: a file path, or "-" for standard input.
	Path string
	// Size is the size of the file as stored (compressed), from Resolve, for progress; -1 when
	// unknown (standard input, pipes).
	Size int64
}

// archiveSuffixes are the name endings that make a directory entry a PGN archive. The name only
// selects files: the compression is always recognised from the first bytes.
var archiveSuffixes = []string{".pgn", ".pgn.zst", ".pgn.zstd", ".pgn.gz", ".pgn.bz2", ".pgn.xz"}

// IsArchiveName reports whether a file in a directory counts as a PGN archive: its name ends in
// .pgn, optionally followed by .zst, .zstd, .gz, .bz2 or .xz (in any letter case), and does not
// begin with a dot.
func IsArchiveName(name string) bool {
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

// Resolve turns command-line arguments into sources, in order. A file is taken as given
// (whatever its name), "-" is standard input, and a directory stands for the PGN archives
// directly inside it (see IsArchiveName; subdirectories are not entered), sorted by name in
// byte order. Regular files and symbolic links to them count; a directory without archives is
// an error (ErrNoArchives), as is a path that does not exist.
func Resolve(args []string) ([]Source, error) {
	var out []Source
	for _, arg := range args {
		if arg == StdinName {
			out = append(out, Source{Name: StdinName, Path: StdinName, Size: -1})
			continue
		}
		st, err := os.Stat(arg)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, Source{Name: arg, Path: arg, Size: sizeOf(st)})
			continue
		}
		entries, err := os.ReadDir(arg)
		if err != nil {
			return nil, err
		}
		var found []Source
		for _, e := range entries {
			if !IsArchiveName(e.Name()) || !e.Type().IsRegular() && e.Type()&fs.ModeSymlink == 0 {
				continue
			}
			p := filepath.Join(arg, e.Name())
			st, err := os.Stat(p) // follows a symbolic link
			if err != nil || !st.Mode().IsRegular() {
				continue
			}
			found = append(found, Source{Name: p, Path: p, Size: st.Size()})
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("scan: %s: %w", arg, ErrNoArchives)
		}
		sort.Slice(found, func(i, j int) bool { return found[i].Name < found[j].Name })
		out = append(out, found...)
	}
	return out, nil
}

// sizeOf returns the size of a regular file, else -1.
func sizeOf(st fs.FileInfo) int64 {
	if st.Mode().IsRegular() {
		return st.Size()
	}
	return -1
}

package scan

import (
	"errors"
	"fmt"
	"io"
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

// archiveSuffixes are the name endings that make a directory entry an input: a PGN archive or a
// Parquet file of games. The name only selects files: the format is always recognised from the
// first bytes.
var archiveSuffixes = []string{".pgn", ".pgn.zst", ".pgn.zstd", ".pgn.gz", ".pgn.bz2", ".pgn.xz", ".parquet"}

// IsArchiveName reports whether a file in a directory counts as an input: its name ends in
// .pgn, optionally followed by .zst, .zstd, .gz, .bz2 or .xz, or in .parquet (in any letter
// case), and does not begin with a dot.
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

// IsPartitionDir reports whether a directory name is a Hive partition folder, name=value (as
// in the lichess dataset's year=2025/month=05): Resolve enters those.
func IsPartitionDir(name string) bool {
	k, _, ok := strings.Cut(name, "=")
	return ok && k != "" && !strings.HasPrefix(name, ".")
}

// Resolve turns command-line arguments into sources, in order. A file is taken as given
// (whatever its name), "-" is standard input, and a directory stands for the inputs directly
// inside it (see IsArchiveName) and in its Hive partition folders (see IsPartitionDir) to any
// depth; other subdirectories are not entered. A directory's inputs are sorted by path in byte
// order. Regular files and symbolic links to them count; a directory without inputs is an
// error (ErrNoArchives), as is a path that does not exist, and so is a Parquet file whose
// columns are not games (a *SchemaError, see CheckParquet).
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
		found, err := inputsIn(arg, nil)
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("scan: %s: %w", arg, ErrNoArchives)
		}
		sort.Slice(found, func(i, j int) bool { return found[i].Name < found[j].Name })
		out = append(out, found...)
	}
	for _, src := range out {
		if src.Path != StdinName && sniffParquet(src.Path) {
			if err := CheckParquet(src); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// inputsIn appends the inputs of directory dir and of its partition folders to found.
func inputsIn(dir string, found []Source) ([]Source, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if e.IsDir() && IsPartitionDir(e.Name()) {
			if found, err = inputsIn(p, found); err != nil {
				return nil, err
			}
			continue
		}
		if !IsArchiveName(e.Name()) || !e.Type().IsRegular() && e.Type()&fs.ModeSymlink == 0 {
			continue
		}
		st, err := os.Stat(p) // follows a symbolic link
		if err != nil || !st.Mode().IsRegular() {
			continue
		}
		found = append(found, Source{Name: p, Path: p, Size: st.Size()})
	}
	return found, nil
}

// sniffParquet reports whether the file at path begins as a Parquet file does.
func sniffParquet(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(parquetMagic))
	n, _ := io.ReadFull(f, head)
	return isParquet(head[:n])
}

// sizeOf returns the size of a regular file, else -1.
func sizeOf(st fs.FileInfo) int64 {
	if st.Mode().IsRegular() {
		return st.Size()
	}
	return -1
}

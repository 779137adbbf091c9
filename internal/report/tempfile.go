package report

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// File is an output file written under a temporary name beside its final path
// (".NAME.PID.tmp", in the same folder so that the rename stays on one file
// system) and renamed to the final name by Commit once everything is written
// and synced: a crash, a fatal error or a kill never leaves a truncated file
// under the final name, and an existing file of that name is replaced only
// whole. Every file pgnscan writes goes through a File: the tables (Writer)
// and the summary.
//
// A run killed before Commit or Abort (SIGKILL, power loss) leaves its
// temporary file behind. CreateFile removes such leftovers of the same final
// path: a temporary file whose PID is no running process. One whose PID runs
// (another scan writing the same path, or a reused PID) is left alone.
type File struct {
	path string // the final path, as given
	tmp  string // "" once committed or removed
	f    *os.File
}

// CreateFile creates the temporary file for path, with mode 0666 less the
// umask like any file the user creates, never replacing an existing file
// (O_EXCL). A path that names a folder, or whose folder cannot be written,
// gives an *OutputError naming path.
func CreateFile(path string) (*File, error) {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil, outputError("create", path, errors.New("is a directory"))
	}
	removeStaleTemps(path)
	dir, base := filepath.Split(path)
	var err error
	for i := 0; i < 100; i++ {
		name := tempPrefix(base) + strconv.Itoa(os.Getpid())
		if i > 0 {
			name += "-" + strconv.Itoa(i)
		}
		tmp := filepath.Join(dir, name+".tmp")
		var f *os.File
		f, err = os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if err == nil {
			return &File{path: path, tmp: tmp, f: f}, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			break
		}
	}
	return nil, outputError("create", path, err)
}

// tempPrefix is how the temporary names of a final base name begin.
func tempPrefix(base string) string { return "." + base + "." }

// removeStaleTemps removes the temporary files that killed runs left for path:
// ".BASE.PID.tmp" and ".BASE.PID-N.tmp" whose PID is not a running process.
// It is best effort: errors are ignored, the new file does not depend on it.
func removeStaleTemps(path string) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	matches, _ := filepath.Glob(filepath.Join(dir, globEscape(tempPrefix(base))+"*.tmp"))
	for _, m := range matches {
		rest := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(m), tempPrefix(base)), ".tmp")
		pid, _, _ := strings.Cut(rest, "-")
		n, err := strconv.Atoi(pid)
		if err != nil || n <= 0 || n == os.Getpid() || processRuns(n) {
			continue
		}
		os.Remove(m)
	}
}

// globEscape quotes the characters filepath.Match treats specially.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[]\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Write writes to the temporary file.
func (f *File) Write(p []byte) (int, error) { return f.f.Write(p) }

// Commit syncs and closes the temporary file and renames it to the final path.
// On error the temporary file is removed and the error, an *OutputError,
// names the final path.
func (f *File) Commit() error {
	if f.tmp == "" {
		return outputError("close", f.path, os.ErrClosed)
	}
	if err := f.f.Sync(); err != nil {
		f.Remove()
		return outputError("sync", f.path, err)
	}
	err := f.f.Close()
	f.f = nil
	if err != nil {
		f.Remove()
		return outputError("close", f.path, err)
	}
	if err := os.Rename(f.tmp, f.path); err != nil {
		f.Remove()
		return outputError("rename", f.path, err)
	}
	f.tmp = ""
	return nil
}

// Remove closes and removes the temporary file, leaving nothing under either
// name. It does nothing after Commit, and returns an error only when the
// temporary file could not be removed.
func (f *File) Remove() error {
	if f.f != nil {
		f.f.Close()
		f.f = nil
	}
	if f.tmp == "" {
		return nil
	}
	tmp := f.tmp
	f.tmp = ""
	if err := os.Remove(tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("report: remove temporary file: %w", err)
	}
	return nil
}

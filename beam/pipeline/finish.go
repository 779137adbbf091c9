package pipeline

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pgnscan/pgnscan/internal/report"
)

// Files of the output folder beside the tables.
const (
	ManifestFile    = "manifest.json" // the Manifest: every part file of the run and the counts
	SummaryFile     = "summary.txt"   // the merged summary, as pgnscan scan prints it
	SummaryJSONFile = "summary.json"  // the merged summary as a summary file (pgnscan report reads it)
)

// Finish completes the output folder out of a run whose combined parts are m: it checks that
// every part file m names exists, removes every other part file under the tables' folders
// (those of attempts that failed or were retried, and of an earlier run into the same folder)
// and the folders left empty, then writes the manifest and the merged summary (each whole or
// not at all). It is the pipeline's last step, run once with the combine's result.
func Finish(out string, m Manifest) error {
	keep := map[string]bool{}
	for _, p := range m.Parts {
		for _, f := range p.Files {
			path := filepath.Join(out, filepath.FromSlash(f))
			if _, err := os.Stat(path); err != nil {
				return fmt.Errorf("part file of shard %s: %w", p.Shard, err)
			}
			keep[path] = true
		}
	}
	for _, table := range []string{FindingsDir, GamesDir, ErrorsDir} {
		if err := removeStrays(filepath.Join(out, table), keep); err != nil {
			return err
		}
	}
	js, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := writeWhole(filepath.Join(out, ManifestFile), func(w io.Writer) error {
		_, err := w.Write(append(js, '\n'))
		return err
	}); err != nil {
		return err
	}
	sum, err := mergedSummary(out, m)
	if err != nil {
		return err
	}
	if err := writeWhole(filepath.Join(out, SummaryJSONFile), sum.WriteJSON); err != nil {
		return err
	}
	return writeWhole(filepath.Join(out, SummaryFile), func(w io.Writer) error {
		_, err := sum.WriteTo(w)
		return err
	})
}

// mergedSummary merges the summary files of the parts (report.MergeSummaries): the summary a
// scan of the whole files gives, but the elapsed time, the sum of the shards' (the work, not
// the wall time).
func mergedSummary(out string, m Manifest) (*report.Summary, error) {
	var ss []*report.Summary
	for _, p := range m.Parts {
		for _, f := range p.Files {
			if !strings.HasSuffix(f, ".json") {
				continue
			}
			s, err := report.ReadSummaryJSON(filepath.Join(out, filepath.FromSlash(f)))
			if err != nil {
				return nil, fmt.Errorf("summary of shard %s: %w", p.Shard, err)
			}
			ss = append(ss, s)
		}
	}
	return report.MergeSummaries(ss...), nil
}

// isPartFile reports whether a file name is one the shards write: a part file
// (part-NAME.parquet), a shard's summary (_summary-NAME.json), or the temporary name of either
// while written (.part-NAME.parquet.PID.tmp, ._summary-NAME.json.PID.tmp).
func isPartFile(name string) bool {
	final := strings.TrimPrefix(name, ".")
	if final != name {
		if !strings.HasSuffix(final, ".tmp") {
			return false
		}
		i := strings.LastIndexByte(final[:len(final)-len(".tmp")], '.')
		if i < 0 {
			return false
		}
		final = final[:i]
	}
	return strings.HasPrefix(final, "part-") && strings.HasSuffix(final, ".parquet") ||
		strings.HasPrefix(final, "_summary-") && strings.HasSuffix(final, ".json")
}

// removeStrays removes the part files under dir that keep does not hold, then the folders
// under dir left empty (dir too). Other files are left alone. A missing dir is no error.
func removeStrays(dir string, keep map[string]bool) error {
	var dirs []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		switch {
		case errors.Is(err, fs.ErrNotExist) && path == dir:
			return fs.SkipDir
		case err != nil:
			return err
		case d.IsDir():
			dirs = append(dirs, path)
		case isPartFile(d.Name()) && !keep[path]:
			if err := os.Remove(path); err != nil {
				return fmt.Errorf("remove stray part file: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	slices.Reverse(dirs) // innermost first
	for _, d := range dirs {
		os.Remove(d) // only when empty
	}
	return nil
}

// writeWhole writes a file through write under a temporary name and renames it when whole.
func writeWhole(path string, write func(io.Writer) error) error {
	f, err := report.CreateFile(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Remove()
		return &report.OutputError{Op: "write", Path: path, Err: err}
	}
	return f.Commit()
}

// mkdirAll makes a folder and those above it.
func mkdirAll(dir string) error {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return &report.OutputError{Op: "create", Path: dir, Err: err}
	}
	return nil
}

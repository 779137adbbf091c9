package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/shardscan"
)

// Files of the output folder beside the tables.
const (
	ManifestFile    = "manifest.json" // the Manifest: every part file of the run and the counts
	SummaryFile     = "summary.txt"   // the merged summary, as pgnscan scan prints it
	SummaryJSONFile = "summary.json"  // the merged summary as a summary file (pgnscan report reads it)
)

// Finish completes the output out (a folder or a gs:// or s3:// prefix, see openStore) of a run whose
// combined parts are m: it checks that every part file m names exists, removes every other
// part file under the tables' folders (those of attempts that failed or were retried, and of
// an earlier run into the same output), then writes the manifest and the merged summary (each
// whole or not at all). It is the pipeline's last step, run once with the combine's result.
func Finish(ctx context.Context, out string, m Manifest) error {
	st, err := openStore(out)
	if err != nil {
		return err
	}
	var names []string
	for _, table := range []string{FindingsDir, GamesDir, ErrorsDir} {
		ns, err := st.List(ctx, table)
		if err != nil {
			return err
		}
		names = append(names, ns...)
	}
	have := map[string]bool{}
	for _, n := range names {
		have[n] = true
	}
	keep := map[string]bool{}
	for _, p := range m.Parts {
		for _, f := range p.Files {
			if !have[f] {
				return fmt.Errorf("part file of shard %s: %s: %w", p.Shard, f, fs.ErrNotExist)
			}
			keep[f] = true
		}
	}
	for _, n := range names {
		if isPartFile(path.Base(n)) && !keep[n] {
			if err := st.Remove(ctx, n); err != nil {
				return err
			}
		}
	}
	js, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := st.Create(ctx, ManifestFile, func(w io.Writer) error {
		_, err := w.Write(append(js, '\n'))
		return err
	}); err != nil {
		return err
	}
	sum, err := mergedSummary(ctx, st, m)
	if err != nil {
		return err
	}
	if err := st.Create(ctx, SummaryJSONFile, sum.WriteJSON); err != nil {
		return err
	}
	return st.Create(ctx, SummaryFile, func(w io.Writer) error {
		_, err := sum.WriteTo(w)
		return err
	})
}

// mergedSummary merges the summary files of the parts (report.MergeSummaries): the summary a
// scan of the whole files gives, but the elapsed time, the sum of the shards' (the work, not
// the wall time).
func mergedSummary(ctx context.Context, st store, m Manifest) (*report.Summary, error) {
	var ss []*report.Summary
	for _, p := range m.Parts {
		for _, f := range p.Files {
			if !strings.HasSuffix(f, ".json") {
				continue
			}
			s, err := readSummary(ctx, st, f)
			if err != nil {
				return nil, fmt.Errorf("summary of shard %s: %w", p.Shard, err)
			}
			ss = append(ss, s)
		}
	}
	return report.MergeSummaries(ss...), nil
}

// readSummary reads the summary file name of st (report.DecodeSummaryJSON).
func readSummary(ctx context.Context, st store, name string) (*report.Summary, error) {
	r, err := st.Open(ctx, name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	var s *report.Summary
	if err == nil {
		s, err = report.DecodeSummaryJSON(b)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return s, nil
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
	summary, _ := path.Match(shardscan.SummaryGlob, final)
	return strings.HasPrefix(final, "part-") && strings.HasSuffix(final, ".parquet") || summary
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

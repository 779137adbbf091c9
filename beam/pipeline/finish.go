package pipeline

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/scan"
)

// Finish completes the outputs of a run whose combined parts are m: it checks that every part
// file m names exists, removes every other part file in the tables' folders (those of attempts
// that failed or were retried, and of an earlier run into the same folders), merges the errors
// parts into the errors file (in the order of files, the run's input files, then by shard) and
// removes them, and last writes the manifest in the findings folder (whole or not at all). It
// is the pipeline's last step, run once with the combine's result. ropts are recorded in the
// errors file.
func Finish(ctx context.Context, outs Outputs, files []string, m Manifest, ropts report.Options) error {
	keep := map[string]bool{}
	for _, p := range m.Parts {
		for _, f := range p.Files {
			keep[f] = true
		}
	}
	have, err := listRun(ctx, outs)
	if err != nil {
		return err
	}
	for _, p := range m.Parts {
		for _, f := range p.Files {
			if !slices.Contains(have, f) {
				return fmt.Errorf("part file of shard %s: %s: %w", p.Shard, f, fs.ErrNotExist)
			}
		}
	}
	if err := removeRun(ctx, outs, have, func(name string) bool { return !keep[name] }); err != nil {
		return err
	}
	sum, err := mergedSummary(ctx, outs, m)
	if err != nil {
		return err
	}
	// Without errors parts in m (a final step run again with the manifest it wrote), the
	// errors file is already whole.
	if outs.Errors != "" && m.has(ErrorsTable) {
		if err := mergeErrors(ctx, outs, files, m, sum, ropts); err != nil {
			return err
		}
		m.dropTable(ErrorsTable)
	}
	js, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	st, err := openStore(outs.Findings)
	if err != nil {
		return err
	}
	return st.Create(ctx, ManifestFile, func(w io.Writer) error {
		_, err := w.Write(append(js, '\n'))
		return err
	})
}

// Abandon cleans the outputs of a run that failed: it removes every part file the run's
// shards wrote, leaving the files of the earlier run that the manifest in the findings folder
// names, if any and if they are all there (else the manifest too). The errors file is never
// touched: a run replaces it only in its final step.
func Abandon(ctx context.Context, outs Outputs) error {
	have, err := listRun(ctx, outs)
	if err != nil {
		return err
	}
	keep := map[string]bool{}
	if m, err := ReadManifest(ctx, outs); err == nil {
		for _, p := range m.Parts {
			for _, f := range p.Files {
				keep[f] = true
			}
		}
		for f := range keep {
			if !slices.Contains(have, f) {
				keep = map[string]bool{} // the earlier run's output is not whole: it goes too
				break
			}
		}
		if len(keep) == 0 && len(m.Parts) > 0 {
			if st, err := openStore(outs.Findings); err == nil {
				st.Remove(ctx, ManifestFile)
			}
		}
	}
	return removeRun(ctx, outs, have, func(name string) bool { return !keep[name] })
}

// ReadManifest reads the manifest of the run whose outputs are outs.
func ReadManifest(ctx context.Context, outs Outputs) (Manifest, error) {
	var m Manifest
	st, err := openStore(outs.Findings)
	if err != nil {
		return m, err
	}
	r, err := st.Open(ctx, ManifestFile)
	if err != nil {
		return m, err
	}
	defer r.Close()
	err = json.NewDecoder(r).Decode(&m)
	return m, err
}

// ReadSummary returns the merged summary of the finished run whose outputs are outs: the
// summary files its manifest names, merged (see mergedSummary).
func ReadSummary(ctx context.Context, outs Outputs) (*report.Summary, error) {
	m, err := ReadManifest(ctx, outs)
	if err != nil {
		return nil, err
	}
	return mergedSummary(ctx, outs, m)
}

// listRun lists the part files (TABLE/REL) in the folders of the tables of outs.
func listRun(ctx context.Context, outs Outputs) ([]string, error) {
	var names []string
	for _, table := range outs.tables() {
		f, _ := outs.folder(table)
		st, err := openStore(f.root)
		if err != nil {
			return nil, err
		}
		ns, err := st.List(ctx, f.sub)
		if err != nil {
			return nil, err
		}
		for _, n := range ns {
			if isPartFile(path.Base(n)) {
				rel := strings.TrimPrefix(strings.TrimPrefix(n, f.sub), "/")
				names = append(names, table+"/"+rel)
			}
		}
	}
	return names, nil
}

// removeRun removes the part files among names (as listRun gives them) that drop selects.
func removeRun(ctx context.Context, outs Outputs, names []string, drop func(string) bool) error {
	for _, n := range names {
		if !drop(n) {
			continue
		}
		st, name, err := outs.locate(n)
		if err != nil {
			return err
		}
		if err := st.Remove(ctx, name); err != nil {
			return err
		}
	}
	return nil
}

// mergeErrors writes the errors parts of m into the errors file of outs, in the order of the
// files (then by shard), with the merged summary in its metadata, and removes the parts. The
// file is written locally and then published whole (store.Create): an earlier file is replaced
// whole or not at all.
func mergeErrors(ctx context.Context, outs Outputs, files []string, m Manifest, sum *report.Summary, ropts report.Options) error {
	tmp, err := os.MkdirTemp("", "pgnscan-errors-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	dir, base := splitOut(outs.Errors)
	local := filepath.Join(tmp, base)
	w, err := report.Create[report.Error](local, ropts)
	if err != nil {
		return err
	}
	defer w.Abort()
	var parts []string
	for _, p := range inputOrder(m.Parts, files) {
		for _, f := range p.Files {
			if strings.HasPrefix(f, ErrorsTable+"/") {
				parts = append(parts, f)
			}
		}
	}
	for _, f := range parts {
		if err := copyRows(ctx, outs, f, filepath.Join(tmp, "part.parquet"), w); err != nil {
			return err
		}
	}
	w.SetSummary(sum)
	if err := w.Close(); err != nil {
		return err
	}
	st, err := openStore(dir)
	if err != nil {
		return err
	}
	if err := st.Create(ctx, base, func(dst io.Writer) error {
		f, err := os.Open(local)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = io.Copy(dst, f)
		return err
	}); err != nil {
		return err
	}
	return removeRun(ctx, outs, parts, func(string) bool { return true })
}

// copyRows copies the rows of the errors part f into w, through a local copy at local.
func copyRows(ctx context.Context, outs Outputs, f, local string, w *report.Writer[report.Error]) error {
	st, name, err := outs.locate(f)
	if err != nil {
		return err
	}
	r, err := st.Open(ctx, name)
	if err != nil {
		return err
	}
	dst, err := os.Create(local)
	if err == nil {
		_, err = io.Copy(dst, r)
		err = errors.Join(err, dst.Close())
	}
	r.Close()
	if err != nil {
		return fmt.Errorf("errors part %s: %w", f, err)
	}
	return report.ReadRows(local, func(e *report.Error) error { return w.Write(e) })
}

// inputOrder returns parts in the order of a scan of files: by file, then by the shard's start.
func inputOrder(parts []Part, files []string) []Part {
	type keyed struct {
		p          Part
		file       int
		start, end int64
	}
	ks := make([]keyed, len(parts))
	for i, p := range parts {
		ks[i] = keyed{p: p, file: len(files)}
		if sh, err := input.ParseShard(p.Shard); err == nil {
			ks[i].start, ks[i].end = sh.Start, sh.End
			if j := slices.Index(files, sh.Path); j >= 0 {
				ks[i].file = j
			}
		}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int {
		return cmp.Or(cmp.Compare(a.file, b.file), cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end))
	})
	out := make([]Part, len(ks))
	for i, k := range ks {
		out[i] = k.p
	}
	return out
}

// mergedSummary merges the summary files of the parts (report.MergeSummaries): the summary a
// scan of the whole files gives, but the elapsed time, the sum of the shards' (the work, not
// the wall time).
func mergedSummary(ctx context.Context, outs Outputs, m Manifest) (*report.Summary, error) {
	var ss []*report.Summary
	for _, p := range m.Parts {
		for _, f := range p.Files {
			if !strings.HasSuffix(f, ".json") {
				continue
			}
			s, err := readSummary(ctx, outs, f)
			if err != nil {
				return nil, fmt.Errorf("summary of shard %s: %w", p.Shard, err)
			}
			ss = append(ss, s)
		}
	}
	return report.MergeSummaries(scan.Names(), ss...), nil
}

// readSummary reads the summary file f (TABLE/REL) of a run (report.DecodeSummaryJSON).
func readSummary(ctx context.Context, outs Outputs, f string) (*report.Summary, error) {
	st, name, err := outs.locate(f)
	if err != nil {
		return nil, err
	}
	r, err := st.Open(ctx, name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	var s *report.Summary
	if err == nil {
		s, err = report.DecodeSummaryJSON(b, scan.Names())
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f, err)
	}
	return s, nil
}

// partName matches the final names of the files the shards write: part files
// (part-SHARD~ATTEMPT.parquet, part-SHARD~ATTEMPT-N.parquet for a partition reopened) and
// summaries (_summary-SHARD~ATTEMPT.json), ATTEMPT being hex (newAttempt). A scan's own part
// files (part-0.parquet) and a user's files do not match.
var partName = regexp.MustCompile(`^(part-.+~[0-9a-f]+(-[0-9]+)?\.parquet|_summary-.+~[0-9a-f]+\.json)$`)

// isPartFile reports whether a file name is one the shards write, final or under its
// temporary name while written (.NAME.PID.tmp, .NAME.PID-N.tmp: report.CreateFile).
func isPartFile(name string) bool {
	if partName.MatchString(name) {
		return true
	}
	final, ok := tempOf(name)
	return ok && partName.MatchString(final)
}

// tempName matches report.CreateFile's temporary names, .NAME.PID.tmp and .NAME.PID-N.tmp.
var tempName = regexp.MustCompile(`^\.(.+)\.[0-9]+(-[0-9]+)?\.tmp$`)

// tempOf returns the final name of a temporary name (see tempName).
func tempOf(name string) (string, bool) {
	m := tempName.FindStringSubmatch(name)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// isTempOf reports whether name is a temporary name of the file final.
func isTempOf(name, final string) bool {
	f, ok := tempOf(name)
	return ok && f == final
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

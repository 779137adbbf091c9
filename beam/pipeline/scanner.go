package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/pgnscan/pgnscan/beam/objread"
	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/rules"
	"github.com/pgnscan/pgnscan/internal/scan"
	"github.com/pgnscan/pgnscan/internal/shardscan"
)

// Opener opens a shard's file for reading at any offset: a reader and the file's size. When
// the reader is also an io.Closer it is closed after the shard's scan. Nil opens local files.
type Opener = func(path string) (io.ReaderAt, int64, error)

// objectOpener is the Opener of the workers: objread.Open with ctx (local files, gs:// and
// s3:// objects).
func objectOpener(ctx context.Context) Opener {
	return func(path string) (io.ReaderAt, int64, error) { return objread.Open(ctx, path) }
}

// Options are what every shard's scan is asked to do: the rule editions as `pgnscan scan`
// takes them, the partition keys, and how many analysis goroutines a shard's scan runs (what
// to write is the run's Outputs). They travel to the workers inside the DoFn (JSON-encoded),
// so they hold only plain values.
type Options struct {
	Edition           string `json:"edition"`          // --edition list (auto, fide2023, lichess, ...)
	FallbackEdition   string `json:"fallback_edition"` // --fallback-edition
	Fivefold2014      string `json:"fivefold_2014"`    // --fivefold-2014: consecutive or any
	NoAgreementBefore int    `json:"no_agreement_before"`
	Partition         string `json:"partition"` // --partition keys of the findings and games folders
	Workers           int    `json:"workers"`   // analysis goroutines per shard; 0: the CPUs
	// CommandLine is the launcher's, recorded in the errors file's metadata (the part files
	// record their shard's).
	CommandLine []string `json:"command_line"`
}

// Selection returns the editions of o, or the error of a bad flag value (the partition keys
// are checked too).
func (o Options) Selection() (*rules.Selection, error) {
	so, err := o.scanOptions()
	return so.Selection, err
}

// scanOptions are o as shardscan takes them, without the outputs: the partition keys and the
// edition list parsed once (once per shard: ScanShard calls it).
func (o Options) scanOptions() (shardscan.Options, error) {
	keys, err := report.ParsePartition(o.Partition)
	if err != nil {
		return shardscan.Options{}, err
	}
	sel, err := rules.Flags{Editions: o.Edition, Fallback: o.FallbackEdition, Fivefold2014: o.Fivefold2014,
		NoAgreementBefore: o.NoAgreementBefore}.Selection()
	if err != nil {
		return shardscan.Options{}, err
	}
	return shardscan.Options{Selection: sel, Partition: keys, Workers: o.Workers}, nil
}

// ScanShard scans one shard (shardscan.ScanShard) into part files in the outputs outs (see
// Outputs). Into local folders it writes them in place (scanInto); when an output is a gs://
// or s3:// path, it writes them in a local temporary folder and then uploads each to its
// place, the local ones removed: a failed upload fails the shard and leaves no object of it.
func ScanShard(ctx context.Context, sh input.Shard, outs Outputs, attempt string, o Options, open Opener) (Part, error) {
	if !outs.remote() {
		return scanInto(ctx, sh, localFolders(outs), attempt, o, open)
	}
	dir, err := os.MkdirTemp("", "pgnscan-shard-")
	if err != nil {
		return Part{}, fmt.Errorf("shard %s: %w", sh, err)
	}
	defer os.RemoveAll(dir)
	local := map[string]string{}
	for _, t := range outs.tables() {
		local[t] = filepath.Join(dir, t)
	}
	p, err := scanInto(ctx, sh, local, attempt, o, open)
	if err != nil {
		return Part{}, err
	}
	if err := upload(ctx, outs.locate, dir, p.Files); err != nil {
		return Part{}, fmt.Errorf("shard %s: %w", sh, err)
	}
	return p, nil
}

// localFolders returns the local folders of the tables of outs (all local).
func localFolders(outs Outputs) map[string]string {
	dirs := map[string]string{}
	for _, t := range outs.tables() {
		f, _ := outs.folder(t)
		dirs[t] = filepath.Join(f.root, filepath.FromSlash(f.sub))
	}
	return dirs
}

// scanInto scans one shard (shardscan.ScanShard) into part files in the local folders of the
// tables (dirs: table → folder; the findings always, games and errors when present): the
// findings (and games) as Hive-partitioned Parquet, split by o.Partition, the errors as one
// Parquet file, every file named part-NAME.parquet where NAME is the shard's part name and the
// attempt, and the shard's summary beside the findings, _summary-NAME.json. The shard's file
// is read through open (nil: local files). A file the shard cannot be read from (missing,
// damaged, past its end) fails the shard with an error naming the shard (file and byte
// range), as does a damaged stream inside it; a game that cannot be read is an errors row, as
// in `pgnscan scan`. On error the files of this attempt are removed. The part's files are
// named TABLE/REL.
func scanInto(ctx context.Context, sh input.Shard, dirs map[string]string, attempt string, o Options, open Opener) (Part, error) {
	so, err := o.scanOptions()
	if err != nil {
		return Part{}, err
	}
	name := sh.PartName() + "~" + attempt
	so.Open, so.PartName, so.Out = open, name, dirs[FindingsTable]
	so.SummaryFile = filepath.Join(so.Out, shardscan.SummaryName(name))
	so.CommandLine = []string{"pgnscan-beam", "shard", sh.String()}
	so.Games = dirs[GamesTable]
	if dir := dirs[ErrorsTable]; dir != "" {
		so.Errors = filepath.Join(dir, "part-"+name+".parquet")
		if err := mkdirAll(dir); err != nil {
			return Part{}, err
		}
	}
	st, err := shardscan.ScanShard(ctx, sh, so)
	if so.Errors != "" && (err == nil || errors.Is(err, scan.ErrInputFailed)) {
		st.Files = append(st.Files, so.Errors)
	}
	if err != nil {
		removeAll(st.Files)
		if !strings.Contains(err.Error(), fmt.Sprintf("@%d-%d", sh.Start, sh.End)) {
			err = fmt.Errorf("shard %s: %w", sh, err) // name the range, not only the file
		}
		return Part{}, err
	}
	p := Part{Shard: sh.String(), Attempt: attempt, Games: st.Games, Errors: st.ErrorGames, Findings: st.Findings}
	for _, f := range st.Files {
		name, err := tableName(dirs, f)
		if err != nil {
			return Part{}, fmt.Errorf("shard %s: %w", sh, err)
		}
		p.Files = append(p.Files, name)
	}
	return p, nil
}

// tableName names the file f, written in one of the tables' folders dirs, TABLE/REL.
func tableName(dirs map[string]string, f string) (string, error) {
	for _, t := range []string{FindingsTable, GamesTable, ErrorsTable} {
		if dir := dirs[t]; dir != "" {
			if rel, err := filepath.Rel(dir, f); err == nil && !strings.HasPrefix(rel, "..") {
				return t + "/" + filepath.ToSlash(rel), nil
			}
		}
	}
	return "", fmt.Errorf("%s: written outside the tables' folders", f)
}

// removeAll removes files, ignoring errors (what is left is a stray that Finish removes).
func removeAll(files []string) {
	for _, f := range files {
		os.Remove(f)
	}
}

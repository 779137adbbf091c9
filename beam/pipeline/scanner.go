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
// takes them, what to write, and how many analysis goroutines a shard's scan runs. They travel
// to the workers inside the DoFn (JSON-encoded), so they hold only plain values.
type Options struct {
	Edition           string `json:"edition"`          // --edition list (auto, fide2023, lichess, ...)
	FallbackEdition   string `json:"fallback_edition"` // --fallback-edition
	Fivefold2014      string `json:"fivefold_2014"`    // --fivefold-2014: consecutive or any
	NoAgreementBefore int    `json:"no_agreement_before"`
	Partition         string `json:"partition"` // --partition keys of the findings and games folders
	Games             bool   `json:"games"`     // also write the games table (OUT/games/...)
	Errors            bool   `json:"errors"`    // also write the errors table (OUT/errors/...)
	Workers           int    `json:"workers"`   // analysis goroutines per shard; 0: the CPUs
}

// Tables of the output folder: the partitioned findings and games, and the errors, each in
// a folder of its own.
const (
	FindingsDir = "findings"
	GamesDir    = "games"
	ErrorsDir   = "errors"
)

// Selection returns the editions of o, or the error of a bad flag value.
func (o Options) Selection() (*rules.Selection, error) {
	if _, err := report.ParsePartition(o.Partition); err != nil {
		return nil, err
	}
	return rules.Flags{Editions: o.Edition, Fallback: o.FallbackEdition, Fivefold2014: o.Fivefold2014,
		NoAgreementBefore: o.NoAgreementBefore}.Selection()
}

// scanOptions are o as shardscan takes them, without the outputs: the editions parsed once.
func (o Options) scanOptions() (shardscan.Options, error) {
	sel, err := o.Selection()
	if err != nil {
		return shardscan.Options{}, err
	}
	keys, _ := report.ParsePartition(o.Partition) // checked by Selection
	return shardscan.Options{Selection: sel, Partition: keys, Workers: o.Workers}, nil
}

// ScanShard scans one shard (shardscan.ScanShard) into part files under out, a folder or a
// gs:// or s3:// BUCKET/PREFIX. Into a bucket's prefix, the files are written in a local temporary folder
// (see scanInto) and then uploaded, each to the same name under the prefix, the local ones
// removed; a failed upload fails the shard and leaves no object of it.
func ScanShard(ctx context.Context, sh input.Shard, out, attempt string, o Options, open Opener) (Part, error) {
	if !objread.IsRemote(out) {
		return scanInto(ctx, sh, out, attempt, o, open)
	}
	st, err := openStore(out)
	if err != nil {
		return Part{}, err
	}
	dir, err := os.MkdirTemp("", "pgnscan-shard-")
	if err != nil {
		return Part{}, fmt.Errorf("shard %s: %w", sh, err)
	}
	defer os.RemoveAll(dir)
	p, err := scanInto(ctx, sh, dir, attempt, o, open)
	if err != nil {
		return Part{}, err
	}
	if err := upload(ctx, st, dir, p.Files); err != nil {
		return Part{}, fmt.Errorf("shard %s: %w", sh, err)
	}
	return p, nil
}

// scanInto scans one shard (shardscan.ScanShard) into part files under the folder out: the findings
// (and games) as Hive-partitioned Parquet in out/findings (out/games), split by o.Partition,
// the errors in out/errors, every file named part-NAME.parquet where NAME is the shard's part
// name and the attempt, and the shard's summary in out/findings/_summary-NAME.json. The
// shard's file is read through open (nil: local files). A file the shard cannot be read from
// (missing, damaged, past its end) fails the shard with an error naming the shard (file and
// byte range), as does a damaged stream inside it; a game that cannot be read is an errors
// row, as in `pgnscan scan`. On error the files of this attempt are removed.
func scanInto(ctx context.Context, sh input.Shard, out, attempt string, o Options, open Opener) (Part, error) {
	so, err := o.scanOptions()
	if err != nil {
		return Part{}, err
	}
	name := sh.PartName() + "~" + attempt
	so.Open, so.PartName, so.Out = open, name, filepath.Join(out, FindingsDir)
	so.SummaryFile = filepath.Join(so.Out, shardscan.SummaryName(name))
	so.CommandLine = []string{"pgnscan-beam", "shard", sh.String()}
	if o.Games {
		so.Games = filepath.Join(out, GamesDir)
	}
	if o.Errors {
		so.Errors = filepath.Join(out, ErrorsDir, "part-"+name+".parquet")
		if err := mkdirAll(filepath.Dir(so.Errors)); err != nil {
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
		rel, err := filepath.Rel(out, f)
		if err != nil {
			return Part{}, fmt.Errorf("shard %s: %w", sh, err)
		}
		p.Files = append(p.Files, filepath.ToSlash(rel))
	}
	return p, nil
}

// removeAll removes files, ignoring errors (what is left is a stray that Finish removes).
func removeAll(files []string) {
	for _, f := range files {
		os.Remove(f)
	}
}

package pipeline

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/rules"
	"github.com/pgnscan/pgnscan/internal/scan"
)

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

// Selection returns the editions of o, or a usage error naming the bad flag value.
func (o Options) Selection() (*rules.Selection, error) {
	sel, err := rules.NewSelection(o.Edition, o.FallbackEdition, o.Fivefold2014)
	if err != nil {
		return nil, err
	}
	if err := sel.SetNoAgreementBefore(o.NoAgreementBefore); err != nil {
		return nil, err
	}
	if _, err := report.ParsePartition(o.Partition); err != nil {
		return nil, err
	}
	return sel, nil
}

// ScanShard scans one shard into part files under out: the findings (and games) as
// Hive-partitioned Parquet in out/findings (out/games), split by o.Partition, and the errors in
// out/errors, every file named part-NAME.parquet (see report.CreatePartitionedShard), where
// NAME is the shard's part name and the attempt. A file the shard cannot be read from (missing,
// damaged, past its end) fails the shard with an error naming the shard (file and byte range);
// a game that cannot be read is an errors row, as in `pgnscan scan`. On error the files of
// this attempt are removed.
func ScanShard(ctx context.Context, sh scan.Shard, out, attempt string, o Options) (Part, error) {
	sel, err := o.Selection()
	if err != nil {
		return Part{}, err
	}
	src, err := sh.Source()
	if err != nil {
		return Part{}, err // names the shard
	}
	name := sh.PartName() + "~" + attempt
	outs, err := createOutputs(out, name, o)
	if err != nil {
		return Part{}, fmt.Errorf("shard %s: %w", sh, err)
	}
	defer outs.Abort() // a no-op once closed
	cfg := scan.Config{Sources: []scan.Source{src}, Selection: sel, Workers: o.Workers, FullGames: o.Games}
	if err := scan.Run(ctx, cfg, outs); err != nil {
		return Part{}, fmt.Errorf("shard %s: %w", sh, err)
	}
	if err := ctx.Err(); err != nil {
		return Part{}, fmt.Errorf("shard %s: %w", sh, err)
	}
	if err := outs.Close(); err != nil {
		return Part{}, fmt.Errorf("shard %s: %w", sh, err)
	}
	p := partOf(outs.Summary)
	p.Shard, p.Attempt = sh.String(), attempt
	for _, f := range filesOf(outs) {
		rel, err := filepath.Rel(out, f)
		if err != nil {
			return Part{}, fmt.Errorf("shard %s: %w", sh, err)
		}
		p.Files = append(p.Files, filepath.ToSlash(rel))
	}
	return p, nil
}

// createOutputs opens the tables of one attempt at a shard.
func createOutputs(out, name string, o Options) (*report.Outputs, error) {
	keys, err := report.ParsePartition(o.Partition)
	if err != nil {
		return nil, err
	}
	opts := report.Options{CommandLine: []string{"pgnscan-beam", "shard", name}}
	outs := &report.Outputs{Summary: report.NewSummary()}
	if outs.FindingsParts, err = report.CreatePartitionedShard[report.Finding](filepath.Join(out, FindingsDir), keys, name, opts); err != nil {
		return nil, err
	}
	if o.Games {
		if outs.GamesParts, err = report.CreatePartitionedShard[report.Game](filepath.Join(out, GamesDir), keys, name, opts); err != nil {
			outs.Abort()
			return nil, err
		}
	}
	if o.Errors {
		path := filepath.Join(out, ErrorsDir, "part-"+name+".parquet")
		if outs.Errors, err = createIn[report.Error](path, opts); err != nil {
			outs.Abort()
			return nil, err
		}
	}
	return outs, nil
}

// createIn creates a table file, making its folder first.
func createIn[R report.Row](path string, opts report.Options) (*report.Writer[R], error) {
	if err := mkdirAll(filepath.Dir(path)); err != nil {
		return nil, err
	}
	return report.Create[R](path, opts)
}

// filesOf lists the files the closed outputs wrote.
func filesOf(o *report.Outputs) []string {
	var files []string
	if o.FindingsParts != nil {
		files = append(files, o.FindingsParts.Files()...)
	}
	if o.GamesParts != nil {
		files = append(files, o.GamesParts.Files()...)
	}
	if o.Errors != nil {
		files = append(files, o.Errors.Path())
	}
	return files
}

// partOf takes a shard's counts from its finished summary.
func partOf(s *report.Summary) Part {
	p := Part{Games: s.Games(), Errors: s.GamesWithErrors(), Findings: s.Findings()}
	for _, in := range s.Inputs() {
		p.Inputs = append(p.Inputs, InputCount{Name: in.Name, Games: in.Games, Errors: in.Errors})
	}
	for _, e := range s.Editions() {
		ec := EditionCount{Edition: e.Edition, Games: e.Games}
		for _, r := range e.Rules {
			ec.Findings += r.Findings
		}
		p.Editions = append(p.Editions, ec)
	}
	return p
}

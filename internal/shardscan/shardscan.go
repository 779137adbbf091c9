// Package shardscan is the wiring of a scan, sources to outputs: it creates the findings,
// games and errors outputs (files, or Hive-partitioned part files), runs the scan pipeline
// over the sources, closes the outputs and writes the scan's machine-readable summary.
// Package audit's Write (which `pgnscan scan` calls) and the Beam adapter (the nested module
// beam/) call it; ScanShard
// scans one shard of a plan (input.Shard) through a random-access reader, so that a worker
// can read local files, gs:// or s3:// objects alike.
package shardscan

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/pgnout"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/rules"
	"github.com/pgnscan/pgnscan/internal/scan"
)

// Options say what a scan judges and writes. Out is required; every other field has a default.
type Options struct {
	// Open opens a shard's file for ScanShard: a random-access reader and its size in bytes.
	// When the reader is also an io.Closer, ScanShard closes it. Nil opens local files
	// (os.Open).
	Open func(path string) (io.ReaderAt, int64, error)

	// Selection is the editions every game is judged under, parsed once by the caller
	// (rules.Flags.Selection); nil means the flags' defaults.
	Selection *rules.Selection

	// Out is the findings output: a .parquet or .csv file ("-": CSV on Stdout), or with
	// Partition the directory of Hive-partitioned part files. Games and Errors, when set, are
	// the games and errors outputs alike (Errors is always a file: its rows have no date).
	Out, Games, Errors string
	// Partition lists the partition keys of Out and Games (report.ParsePartition); nil writes
	// files. ScanShard requires it.
	Partition []string
	// PartName names this scan's part files (part-NAME.parquet) among those of other scans that
	// write into the same partitioned output; "" for a scan that owns its output directory.
	// ScanShard sets it to the shard's PartName.
	PartName string
	// SummaryFile, when set, receives the scan's summary as JSON (report.Summary.WriteJSON),
	// which `pgnscan report` merges across shards. Empty, a scan with Partition and PartName
	// (a shard's, as ScanShard makes it) writes Out/_summary-PARTNAME.json (see SummaryName).
	SummaryFile string

	Workers  int            // analysis goroutines; 0 means the number of CPUs
	Stdin    io.Reader      // read for the input "-"; nil means os.Stdin
	Stdout   io.Writer      // written for the output "-"; nil means os.Stdout
	Progress *scan.Progress // nil: no progress display
	Tap      report.Tap     // also fed every findings and games row (the HTML report); nil: none

	// PGNOut, when set, receives every game with a finding that PGNFilter keeps, annotated
	// (internal/pgnout), in input order.
	PGNOut    string
	PGNFilter pgnout.Filter

	Version     string   // recorded in Parquet metadata
	CommandLine []string // recorded in Parquet metadata
}

// Stats is what a scan wrote and counted.
type Stats struct {
	Files      []string // the files written: part files (or output files), then the summary file
	Games      int64    // games read
	Findings   int64    // findings rows
	ErrorGames int64    // games not read whole (errors rows)
	Summary    *report.Summary
}

// Scan scans srcs (as input.Resolve or input.Shard.Source returns them) and writes the outputs of
// opt. The error is nil, or ctx's error after an interrupt (the outputs then hold every game
// read and the summary says so), or an *scan.InputsError when an input could not be read to its
// end (the outputs are written all the same), or the error of an output that could not be
// written (the outputs are then removed). Stats are filled whenever the outputs were written.
func Scan(ctx context.Context, srcs []input.Source, opt Options) (Stats, error) {
	sel := opt.Selection
	if sel == nil {
		var err error
		if sel, err = (rules.Flags{}).Selection(); err != nil {
			return Stats{}, err
		}
	}
	if opt.SummaryFile == "" && opt.PartName != "" && len(opt.Partition) > 0 {
		opt.SummaryFile = filepath.Join(opt.Out, SummaryName(opt.PartName))
	}
	out, err := create(opt)
	if err != nil {
		return Stats{}, err
	}
	defer out.Abort() // a no-op once closed
	cfg := scan.Config{
		Sources:   srcs,
		Stdin:     opt.Stdin,
		Selection: sel,
		Workers:   opt.Workers,
		FullGames: opt.Games != "" || opt.Tap != nil,
		Progress:  opt.Progress,
	}
	if opt.PGNOut != "" {
		cfg.PGN = &opt.PGNFilter
	}
	out.Tap = opt.Tap
	runErr := scan.Run(ctx, cfg, out)
	interrupted := ctx.Err() != nil
	// After an interrupt, a write to standard output given up (stall.ErrGivenUp, which is a
	// context.Canceled) is part of the interrupt, not an output failure.
	givenUp := func(err error) bool { return interrupted && errors.Is(err, context.Canceled) }
	if runErr != nil && !errors.Is(runErr, scan.ErrInputFailed) && !givenUp(runErr) {
		return Stats{}, runErr // an output failed: Abort (deferred) removes the partial files
	}
	if interrupted {
		out.Summary.SetInterrupted()
	}
	if err := out.Close(); err != nil && !givenUp(err) {
		return Stats{}, err
	}
	st := statsOf(out)
	if opt.SummaryFile != "" {
		if err := writeSummary(out.Summary, opt.SummaryFile); err != nil {
			return st, err
		}
		st.Files = append(st.Files, opt.SummaryFile)
	}
	if interrupted {
		return st, ctx.Err()
	}
	return st, runErr // nil or an *scan.InputsError
}

// ScanShard scans one shard of a plan (input.Plan, input.CountShards) into the partitioned
// output opt.Out, beside the part files of the plan's other shards: its part files are
// part-NAME.parquet (NAME the shard's PartName) and its summary Out/_summary-NAME.json, each
// written under a temporary name and renamed when whole, so a shard scanned again replaces its
// files. The shard's file is read through opt.Open. A file that cannot be opened, a shard past
// its end or whose range is not whole frames, fails with an error naming the file and the
// range, and writes nothing; a file damaged inside the shard fails with an *scan.InputsError
// after its outputs are written (as scan does).
func ScanShard(ctx context.Context, sh input.Shard, opt Options) (Stats, error) {
	if len(opt.Partition) == 0 {
		return Stats{}, errors.New("shardscan: a shard writes part files: set Options.Partition")
	}
	open := opt.Open
	if open == nil {
		open = input.OpenLocal
	}
	r, size, err := open(sh.Path)
	if err != nil {
		return Stats{}, fmt.Errorf("shard %s: %w", sh, err)
	}
	if c, ok := r.(io.Closer); ok {
		defer c.Close()
	}
	src, err := sh.SourceAt(r, size)
	if err != nil {
		return Stats{}, err
	}
	if opt.PartName == "" {
		opt.PartName = sh.PartName()
	}
	return Scan(ctx, []input.Source{src}, opt)
}

// SummaryName is the file name of the summary of the shard whose part files are named
// partName, in its partitioned output: _summary-PARTNAME.json. The leading underscore keeps
// it out of readers of the Parquet files (Spark and Hive skip such names; DuckDB's
// **/*.parquet does not match it).
func SummaryName(partName string) string { return "_summary-" + partName + ".json" }

// SummaryGlob matches the names SummaryName gives (filepath.Match, path.Match), and no part
// file's.
const SummaryGlob = "_summary-*.json"

// create makes the outputs of opt.
func create(opt Options) (*report.Outputs, error) {
	ropts := report.Options{Version: opt.Version, CommandLine: opt.CommandLine, Stdout: opt.Stdout}
	out := &report.Outputs{Summary: report.NewSummary(scan.Names())}
	var err error
	fail := func(err error) (*report.Outputs, error) { out.Abort(); return nil, err }
	if opt.Out == "" {
		return nil, errors.New("shardscan: no findings output (Options.Out)")
	}
	if len(opt.Partition) > 0 {
		if out.FindingsParts, err = createParts[report.Finding](opt.Out, opt, ropts); err != nil {
			return fail(err)
		}
		if opt.Games != "" {
			if out.GamesParts, err = createParts[report.Game](opt.Games, opt, ropts); err != nil {
				return fail(err)
			}
		}
	} else {
		if out.Findings, err = report.Create[report.Finding](opt.Out, ropts); err != nil {
			return fail(err)
		}
		if opt.Games != "" {
			if out.Games, err = report.Create[report.Game](opt.Games, ropts); err != nil {
				return fail(err)
			}
		}
	}
	if opt.Errors != "" {
		if out.Errors, err = report.Create[report.Error](opt.Errors, ropts); err != nil {
			return fail(err)
		}
	}
	if opt.PGNOut != "" {
		if out.PGN, err = report.CreatePGN(opt.PGNOut); err != nil {
			return fail(err)
		}
	}
	return out, nil
}

// createParts creates one partitioned output: of the whole scan, or one scan's part files
// among those of others (Options.PartName).
func createParts[R report.Row](dir string, opt Options, ropts report.Options) (*report.Partitioned[R], error) {
	if opt.PartName == "" {
		return report.CreatePartitioned[R](dir, opt.Partition, ropts)
	}
	return report.CreatePartitionedShard[R](dir, opt.Partition, opt.PartName, ropts)
}

// statsOf returns the files and counts of closed outputs.
func statsOf(out *report.Outputs) Stats {
	st := Stats{Games: out.Summary.Games(), Findings: out.Summary.Findings(),
		ErrorGames: out.Summary.GamesWithErrors(), Summary: out.Summary}
	if out.FindingsParts != nil {
		st.Files = append(st.Files, out.FindingsParts.Files()...)
	}
	if out.GamesParts != nil {
		st.Files = append(st.Files, out.GamesParts.Files()...)
	}
	return st
}

// writeSummary writes the summary's JSON to path, under a temporary name renamed when whole.
func writeSummary(s *report.Summary, path string) error {
	f, err := report.CreateFile(path)
	if err != nil {
		return err
	}
	if err := s.WriteJSON(f); err != nil {
		f.Remove()
		return &report.OutputError{Op: "write", Path: path, Err: err}
	}
	return f.Commit()
}

// Command pgnscan-beam runs pgnscan's scan as an Apache Beam pipeline: the shards of the
// inputs (as `pgnscan plan` cuts them) are scanned in parallel by the runner's workers, each
// writing its own Parquet part files into the folders of -o and --games, and a final step
// merges the errors rows into the --errors file and writes FINDINGS/_manifest.json. The rows
// are those `pgnscan scan --partition KEYS -o FINDINGS --games GAMES --errors FILE` writes for
// the same inputs, and the summary, on standard error, is its summary.
//
//	pgnscan-beam [flags] -o FINDINGS INPUT...
//
// --runner prism (the default) runs in this process. See beam/README.md for Dataflow, Flink
// and Spark.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/gcpopts"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"

	"github.com/pgnscan/pgnscan/beam/pipeline"
	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/rules"
)

// Exit statuses, as `pgnscan scan` uses them.
const (
	exitFailed = 1
	exitUsage  = 2
)

// flags are the command's own flags; Beam's (--runner, --endpoint, --project, ...) are
// registered by its packages on the same flag set.
type flags struct {
	outs      pipeline.Outputs
	shardSize int64
	parallel  int
	printPlan bool
	verbose   bool
	quiet     bool
	opts      pipeline.Options
}

func (f *flags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.outs.Findings, "o", "", "findings folder (a local path, gs://BUCKET/PREFIX or s3://BUCKET/PREFIX), as scan --partition writes it: Hive-partitioned by --partition, with the shards' summaries (pgnscan report FOLDER) and _manifest.json; new, empty, or an earlier run's")
	fs.Int64Var(&f.shardSize, "shard-size", input.DefaultShardSize, "stored bytes per shard (text ranges and frame runs), as for pgnscan plan")
	fs.StringVar(&f.opts.Edition, "edition", rules.DefaultEditions, "comma-separated editions to judge under: "+editionChoices())
	fs.StringVar(&f.opts.FallbackEdition, "fallback-edition", rules.DefaultFallback, "edition auto uses for games without a usable date")
	fs.StringVar(&f.opts.Fivefold2014, "fivefold-2014", rules.DefaultFivefold2014.String(), "how fide2014 reads fivefold repetition: consecutive or any")
	fs.IntVar(&f.opts.NoAgreementBefore, "no-agreement-before", 0, "the competition forbade agreed draws before move N (9.1a / 9.1.1)")
	fs.StringVar(&f.opts.Partition, "partition", "edition", "Hive partition keys of the findings and games folders: edition, year, month")
	fs.StringVar(&f.outs.Games, "games", "", "also write one row per game and edition into this folder, partitioned as the findings (as scan --partition --games)")
	fs.StringVar(&f.outs.Errors, "errors", "", "also write one row per game that could not be read whole to this file (.parquet or .csv), as scan --errors")
	fs.IntVar(&f.opts.Workers, "workers", 0, "analysis goroutines per shard (default: the number of CPUs)")
	fs.BoolVar(&f.printPlan, "print-plan", false, "print the counted shards, one a line (as pgnscan scan --shard takes them), and run nothing")
	fs.IntVar(&f.parallel, "concurrent-shards", 1, "shards of a bundle a worker scans at once (Prism makes one bundle of all shards: set it to the cores, with --workers 1); not Beam's --parallelism")
	fs.BoolVar(&f.verbose, "v", false, "show Beam's and the runner's INFO logs (by default only warnings and errors)")
	fs.BoolVar(&f.quiet, "q", false, "no summary (and no counts) on standard error")
}

// ownFlags registers f's flags on a flag set of their own, for the help, and on the command
// line's, beside Beam's.
func ownFlags(f *flags) *flag.FlagSet {
	own := flag.NewFlagSet("pgnscan-beam", flag.ContinueOnError)
	f.register(own)
	own.VisitAll(func(fl *flag.Flag) { flag.CommandLine.Var(fl.Value, fl.Name, fl.Usage) })
	return own
}

// usage prints the command's flags, then Beam's (the runner and its options) apart, so that
// pgnscan's own are not lost among Beam's fifty.
func usage(w io.Writer, own *flag.FlagSet) {
	fmt.Fprintf(w, "usage: pgnscan-beam [flags] -o FINDINGS INPUT...\n\npgnscan-beam's flags (as pgnscan scan takes them where they share a name):\n")
	own.SetOutput(w)
	own.PrintDefaults()
	beamFlags := flag.NewFlagSet("beam", flag.ContinueOnError)
	flag.CommandLine.VisitAll(func(fl *flag.Flag) {
		if own.Lookup(fl.Name) == nil {
			beamFlags.Var(fl.Value, fl.Name, fl.Usage)
		}
	})
	fmt.Fprintf(w, "\nApache Beam's flags (--runner and the runners' options; see beam/README.md):\n")
	beamFlags.SetOutput(w)
	beamFlags.PrintDefaults()
}

// quietBeam keeps Beam's and the runner's logs to warnings and errors unless verbose: Prism's
// INFO lines (a dozen a job) bury the command's own output. beam.Init sets the logging up
// from beamlog.LogLevel.
func quietBeam(verbose bool) {
	beamlog.LogLevel = "warn"
	if verbose {
		beamlog.LogLevel = "info"
	}
}

func main() {
	var f flags
	own := ownFlags(&f)
	flag.Usage = func() { usage(flag.CommandLine.Output(), own) }
	flag.Parse()
	quietBeam(f.verbose)
	beam.Init() // on a worker, runs the harness and does not return

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	f.opts.CommandLine = os.Args
	err := run(ctx, f, flag.Args(), os.Stdout, os.Stderr)
	switch {
	case errors.Is(err, pipeline.ErrUsage):
		fmt.Fprintln(os.Stderr, "pgnscan-beam:", err)
		os.Exit(exitUsage)
	case err != nil:
		fmt.Fprintln(os.Stderr, "pgnscan-beam:", err)
		os.Exit(exitFailed)
	}
}

// run checks the runner's flags, runs the job and prints its summary (unless quiet) and its
// counters on stderr; --print-plan prints the plan on stdout.
func run(ctx context.Context, f flags, inputs []string, stdout, stderr io.Writer) error {
	if len(inputs) == 0 {
		return fmt.Errorf("%w: name at least one INPUT", pipeline.ErrUsage)
	}
	if f.printPlan {
		shards, err := pipeline.Plan(ctx, inputs, f.shardSize, f.opts.Workers)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(stdout, strings.Join(shards, "\n"))
		return err
	}
	if err := checkRunner(); err != nil {
		return fmt.Errorf("%w: %w", pipeline.ErrUsage, err)
	}
	c, outs, err := pipeline.Run(ctx, pipeline.Job{Inputs: inputs, ShardSize: f.shardSize, Outputs: f.outs, Options: f.opts, Parallel: f.parallel})
	if err != nil {
		return err
	}
	if *jobopts.Async {
		_, err := fmt.Fprintf(stderr, "pgnscan-beam: job submitted (--async); once it has finished, pgnscan report %s prints its summary\n", f.outs.Findings)
		return err
	}
	if f.quiet {
		return nil
	}
	sum, err := pipeline.ReadSummary(ctx, outs)
	if err != nil {
		return err
	}
	if _, err := sum.WriteTo(stderr); err != nil {
		return err
	}
	_, err = fmt.Fprintf(stderr, "pgnscan-beam: %d shards, %d games (%d with errors), %d findings in %s\n",
		c.Shards, c.Games, c.Errors, c.Findings, f.outs.Findings)
	return err
}

// knownRunners are the runners this command supports; beamx also registers others (dot,
// universal), which have no place here.
var knownRunners = []string{"prism", "direct", "dataflow", "flink", "spark"}

// checkRunner refuses an unknown runner and a runner without the settings it needs, before
// anything is planned or submitted.
func checkRunner() error {
	r := *runners.Runner
	if r == "" {
		r = "prism"
		*runners.Runner = r
	}
	if !slices.Contains(knownRunners, r) {
		return fmt.Errorf("--runner %q: want one of %s", r, strings.Join(knownRunners, ", "))
	}
	var missing []string
	need := func(flag, v string, ok bool) {
		if !ok {
			missing = append(missing, flag+v)
		}
	}
	switch r {
	case "dataflow":
		need("--project", "", *gcpopts.Project != "")
		need("--region", "", *gcpopts.Region != "")
		staging := flag.Lookup("staging_location").Value.String()
		need("--staging_location", " (gs://...)", strings.HasPrefix(staging, "gs://"))
		need("--worker_binary", " (built with CGO_ENABLED=0 GOOS=linux GOARCH=amd64)", *jobopts.WorkerBinary != "")
	case "flink", "spark":
		need("--endpoint", " (the runner's Beam job server, HOST:8099)", *jobopts.Endpoint != "")
	}
	if len(missing) > 0 {
		return fmt.Errorf("--runner %s needs %s", r, strings.Join(missing, ", "))
	}
	return nil
}

// editionChoices lists what --edition takes, from the edition table: "fide2009, ..., lichess, auto".
func editionChoices() string {
	var ids []string
	for _, e := range rules.Editions() {
		ids = append(ids, e.ID)
	}
	return strings.Join(append(ids, rules.Auto), ", ")
}

// Command pgnscan-beam runs pgnscan's scan as an Apache Beam pipeline: the shards of the
// inputs (as `pgnscan plan` cuts them) are scanned in parallel by the runner's workers, each
// writing its own Parquet part files under -o, and a final step writes OUT/manifest.json and
// OUT/summary.txt. The rows are those `pgnscan scan --partition KEYS` writes for the same
// inputs.
//
//	pgnscan-beam [flags] -o OUT INPUT...
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
	out       string
	shardSize int64
	parallel  int
	printPlan bool
	verbose   bool
	opts      pipeline.Options
}

func (f *flags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.out, "o", "", "output folder, gs://BUCKET/PREFIX or s3://BUCKET/PREFIX: OUT/findings (and OUT/games) partitioned by --partition, OUT/errors, OUT/manifest.json, OUT/summary.txt")
	fs.Int64Var(&f.shardSize, "shard-size", input.DefaultShardSize, "stored bytes per shard (text ranges and frame runs), as for pgnscan plan")
	fs.StringVar(&f.opts.Edition, "edition", rules.DefaultEditions, "comma-separated editions to judge under: fide2009, fide2014, fide2017, fide2023, lichess, auto")
	fs.StringVar(&f.opts.FallbackEdition, "fallback-edition", rules.DefaultFallback, "edition auto uses for games without a usable date")
	fs.StringVar(&f.opts.Fivefold2014, "fivefold-2014", rules.DefaultFivefold2014.String(), "how fide2014 reads fivefold repetition: consecutive or any")
	fs.IntVar(&f.opts.NoAgreementBefore, "no-agreement-before", 0, "the competition forbade agreed draws before move N (9.1a / 9.1.1)")
	fs.StringVar(&f.opts.Partition, "partition", "edition", "Hive partition keys of the findings and games folders: edition, year, month")
	fs.BoolVar(&f.opts.Games, "games", false, "also write one row per game and edition, as scan --games does, into the folder OUT/games (partitioned as the findings)")
	fs.BoolVar(&f.opts.Errors, "errors", true, "write one row per game that could not be read whole, as scan --errors does, into the folder OUT/errors (on by default: --errors=false turns it off)")
	fs.IntVar(&f.opts.Workers, "workers", 0, "analysis goroutines per shard (default: the number of CPUs)")
	fs.BoolVar(&f.printPlan, "print-plan", false, "print the counted shards, one a line (as pgnscan scan --shard takes them), and run nothing")
	fs.IntVar(&f.parallel, "concurrent-shards", 1, "shards of a bundle a worker scans at once (Prism makes one bundle of all shards: set it to the cores, with --workers 1); not Beam's --parallelism")
	fs.BoolVar(&f.verbose, "v", false, "show Beam's and the runner's INFO logs (by default only warnings and errors)")
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
	fmt.Fprintf(w, "usage: pgnscan-beam [flags] -o OUT INPUT...\n\npgnscan-beam's flags (as pgnscan scan takes them where they share a name):\n")
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
	err := run(ctx, f, flag.Args(), os.Stdout)
	switch {
	case errors.Is(err, pipeline.ErrUsage):
		fmt.Fprintln(os.Stderr, "pgnscan-beam:", err)
		os.Exit(exitUsage)
	case err != nil:
		fmt.Fprintln(os.Stderr, "pgnscan-beam:", err)
		os.Exit(exitFailed)
	}
}

// run checks the runner's flags, runs the job and prints its counters.
func run(ctx context.Context, f flags, inputs []string, stdout io.Writer) error {
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
	c, err := pipeline.Run(ctx, pipeline.Job{Inputs: inputs, ShardSize: f.shardSize, Out: f.out, Options: f.opts, Parallel: f.parallel})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "pgnscan-beam: %d shards, %d games (%d with errors), %d findings; see %s\n",
		c.Shards, c.Games, c.Errors, c.Findings, f.out)
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

package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/metrics"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/pgnscan/pgnscan/beam/objread"
	"github.com/pgnscan/pgnscan/internal/input"
)

// ErrUsage is wrapped by the errors of bad arguments: inputs that do not resolve, a bad shard
// size, bad rule or partition flags, an unknown runner or one missing its settings.
var ErrUsage = errors.New("usage")

// usage wraps err as a usage error.
func usage(err error) error { return fmt.Errorf("%w: %w", ErrUsage, err) }

// Plan returns the shards of the inputs, as the pipeline's plan step makes them: the same
// files as `pgnscan scan` reads (Files), cut as `pgnscan plan` cuts them and counted (see
// input.PlanPath), in input order.
func Plan(ctx context.Context, inputs []string, size int64, workers int) ([]string, error) {
	files, err := Files(inputs, size)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, path := range files {
		shards, err := planOne(ctx, path, size, workers)
		if err != nil {
			return nil, err
		}
		for _, s := range shards {
			out = append(out, s.String())
		}
	}
	return out, nil
}

// planOne cuts one file into counted shards: a local file by input.PlanPath, a gs:// or s3://
// object by input.PlanFile through ranged reads (objread), so that inputs in a bucket need no
// file system shared by the workers.
func planOne(ctx context.Context, path string, size int64, workers int) ([]input.Shard, error) {
	if !objread.IsRemote(path) {
		return input.PlanPath(ctx, path, size, workers)
	}
	r, n, err := objread.Open(ctx, path)
	if err != nil {
		return nil, err
	}
	if c, ok := r.(io.Closer); ok {
		defer c.Close()
	}
	return input.PlanFile(ctx, r, n, path, size, workers)
}

// Files returns the files the inputs name, in order: a gs://BUCKET/OBJECT or s3://BUCKET/KEY
// input as given (one object; prefixes are not listed), local ones by input.Resolve (a
// directory stands for its archives); or a usage error: an input that does not resolve,
// standard input, a gs:// or s3:// path without a bucket or an object, another scheme, a
// shard size that is not positive.
func Files(inputs []string, size int64) ([]string, error) {
	if size <= 0 {
		return nil, usage(fmt.Errorf("--shard-size must be positive, not %d", size))
	}
	var files []string
	for _, in := range inputs {
		if objread.IsRemote(in) {
			if _, _, name, ok := objread.Split(in); !ok || name == "" || strings.HasSuffix(name, "/") {
				return nil, usage(fmt.Errorf("input %s: want a local file or folder, gs://BUCKET/OBJECT or s3://BUCKET/KEY (%w)", in, objread.ErrScheme))
			}
			files = append(files, in)
			continue
		}
		srcs, err := input.Resolve([]string{in})
		if err != nil {
			return nil, usage(err)
		}
		for _, src := range srcs {
			if src.Path == input.StdinName {
				return nil, usage(errors.New("standard input cannot be cut into shards; name a file"))
			}
			files = append(files, src.Path)
		}
	}
	seen := make(map[string]bool, len(files))
	for _, f := range files {
		if seen[f] {
			return nil, usage(fmt.Errorf("%s is named twice among the inputs", f))
		}
		seen[f] = true
	}
	return files, nil
}

// Job is one run of the pipeline.
type Job struct {
	Inputs    []string // files and directories, as `pgnscan scan` takes them
	ShardSize int64    // stored bytes per shard (see input.Plan)
	Outputs   Outputs  // -o, --games, --errors as given (Run resolves them)
	Options   Options
	// Parallel is how many shards of a bundle one worker scans at once (each with
	// Options.Workers analysis goroutines); below 1 means 1.
	Parallel int
}

// Counts are the committed counters of a run, when the runner reports them.
type Counts struct {
	Games, Findings, Errors, Shards, Failed int64
}

// Run checks the job, its inputs and its outputs, builds the pipeline (plan, scan, finish)
// and runs it on the runner of the --runner flag (beamx: prism when unset). It returns the
// runner's committed counters and the outputs as resolved (absolute local paths). When the
// job fails (or ctx ends it), the part files it wrote are removed (Abandon).
func Run(ctx context.Context, j Job) (Counts, Outputs, error) {
	if _, err := j.Options.Selection(); err != nil {
		return Counts{}, Outputs{}, usage(err)
	}
	outs, err := resolveOutputs(j.Outputs)
	if err != nil {
		return Counts{}, outs, usage(err)
	}
	// The inputs stay as given: the rows' source column names them so, as `pgnscan scan` does.
	// Workers on other machines need paths that resolve there (absolute, on a shared file
	// system).
	files, err := Files(j.Inputs, j.ShardSize)
	if err != nil {
		return Counts{}, outs, err
	}
	if err := checkOutputs(ctx, outs, append(slices.Clone(j.Inputs), files...)); err != nil {
		return Counts{}, outs, usage(err)
	}
	p, s := beam.NewPipelineWithRoot()
	Build(s, files, j.ShardSize, outs, j.Options, j.Parallel)
	res, err := beamx.RunWithMetrics(ctx, p)
	if err != nil {
		if cerr := Abandon(context.WithoutCancel(ctx), outs); cerr != nil {
			err = fmt.Errorf("%w (and removing its part files: %w)", err, cerr)
		}
		return Counts{}, outs, err
	}
	return countsOf(res), outs, nil
}

// countsOf reads the committed pgnscan counters of a finished run; runners that report no
// metrics give zeros.
func countsOf(res beam.PipelineResult) Counts {
	var c Counts
	if res == nil {
		return c
	}
	qr := res.Metrics().Query(func(r metrics.SingleResult) bool { return r.Namespace() == CounterNamespace })
	for _, r := range qr.Counters() {
		v := r.Result()
		switch r.Name() {
		case CounterGames:
			c.Games += v
		case CounterFindings:
			c.Findings += v
		case CounterErrors:
			c.Errors += v
		case CounterShards:
			c.Shards += v
		case CounterFailed:
			c.Failed += v
		}
	}
	return c
}

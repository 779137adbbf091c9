package pipeline

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"sync"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"golang.org/x/sync/errgroup"

	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/report"
)

func init() {
	register.DoFn3x1[context.Context, string, func(string), error](&planFn{})
	register.Emitter1[string]()
	register.DoFn3x1[context.Context, string, func(Part), error](&scanFn{})
	register.Emitter1[Part]()
	register.Combiner3[Manifest, Part, Manifest](&manifestFn{})
	register.DoFn2x1[context.Context, Manifest, error](&finishFn{})
}

// Counter namespace and names: games and findings of the shards scanned, games with errors,
// shards done and shard attempts that failed. Runners report attempted and committed values;
// the committed ones count each shard once.
const (
	CounterNamespace = "pgnscan"
	CounterGames     = "games"
	CounterFindings  = "findings"
	CounterErrors    = "errors"
	CounterShards    = "shards"
	CounterFailed    = "shards_failed"
)

var (
	gamesCounter    = beam.NewCounter(CounterNamespace, CounterGames)
	findingsCounter = beam.NewCounter(CounterNamespace, CounterFindings)
	errorsCounter   = beam.NewCounter(CounterNamespace, CounterErrors)
	shardsCounter   = beam.NewCounter(CounterNamespace, CounterShards)
	failedCounter   = beam.NewCounter(CounterNamespace, CounterFailed)
)

// Build adds the scan of files (paths, as input.Resolve lists them) to the pipeline of s: the
// files → Reshuffle → planFn, which cuts each file into shards of about shardSize stored bytes
// and counts them (see Plan), on the workers, so that the counting pass over a month's 210 GB
// of PGN runs beside the other files' instead of on the machine that submits the job → the
// shards' scan (ScanShards).
func Build(s beam.Scope, files []string, shardSize int64, outs Outputs, o Options, parallel int) {
	s = s.Scope("pgnscan")
	list := beam.CreateList(s, files)
	shards := beam.ParDo(s, &planFn{ShardSize: shardSize, Workers: o.Workers}, beam.Reshuffle(s, list))
	ScanShards(s, shards, files, outs, o, parallel)
}

// ScanShards adds the scan of shards (a PCollection of their text forms, as `pgnscan plan`
// prints them) to the pipeline: Reshuffle (so that the runner spreads them over its workers
// instead of running them where they were made) → one scanFn call per shard, writing part
// files in outs → the manifest's combine → finishFn, which removes part files no part of the
// manifest names, merges the errors parts into the errors file (in the order of files, the
// run's input files) and writes the manifest (see Finish).
func ScanShards(s beam.Scope, shards beam.PCollection, files []string, outs Outputs, o Options, parallel int) {
	parts := beam.ParDo(s, &scanFn{Outs: outs, Opts: o, Parallel: parallel}, beam.Reshuffle(s, shards))
	manifest := beam.Combine(s, &manifestFn{}, parts)
	beam.ParDo0(s, &finishFn{Outs: outs, Files: files, CommandLine: o.CommandLine}, manifest)
}

// planFn cuts one file into counted shards (see planOne) and emits their text forms.
type planFn struct {
	ShardSize int64 `json:"shard_size"`
	Workers   int   `json:"workers"` // shards counted at once by the counting pass (input.PlanFile); 0: the CPUs
}

// ProcessElement plans the file at path.
func (f *planFn) ProcessElement(ctx context.Context, path string, emit func(string)) error {
	shards, err := planOne(ctx, path, f.ShardSize, f.Workers)
	if err != nil {
		return err
	}
	for _, sh := range shards {
		emit(sh.String())
	}
	return nil
}

// scanFn scans the shards of a bundle, Parallel at a time (see ScanShard), and emits their
// parts when the bundle finishes. Runners hand a bundle's elements to ProcessElement one after
// another, and Prism makes one bundle of all the shards, so without a pool of its own a
// worker would scan one shard at a time whatever its cores. Its exported fields travel to
// the workers.
type scanFn struct {
	Outs     Outputs `json:"outs"`
	Opts     Options `json:"opts"`
	Parallel int     `json:"parallel"` // shards scanned at once in a bundle; below 1 means 1

	g     *errgroup.Group
	gctx  context.Context
	mu    sync.Mutex
	parts []Part
}

// afterScan, when set (by tests), runs after a shard's part files are written and before its
// part is kept; an error from it fails the attempt as a crashed worker would, files
// written. It exists so that the tests can make a runner see an attempt fail late.
var afterScan func(Part) error

// StartBundle starts the bundle's pool.
func (f *scanFn) StartBundle(ctx context.Context, _ func(Part)) {
	f.g, f.gctx = errgroup.WithContext(ctx)
	f.g.SetLimit(max(f.Parallel, 1))
	f.parts = nil
}

// ProcessElement starts the scan of one shard, waiting while Parallel scans run. A shard
// string that does not parse fails the bundle.
func (f *scanFn) ProcessElement(ctx context.Context, shard string, _ func(Part)) error {
	sh, err := input.ParseShard(shard)
	if err != nil {
		return err
	}
	f.g.Go(func() error {
		p, err := f.scan(f.gctx, sh)
		if err != nil {
			return err
		}
		f.mu.Lock()
		defer f.mu.Unlock()
		f.parts = append(f.parts, p)
		return nil
	})
	return nil
}

// scan runs one attempt at a shard.
func (f *scanFn) scan(ctx context.Context, sh input.Shard) (Part, error) {
	attempt, err := newAttempt()
	if err != nil {
		return Part{}, err
	}
	p, err := ScanShard(ctx, sh, f.Outs, attempt, f.Opts, objectOpener(ctx))
	if err == nil && afterScan != nil {
		err = afterScan(p)
	}
	return p, err
}

// FinishBundle waits for the bundle's scans, counts them and emits their parts; the first
// error of a scan fails the bundle (the others were cancelled).
func (f *scanFn) FinishBundle(ctx context.Context, emit func(Part)) error {
	if err := f.g.Wait(); err != nil {
		failedCounter.Inc(ctx, 1)
		return err
	}
	for _, p := range f.parts {
		gamesCounter.Inc(ctx, p.Games)
		findingsCounter.Inc(ctx, p.Findings)
		errorsCounter.Inc(ctx, p.Errors)
		shardsCounter.Inc(ctx, 1)
		emit(p)
	}
	f.parts = nil
	return nil
}

// newAttempt draws an attempt id: 8 random bytes in hex, so that concurrent or retried
// attempts at one shard on any machines name their files apart.
func newAttempt() (string, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("attempt id: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// manifestFn combines the parts of all shards into one Manifest.
type manifestFn struct{}

// CreateAccumulator returns an empty manifest.
func (*manifestFn) CreateAccumulator() Manifest { return Manifest{} }

// AddInput adds one shard's part.
func (*manifestFn) AddInput(m Manifest, p Part) Manifest {
	m.add(p)
	return m
}

// MergeAccumulators joins the parts of two partial manifests.
func (*manifestFn) MergeAccumulators(a, b Manifest) Manifest {
	a.Parts = append(a.Parts, b.Parts...)
	return a
}

// ExtractOutput sorts the parts and sums them.
func (*manifestFn) ExtractOutput(m Manifest) Manifest {
	m.finish()
	return m
}

// finishFn removes stray part files, writes the errors file and the manifest (see Finish).
type finishFn struct {
	Outs        Outputs  `json:"outs"`
	Files       []string `json:"files"`        // the run's input files, in order
	CommandLine []string `json:"command_line"` // recorded in the errors file
}

// ProcessElement finishes the outputs with the combined manifest (see Finish).
func (f *finishFn) ProcessElement(ctx context.Context, m Manifest) error {
	return Finish(ctx, f.Outs, f.Files, m, report.Options{CommandLine: f.CommandLine})
}

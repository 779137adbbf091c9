package scan

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/semaphore"

	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/pgn"
	"github.com/pgnscan/pgnscan/internal/pgnout"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/rules"
	"github.com/pgnscan/pgnscan/internal/stall"
)

// ErrInputFailed is wrapped by the error Run returns when the scan finished but at least one
// input could not be opened or read to its end (an *InputsError). The summary says which and why.
var ErrInputFailed = errors.New("an input could not be read to its end")

// InputsError is returned by Run when the scan finished but some inputs could not be opened or
// read to their end; it unwraps to ErrInputFailed. Its message names every failed input and its
// fault on one line, for the command's error message.
type InputsError struct {
	Failed []string // the error of each failed input, in input order; each names its input
}

func (e *InputsError) Error() string {
	if len(e.Failed) == 1 {
		return e.Failed[0]
	}
	return fmt.Sprintf("%d inputs could not be read to their end: %s", len(e.Failed), strings.Join(e.Failed, "; "))
}

// Unwrap returns ErrInputFailed.
func (e *InputsError) Unwrap() error { return ErrInputFailed }

// Config says what a scan reads and how.
type Config struct {
	Sources   []input.Source   // the inputs, as input.Resolve returns them
	Stdin     io.Reader        // read for "-"; nil means os.Stdin
	Selection *rules.Selection // the editions every game is judged under
	Workers   int              // analysis goroutines; 0 means runtime.NumCPU()
	FullGames bool             // fill every column of games rows (a games table is written)
	ChunkSize int              // bytes per batch of games; 0 means pgn.DefaultChunkSize
	Progress  *Progress        // nil: no progress display
	PGN       *pgnout.Filter   // --pgn-out: annotate the games with a finding it keeps (rows.pgn); nil: none

	// Batches, when set, also receives the rows, in input order, from the goroutine that
	// writes them and after the outputs have them: whole games of one input at a time, and
	// each input's end. An error it returns aborts the scan as an output's does. The public
	// package audit iterates over games through it (with FullGames, so that every game judged
	// has its games rows).
	Batches func(*Batch) error
}

// Batch is what Config.Batches receives: the rows of consecutive whole games of one input, in
// game order (each slice sorted by game index), or the end of an input. The batch and its
// slices are reused once the call returns.
type Batch struct {
	Errors   []report.Error   // the games not read whole
	Faults   []error          // Faults[i] is the error behind Errors[i] (a *pgn.SyntaxError, or why the game could not begin)
	Games    []report.Game    // one per game judged and edition (with Config.FullGames)
	Findings []report.Finding // the findings of the games
	End      *report.Input    // when set, the batch marks the end of this input (no rows): read whole, failed (End.Err) or stopped
}

// chunksPerWorker bounds the chunks that exist at once, by their memory: every job takes its
// chunk's pgn.Chunk.Size from a budget of chunksPerWorker*W+2 chunk sizes (but no more than
// maxChunksInFlight, whatever W is) before it is queued, and gives it back once it is written;
// the one chunk the splitter is filling comes on top. With 1 MiB chunks and W = 2 workers that
// is 6 MiB, whatever the input's size; a chunk larger than the whole budget (a game longer
// than a chunk grows its own, up to pgn.DefaultMaxGameSize) waits until it is alone.
// TestRunMemoryFlat and TestHostileShapesMemory measure the peak heap of whole scans against it.
const chunksPerWorker = 2

// maxChunksInFlight caps the budget of chunks in flight when -j is far above the core count:
// more chunks than this keep no core busier, they only hold memory.
const maxChunksInFlight = 16

// boundaryJobSize is what the start or end of an input weighs in the budget of chunks in
// flight: not nothing, so that a directory of empty files cannot pile up jobs.
const boundaryJobSize = 4 << 10

// rowsBudget bounds the bytes of rows a worker builds before it hands them on: a chunk whose
// games make more rows (a chunk of 1 MiB holds 16,384 games of "1. e4 *", 65,536 games rows
// under four editions) is written in parts, each waiting its turn, so that rows in flight
// stay under about 2*rowsBudget per worker whatever the games are like.
const rowsBudget = 2 << 20

// budget returns the bytes of chunks that may be in flight for a scan with w workers.
func budget(w, chunkSize int) int64 {
	if chunkSize <= 0 {
		chunkSize = pgn.DefaultChunkSize
	}
	return int64(min(chunksPerWorker*w+2, maxChunksInFlight)) * int64(chunkSize)
}

// workersPerDecoder is how many analysis workers one zstd frame decoder keeps fed: a decoder
// delivers 0.9 to 1.3 GB/s of PGN, a worker reads about 0.3 GB/s (lichess games, all editions).
const workersPerDecoder = 4

// decoders returns how many frame decoders to give an input read by w analysis workers, and no
// more than can run at once. More would hold more decoded frames in memory (pzstd frames hold 8
// to 32 MiB) and gain nothing.
func decoders(w int) int {
	return min((w+workersPerDecoder-1)/workersPerDecoder, runtime.GOMAXPROCS(0))
}

// Run scans every input of cfg in order and feeds each game's rows to out, in input order
// (file, then game) whatever the number of workers. A game that cannot be read whole becomes an
// errors row and the scan goes on. An input that fails ends with the games read before the
// fault; the other inputs are still scanned and Run returns an *InputsError. When ctx is
// cancelled, Run stops reading, finishes the games already read, marks the summary interrupted
// and returns ctx's error. It never closes out: the caller does, also after an error.
func Run(ctx context.Context, cfg Config, out *report.Outputs) error {
	if cfg.Selection == nil {
		return errors.New("scan: no editions selected")
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.NumCPU()
	}
	if cfg.Progress != nil {
		cfg.Progress.start(cfg.Sources)
		defer cfg.Progress.finish() // also when an output fails: stop its goroutine, clear the bar
	}
	g, abort := errgroup.WithContext(context.Background())
	p := &pipeline{
		cfg: &cfg, out: out, abort: abort,
		slots: newSlots(budget(cfg.Workers, cfg.ChunkSize)),
		jobs:  make(chan *job, cfg.Workers),
		done:  make(chan *job, cfg.Workers),
		// Chunk jobs alive at once: those the budget lets in flight, and a part per worker.
		free: newJobList(maxChunksInFlight + cfg.Workers),
	}
	g.Go(func() error { p.readAll(ctx); return nil })
	var wg sync.WaitGroup
	for range cfg.Workers {
		wg.Add(1)
		g.Go(func() error { defer wg.Done(); p.work(); return nil })
	}
	closed := make(chan struct{}) // Run returns after this goroutine too: it leaves none behind
	go func() { wg.Wait(); close(p.done); close(closed) }()
	g.Go(p.writeInOrder)
	err := g.Wait()
	<-closed // the workers are in g: they have returned
	switch {
	case err != nil:
		return err
	case ctx.Err() != nil:
		out.Summary.SetInterrupted()
		return ctx.Err()
	case len(p.failed) > 0:
		return &InputsError{Failed: p.failed}
	}
	return nil
}

// pipeline is what the stages of one Run share: reading and splitting (readAll) feeds jobs,
// the workers (work) turn their chunks into rows and pass them to done, and the writer
// (writeInOrder) writes them in input order.
type pipeline struct {
	cfg    *Config
	out    *report.Outputs
	abort  context.Context // cancelled when a stage fails (the writer); Run's ctx only stops the reading
	slots  *slots          // the budget of chunks in flight
	free   jobList         // jobs to reuse
	jobs   chan *job       // read, to analyse
	done   chan *job       // analysed, to write
	seq    int64           // the next job's sequence number (the reader's)
	failed []string        // the errors of the inputs that failed, in input order (the writer's)
}

// readAll reads and splits the inputs, one after another, into jobs; it closes jobs when the
// inputs end, ctx is cancelled or the scan is aborted.
func (p *pipeline) readAll(ctx context.Context) {
	defer close(p.jobs)
	for _, src := range p.cfg.Sources {
		if !p.read(ctx, src) {
			return
		}
	}
}

// work is one worker: it analyses the chunk of each job into the job's rows (handing on
// parts when they grow past rowsBudget) and passes the job to the writer.
func (p *pipeline) work() {
	w := newWorker(p.cfg.Selection, p.cfg.FullGames)
	w.pgn = p.cfg.PGN
	ack := make(chan struct{}, 1)
	for j := range p.jobs {
		if j.chunk != nil {
			games, ok := w.chunk(j.chunk, &j.rows, func(games int) bool { return sendPart(j, games, ack, p.done, p.free, p.abort) })
			if !ok {
				return
			}
			j.games = int64(games)
			j.release(j.chunk)
			j.chunk, j.release = nil, nil
		}
		select {
		case p.done <- j:
		case <-p.abort.Done():
			return
		}
	}
}

// writeInOrder writes the jobs as the workers finish them, in sequence order: a job waits
// until those before it are written. It returns an output's error, which aborts the scan.
func (p *pipeline) writeInOrder() error {
	pending := make(map[int64]*job)
	var next int64
	for j := range p.done {
		pending[j.seq] = j
		for {
			j, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			if err := write(p.out, p.cfg, j); err != nil {
				return err
			}
			if j.ack != nil { // a part: more of its chunk follows
				ack := j.ack
				p.free.recycle(j)
				ack <- struct{}{}
				continue
			}
			next++
			if j.end != nil && j.end.Err != "" {
				p.failed = append(p.failed, j.end.Err)
			}
			p.slots.release(j.size)
			if j.start == nil && j.end == nil {
				p.free.recycle(j)
			}
		}
	}
	return nil
}

// job is one step of the ordered stream: a chunk of games to analyse, or the start or end of an
// input (so that the summary learns of inputs in order, from the writing goroutine).
type job struct {
	seq   int64
	chunk *pgn.Chunk
	// release gives the chunk's buffer back once the chunk is analysed (input.Games.Release).
	release func(*pgn.Chunk)
	rows    rows
	games   int64

	start *report.Input // an input begins
	end   *report.Input // an input ends (read whole, failed or interrupted)

	size int64         // what the job weighs in the budget of chunks in flight
	ack  chan struct{} // a part of a chunk's rows: signalled once written (see sendPart)
}

// jobList recycles a scan's chunk jobs, so that the row slices a chunk fills are reused. A
// buffered channel rather than a sync.Pool, so that a garbage collection does not throw away
// slices that are about to be filled again (regrowing them was a tenth of a scan's CPU time,
// most of it the kernel faulting in fresh pages).
type jobList chan *job

// newJobList returns a list that keeps up to n jobs.
func newJobList(n int) jobList { return make(jobList, n) }

// get returns a recycled job, or a new one.
func (l jobList) get() *job {
	select {
	case j := <-l:
		return j
	default:
		return new(job)
	}
}

// recycle empties a written chunk job or part and keeps it for get.
func (l jobList) recycle(j *job) {
	j.rows.reset()
	j.games, j.size, j.ack, j.chunk = 0, 0, nil, nil
	select {
	case l <- j:
	default:
	}
}

// sendPart hands the rows of the first games of j's chunk to the writer as a part of job j,
// and waits until it is written: a worker then holds at most one part and the rows it is
// building. It reports false when the scan is aborted.
func sendPart(j *job, games int, ack chan struct{}, done chan<- *job, free jobList, abort context.Context) bool {
	p := free.get()
	p.seq, p.games, p.ack = j.seq, int64(games), ack
	p.rows, j.rows = j.rows, p.rows
	select {
	case done <- p:
	case <-abort.Done():
		return false
	}
	select {
	case <-ack:
		return true
	case <-abort.Done():
		return false
	}
}

// slots is the budget of chunks in flight, in bytes.
type slots struct {
	sem   *semaphore.Weighted
	total int64
}

func newSlots(total int64) *slots {
	return &slots{sem: semaphore.NewWeighted(total), total: total}
}

// acquire takes n bytes of the budget (all of it when n is larger), waiting for them; it returns
// what it took, or false when ctx is done.
func (s *slots) acquire(ctx context.Context, n int64) (int64, bool) {
	n = min(n, s.total)
	if s.sem.Acquire(ctx, n) != nil {
		return 0, false
	}
	return n, true
}

// release gives back what acquire took.
func (s *slots) release(n int64) { s.sem.Release(n) }

// send queues a job once the budget of chunks in flight has room for it, giving it the next
// sequence number. It reports false when the scan is aborted.
func (p *pipeline) send(j *job) bool {
	size := int64(boundaryJobSize)
	if j.chunk != nil {
		size = int64(j.chunk.Size())
	}
	var ok bool
	if j.size, ok = p.slots.acquire(p.abort, size); !ok { // first: it bounds the chunks alive
		return false
	}
	j.seq = p.seq
	p.seq++
	select {
	case p.jobs <- j:
		return true
	case <-p.abort.Done():
		return false
	}
}

// read queues the chunks of games of one input, framed by its start and end. It reports false
// when the scan must stop (interrupted or aborted).
func (p *pipeline) read(ctx context.Context, src input.Source) bool {
	cfg, send, free := p.cfg, p.send, p.free
	in := report.Input{Name: src.Name, Size: src.Size}
	if o := src.Own; o != nil {
		in.Start, in.End = o.Start, o.End
	}
	if !send(&job{start: &in}) {
		return false
	}
	end := in
	games, err := input.OpenGames(src, input.OpenOptions{Stdin: cfg.Stdin, Workers: decoders(cfg.Workers),
		Done: ctx.Done(), ChunkSize: cfg.ChunkSize})
	if err != nil {
		if givenUp(ctx, err) { // interrupted while waiting for the first bytes: stopped
			send(&job{end: &end})
			return false
		}
		end.Err = err.Error()
		return send(&job{end: &end})
	}
	defer games.Close()
	if cfg.Progress != nil {
		cfg.Progress.reading(games.Stream())
		defer cfg.Progress.finished(games.Stream())
	}
	stopped := false
	release := games.Release
	for {
		if ctx.Err() != nil {
			stopped = true
			break
		}
		c, past, err := games.Next()
		if c != nil {
			j := free.get()
			j.chunk, j.release = c, release
			if !send(j) {
				return false
			}
		}
		if err == io.EOF || past {
			break
		}
		if err != nil && givenUp(ctx, err) {
			stopped = true
			break
		}
		if err != nil {
			end.Err = err.Error()
			break
		}
	}
	end.Skipped = games.Skipped()
	// An input stopped by an interrupt is neither done nor failed: the summary shows it as
	// "stopped at N%", and it does not count as an input that could not be read.
	end.Done = !stopped && end.Err == ""
	end.Read, end.Decompressed = games.Sizes(end.Done)
	return send(&job{end: &end}) && !stopped
}

// givenUp reports whether err is an input given up on interrupt (see OpenOptions.Done): the
// input is then stopped, like one interrupted between chunks, not failed.
func givenUp(ctx context.Context, err error) bool {
	return ctx.Err() != nil && errors.Is(err, stall.ErrGivenUp)
}

// write hands one job's rows to the outputs, games in order, each game's rows together, and
// then to cfg.Batches.
func write(out *report.Outputs, cfg *Config, j *job) error {
	switch {
	case j.start != nil:
		out.Summary.SetInput(*j.start)
		return nil
	case j.end != nil:
		out.Summary.SetInput(*j.end)
		if cfg.Batches != nil {
			return cfg.Batches(&Batch{End: j.end})
		}
		return nil
	}
	if err := writeRows(out, cfg.Progress, j); err != nil {
		return err
	}
	if cfg.Batches != nil {
		r := &j.rows
		return cfg.Batches(&Batch{Errors: r.errors, Faults: r.faults, Games: r.games, Findings: r.findings})
	}
	return nil
}

// writeRows hands a chunk job's rows to the outputs.
func writeRows(out *report.Outputs, p *Progress, j *job) error {
	r := &j.rows
	for i := range r.errors {
		if err := out.AddError(&r.errors[i]); err != nil {
			return fmt.Errorf("writing errors: %w", err)
		}
	}
	for i := range r.games {
		if err := out.AddGame(&r.games[i]); err != nil {
			return fmt.Errorf("writing games: %w", err)
		}
	}
	for i := range r.counts {
		c := &r.counts[i]
		out.Summary.CountGames(c.source, c.last, c.choice.Edition.ID, c.choice.EditionSource.String(), c.speed, c.n)
	}
	for i := range r.findings {
		if err := out.AddFinding(&r.findings[i]); err != nil {
			return fmt.Errorf("writing findings: %w", err)
		}
	}
	if err := out.AddPGN(r.pgn); err != nil {
		return fmt.Errorf("writing --pgn-out: %w", err)
	}
	if p != nil {
		p.add(j.games, int64(len(r.findings)))
	}
	return nil
}

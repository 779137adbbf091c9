package audit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"sync/atomic"

	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/rules"
	"github.com/pgnscan/pgnscan/internal/scan"
)

// Options say which rule editions every game is judged under, and with how many workers.
// The zero value (or a nil *Options) is the scan command's defaults. Each field but Stdin is
// the scan flag of the same name, with the same values and the same errors (cli-and-output.md).
type Options struct {
	// Editions is a comma-separated list of editions (--edition): fide2009 (alias pre2014),
	// fide2014, fide2017 (alias fide2018), fide2023 (alias current), lichess, and auto, which
	// picks the FIDE edition in force on the game's date. "" means "auto".
	Editions string
	// FallbackEdition is the edition auto picks for a game without a usable date
	// (--fallback-edition); "" means fide2023.
	FallbackEdition string
	// Fivefold2014 is how fide2014 reads fivefold repetition (--fivefold-2014): "consecutive"
	// (also "") or "any".
	Fivefold2014 string
	// NoAgreementBefore, when positive, is a competition's ban on agreed draws before that move
	// (--no-agreement-before): an earlier agreement is an early_agreement finding.
	NoAgreementBefore int
	// Workers is the number of goroutines that replay and judge games (--workers); 0 means
	// one per CPU.
	Workers int
	// Stdin is read for the path "-" of Open; nil means os.Stdin.
	Stdin io.Reader
}

// selection parses the edition options once, for every scan of the archive.
func (o *Options) selection() (*rules.Selection, error) {
	if o == nil {
		o = &Options{}
	}
	if o.Workers < 0 {
		return nil, fmt.Errorf("audit: %w: Workers must be at least 1 (0: one per CPU), not %d", ErrOption, o.Workers)
	}
	sel, err := rules.Flags{Editions: o.Editions, Fallback: o.FallbackEdition, Fivefold2014: o.Fivefold2014,
		NoAgreementBefore: o.NoAgreementBefore}.Selection()
	if err != nil {
		return nil, fmt.Errorf("audit: %w: %w", ErrOption, err)
	}
	return sel, nil
}

// An Archive is a set of inputs to audit, with the options they are judged under, checked
// once when it is opened. Games and Write read it; an Archive of paths (Open, OpenShard) may
// be read any number of times, also at once, each read a scan of its own.
type Archive struct {
	paths    []string // as given to Open, which the HTML page names; nil for a shard
	partName string   // a shard's part files' name (OpenShard); "" for an archive of paths
	sources  []input.Source
	sel      *rules.Selection
	workers  int
	stdin    io.Reader    // read for a source whose Path is "-"
	once     *atomic.Bool // set for an archive read from an io.Reader: it can be read only once
}

// Open checks opt and returns the archive of the inputs that paths name, as the scan command
// takes them: a file (plain PGN, or compressed with zstd, gzip, bzip2 or xz, recognised by its
// first bytes; a zip archive stands for its .pgn members, each a source named FILE.zip:MEMBER;
// a Parquet file of the lichess dataset for its rows), a directory (every such file in it and
// its subfolders, in path order), or "-" for standard input.
//
// A path that does not exist, a directory without archives or an input named twice is an
// error that wraps ErrInput and the cause (an fs.ErrNotExist, say); a bad option wraps
// ErrOption. Nothing is read before Games.
func Open(paths []string, opt *Options) (*Archive, error) {
	sel, err := opt.selection()
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("audit: %w: no paths", ErrInput)
	}
	srcs, err := input.Resolve(paths)
	if err != nil {
		return nil, fmt.Errorf("audit: %w: %w", ErrInput, err)
	}
	return &Archive{paths: slices.Clone(paths), sources: srcs, sel: sel, workers: workersOf(opt), stdin: stdinOf(opt)}, nil
}

// NewReader checks opt and returns the archive of the PGN that r yields (plain, or compressed
// with zstd, gzip, bzip2 or xz), named name in games and errors. It can be read once: a
// second Games yields only an error wrapping ErrInput. Zip and Parquet files need random
// access: give their paths to Open.
func NewReader(name string, r io.Reader, opt *Options) (*Archive, error) {
	sel, err := opt.selection()
	if err != nil {
		return nil, err
	}
	if r == nil {
		return nil, fmt.Errorf("audit: %w: %s: no reader", ErrInput, name)
	}
	src := input.Source{Name: name, Path: input.StdinName, Size: -1}
	return &Archive{sources: []input.Source{src}, sel: sel, workers: workersOf(opt), stdin: r, once: new(atomic.Bool)}, nil
}

func stdinOf(opt *Options) io.Reader {
	if opt == nil {
		return nil
	}
	return opt.Stdin
}

func workersOf(opt *Options) int {
	if opt == nil {
		return 0
	}
	return opt.Workers
}

// Sources returns the names of the archive's inputs, in the order Games reads them: the
// names games and errors carry in their Source.
func (a *Archive) Sources() []string {
	names := make([]string, len(a.sources))
	for i, s := range a.sources {
		names[i] = s.Name
	}
	return names
}

// Games reads the archive and yields every game, in input order (source, then game) whatever
// the number of workers, with its verdict under each edition and its findings: the scan that
// `pgnscan scan` runs, and the rows it writes.
//
// The error is nil for a game read whole. A game that could not be read whole comes with an
// *Error naming its source, game, line and ply; the positions before the fault are judged,
// so the game is not nil unless it could not begin (a bad FEN tag, another variant: no
// verdicts). An input that cannot be opened or read to its end yields a nil game and an
// *Error wrapping ErrInput after the games read from it, and the next input is read. When
// ctx is done, the last pair is a nil game and ctx's error.
//
// Memory stays flat whatever the archive's size: the workers run ahead of the loop by a few
// chunks of games and wait for it. Breaking out of the loop stops them, and Games returns once
// every goroutine it started has ended.
func (a *Archive) Games(ctx context.Context) iter.Seq2[*Game, error] {
	return func(yield func(*Game, error) bool) {
		if a.once != nil && a.once.Swap(true) {
			yield(nil, &Error{Source: a.sources[0].Name, Game: -1, Err: errors.New("already read (an archive from an io.Reader is read once)"), kind: ErrInput})
			return
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		type pair struct {
			g   *Game
			err error
		}
		pairs := make(chan pair)
		send := func(g *Game, err error) error {
			select {
			case pairs <- pair{g, err}:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		var runErr error
		go func() {
			defer close(pairs)
			cfg := scan.Config{Sources: a.sources, Stdin: a.stdin, Selection: a.sel, Workers: a.workers,
				FullGames: true, Batches: func(b *scan.Batch) error { return eachGame(b, send) }}
			runErr = scan.Run(ctx, cfg, &report.Outputs{Summary: report.NewSummary(scan.Names())})
		}()
		for p := range pairs {
			if !yield(p.g, p.err) {
				cancel()
				for range pairs { // wait for the scan to stop: no goroutine outlives Games
				}
				return
			}
		}
		// pairs is closed: runErr is set. An *scan.InputsError was yielded input by input.
		if err := ctx.Err(); err != nil {
			yield(nil, err)
		} else if runErr != nil && !errors.Is(runErr, scan.ErrInputFailed) {
			yield(nil, runErr)
		}
	}
}

package audit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/pgnscan/pgnscan/internal/htmlreport"
	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/pgnout"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/scan"
	"github.com/pgnscan/pgnscan/internal/scanpage"
	"github.com/pgnscan/pgnscan/internal/shardscan"
)

// Tables say what Write writes: the tables of `pgnscan scan` and its other outputs, each field
// the value of the scan flag of the same name (cli-and-output.md gives the columns and
// formats). Findings is required; an empty field writes nothing.
type Tables struct {
	// Findings is the findings table (--out): a .parquet or .csv file, "-" for CSV on Stdout,
	// or with Partition the directory of its Hive-partitioned Parquet files. Games (--games) and
	// Errors (--errors) are the games and errors tables alike; Errors is never partitioned.
	Findings, Games, Errors string
	// Stdout is written for the path "-"; nil means os.Stdout.
	Stdout io.Writer
	// Partition lists the keys (edition, year, month) that split Findings and Games into
	// Hive folders (--partition); nil writes single files.
	Partition []string

	// PGN, when set, receives every game with a finding as it was read, with a
	// {pgnscan: ...} comment at each finding's ply and a PgnscanFindings tag (--pgn-out).
	// PGNRules keeps only the findings of these rules (--pgn-out-rules), PGNMissed only missed
	// claims and unapplied endings (--pgn-out-missed).
	PGN       string
	PGNRules  []string
	PGNMissed bool

	// HTML, when set, receives the HTML report of the scan (--html).
	HTML string
	// SummaryJSON, when set, receives the summary as JSON (--summary-json), which
	// `pgnscan report` merges. An archive of OpenShard with Partition writes it to
	// Findings/_summary-NAME.json when it is not set.
	SummaryJSON string
	// Progress, when set, receives a progress bar, redrawn in place.
	Progress io.Writer

	// Version and CommandLine are recorded in the Parquet files' metadata and on the page.
	Version     string
	CommandLine []string
}

// Write scans the archive, as `pgnscan scan` does, and writes the tables and outputs t names.
// Each file is written under a temporary name and renamed when whole.
//
// The error is nil; or ctx's error after an interrupt (the outputs then hold every game read,
// and the summary says so); or, when an input could not be read to its end, an error that
// wraps ErrInput and names every such input (the outputs are written all the same); or the
// error of an output that could not be written, with a nil Summary (a table's failure removes
// the tables; the HTML page, written last, leaves them whole). A bad field of t is an error
// wrapping ErrOption, before anything is read.
func (a *Archive) Write(ctx context.Context, t Tables) (*Summary, error) {
	opt, err := a.scanOptions(t)
	if err != nil {
		return nil, err
	}
	if a.once != nil && a.once.Swap(true) {
		return nil, &Error{Source: a.sources[0].Name, Game: -1, Err: errors.New("already read (an archive from an io.Reader is read once)"), kind: ErrInput}
	}
	var page *htmlreport.Aggregate
	if t.HTML != "" {
		page = htmlreport.NewAggregate(true, scanpage.Chess()) // fed every games row: rates by speed and Elo band
		page.SetInputs(a.paths...)
		opt.Tap = page
	}
	st, err := shardscan.Scan(ctx, a.sources, opt)
	if st.Summary == nil {
		return nil, err // an output failed: nothing was written
	}
	if page != nil {
		if err := scanpage.WriteFile(t.HTML, page, t.Version); err != nil {
			return nil, err
		}
	}
	if errors.Is(err, scan.ErrInputFailed) {
		err = &kindError{kind: ErrInput, err: err}
	}
	return &Summary{s: st.Summary}, err
}

// scanOptions checks t and returns the options of the archive's scan.
func (a *Archive) scanOptions(t Tables) (shardscan.Options, error) {
	opt := shardscan.Options{Selection: a.sel, Workers: a.workers, Stdin: a.stdin, Stdout: t.Stdout,
		Out: t.Findings, Games: t.Games, Errors: t.Errors, PartName: a.partName, SummaryFile: t.SummaryJSON,
		Version: t.Version, CommandLine: t.CommandLine}
	bad := func(err error) (shardscan.Options, error) {
		return opt, fmt.Errorf("audit: %w: %w", ErrOption, err)
	}
	if t.Findings == "" {
		return bad(errors.New("no findings table (Tables.Findings)"))
	}
	if len(t.Partition) > 0 {
		keys, err := report.ParsePartition(strings.Join(t.Partition, ","))
		if err != nil {
			return bad(err)
		}
		opt.Partition = keys
	}
	if t.PGN != "" {
		fl, err := pgnout.ParseFilter(strings.Join(t.PGNRules, ","), t.PGNMissed)
		if err != nil {
			return bad(err)
		}
		opt.PGNOut, opt.PGNFilter = t.PGN, fl
	}
	if t.Progress != nil {
		opt.Progress = scan.NewProgress(t.Progress)
	}
	return opt, nil
}

// OpenShard checks opt and returns the archive of one shard of a file, as `pgnscan plan`
// prints it (KIND:PATH@START-END, with +COUNTS when counted): the games whose first byte lies
// in the shard, with the rows a scan of the whole file gives them. With Tables.Partition,
// Write writes the shard's own part files (part-NAME.parquet) and summary
// (_summary-NAME.json) beside those of the file's other shards, which `pgnscan report` merges.
//
// A shard that does not parse wraps ErrOption; a file that cannot be opened, a shard past its
// end or whose range is not whole frames, wraps ErrInput and the cause.
func OpenShard(shard string, opt *Options) (*Archive, error) {
	sel, err := opt.selection()
	if err != nil {
		return nil, err
	}
	sh, err := input.ParseShard(shard)
	if err != nil {
		return nil, fmt.Errorf("audit: %w: %w", ErrOption, err)
	}
	src, err := sh.Source()
	if err != nil {
		return nil, fmt.Errorf("audit: %w: %w", ErrInput, err)
	}
	return &Archive{partName: sh.PartName(), sources: []input.Source{src}, sel: sel, workers: workersOf(opt)}, nil
}

// A Summary is what a scan counted, as `pgnscan scan` prints it: games read, findings by
// edition, rule and speed, games not read whole, inputs that failed.
type Summary struct{ s *report.Summary }

// WriteTo writes the summary as text, as `pgnscan scan` prints it.
func (s *Summary) WriteTo(w io.Writer) (int64, error) { return s.s.WriteTo(w) }

// Games returns the number of games read.
func (s *Summary) Games() int64 { return s.s.Games() }

// Findings returns the number of findings (rows of the findings table).
func (s *Summary) Findings() int64 { return s.s.Findings() }

// ErrorGames returns the number of games not read whole (rows of the errors table).
func (s *Summary) ErrorGames() int64 { return s.s.GamesWithErrors() }

// Interrupted reports whether the scan was interrupted (its ctx done) before the end.
func (s *Summary) Interrupted() bool { return s.s.Interrupted() }

// kindError gives an error of the scan a kind (ErrInput) for errors.Is, keeping its message.
type kindError struct{ kind, err error }

func (e *kindError) Error() string   { return e.err.Error() }
func (e *kindError) Unwrap() []error { return []error{e.kind, e.err} }

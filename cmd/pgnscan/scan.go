package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pgnscan/pgnscan/audit"
	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/pgnout"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/rules"
)

// scanOptions are the flags of `pgnscan scan` (cli-and-output.md).
type scanOptions struct {
	editions     string
	fallback     string
	fivefold2014 string
	noAgreement  int
	out          string
	games        string
	errors       string
	workers      int
	progress     string
	summary      string
	quiet        bool
	cpuprofile   string
	memprofile   string
	html         string
	partition    string
	shard        string
	summaryJSON  string
	pgnOut       string
	pgnOutRules  string
	pgnOutMissed bool
}

func newScanCmd(p process, stdin io.Reader) *cobra.Command {
	var o scanOptions
	cmd := &cobra.Command{
		Use:   "scan [flags] INPUT...",
		Short: "Scan PGN archives, write findings, print a summary",
		Long: `Scan replays every game of the inputs and writes one row per finding: draw claims a player
could have made (threefold repetition, fifty moves) and did not, automatic endings (fivefold
repetition, 75 moves, dead position) that were not applied, and results that contradict the
board (a mate scored as a draw, a decisive stalemate) or the Laws (a game lost on time or by
resignation when the winner could not checkmate, a draw agreed too early).

An INPUT is a file, a directory (every PGN archive inside it and its subfolders, in path
order) or "-" for standard input. Compression is recognised from the first bytes: zstd (also
multi-frame, as lichess publishes), gzip, bzip2, xz, or plain text; a zip archive (TWIC) stands
for its .pgn members, each an input named FILE.zip:MEMBER. A file whose bytes are not text is
refused (exit 1). A Parquet file (the Hugging Face dataset Lichess/standard-chess-games: a
movetext column and tag columns) is read row by row, each row a game; a directory also stands
for its .parquet files, in Hive partition folders (year=2025/month=05) as in plain ones.
--partition writes --out and --games as Hive-partitioned Parquet.

Each game is judged under the rule editions of --edition: fide2009 (alias pre2014), fide2014,
fide2017 (alias fide2018), fide2023 (alias current) and lichess. "auto" picks the FIDE edition in
force on the game's date (EventDate, Date, then UTCDate). See "pgnscan editions".

Exit status: 0 the scan finished (games with errors are counted, not fatal); 1 an input could
not be read to its end or an output could not be written; 2 bad usage; 130 interrupted (the
outputs hold every game read so far, and the summary says how far the scan got).

--shard scans one shard of a file, as "pgnscan plan" prints them (KIND:PATH@START-END+COUNTS),
in place of INPUT: the games whose first byte lies in the shard, with the rows, game_index and
game_offset a scan of the whole file gives them. With the counts it reads only its range (and
past its end to finish its last game); without them, from the file's first byte. A shard that
does not parse is bad usage. With --partition, the shards of a file may write into the same
folders: each writes part files of its own, part-BASE@START-END.parquet, and its summary,
_summary-BASE@START-END.json, which "pgnscan report DIR" merges.`,
		Example: `  pgnscan scan lichess_db_standard_rated_2025-05.pgn.zst -o may.parquet
  pgnscan scan --edition auto,lichess --games games.parquet archives/
  zstdcat big.pgn.zst | pgnscan scan - -o - > findings.csv`,
		Args: func(cmd *cobra.Command, args []string) error {
			if o.shard != "" {
				return cobra.NoArgs(cmd, args)
			}
			if len(args) == 0 {
				return usageError{errors.New("no input: name PGN archives or folders, or - to read standard input")}
			}
			return nil
		},
		RunE: runE(func(cmd *cobra.Command, args []string) error {
			if err := checkWorkers(cmd, o.workers); err != nil {
				return err
			}
			return runScan(cmd.Context(), o, args, p, stdin, cmd.OutOrStdout(), cmd.ErrOrStderr())
		}),
	}
	f := cmd.Flags()
	f.StringVar(&o.editions, "edition", rules.DefaultEditions, "comma-separated editions to judge under: "+editionChoices())
	f.StringVar(&o.fallback, "fallback-edition", rules.DefaultFallback, "edition auto uses for games without a usable date")
	f.IntVar(&o.noAgreement, "no-agreement-before", 0, "the competition forbade agreed draws before move N (9.1a / 9.1.1)")
	f.StringVar(&o.fivefold2014, "fivefold-2014", rules.DefaultFivefold2014.String(), "how fide2014 reads fivefold repetition: consecutive or any")
	f.StringVarP(&o.out, "out", "o", "findings.parquet", "findings file: .parquet or .csv; - writes CSV to standard output")
	f.StringVar(&o.games, "games", "", "also write one row per game and edition (.parquet or .csv)")
	f.StringVar(&o.errors, "errors", "", "also write one row per game that could not be read whole (.parquet or .csv)")
	f.IntVarP(&o.workers, "workers", "j", 0, "analysis workers (default: the number of CPUs)")
	f.StringVar(&o.progress, "progress", "auto", "progress bar on standard error: auto (only on a terminal), always or never")
	f.StringVar(&o.summary, "summary", "", "where the summary goes: a file, or - for standard output (default: standard error)")
	f.BoolVarP(&o.quiet, "quiet", "q", false, "no summary, no progress")
	f.StringVar(&o.html, "html", "", "also write an HTML report of the findings to this file (see pgnscan report --html)")
	f.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile of the scan to this file (for go tool pprof)")
	_ = f.MarkHidden("cpuprofile")
	f.StringVar(&o.memprofile, "memprofile", "", "write the scan's allocations to this file (for go tool pprof)")
	_ = f.MarkHidden("memprofile")
	f.StringVar(&o.shard, "shard", "", "scan only this shard of a file, as pgnscan plan prints it (KIND:PATH@START-END), in place of INPUT")
	f.StringVar(&o.summaryJSON, "summary-json", "", "also write the summary as JSON to this file, which pgnscan report merges (default with --shard --partition: OUT/_summary-NAME.json)")
	f.StringVar(&o.pgnOut, "pgn-out", "", "also write every game with a finding to this PGN file, as read, with a {pgnscan: ...} comment at each finding's ply and a PgnscanFindings tag")
	f.StringVar(&o.pgnOutRules, "pgn-out-rules", "", "--pgn-out: only findings of these rules (comma-separated, e.g. unwinnable_timeout,dead_position)")
	f.BoolVar(&o.pgnOutMissed, "pgn-out-missed", false, "--pgn-out: only missed claims and unapplied endings")
	f.StringVar(&o.partition, "partition", "", "write --out and --games as Hive-partitioned Parquet in the directories they name, split by these keys: edition, year, month (e.g. year,month)")
	return cmd
}

// scanMemoryLimit is the soft limit on the Go heap during a scan (unless GOMEMLIMIT sets one).
// A scan's live data is mostly large byte buffers (chunks, decoded zstd frames, Parquet record
// batches), about 100 to 150 MB however large the input; without a limit the collector lets the
// heap grow to twice that before collecting. The limit keeps the peak near 200 MB at the cost
// of more frequent collections, which are cheap here since those buffers hold no pointers.
const scanMemoryLimit = 180 << 20

// scanGCPercent is the collector's GOGC during a scan (unless GOGC sets one): the heap may grow
// to 2.5 times the live data before a collection, not twice. Since chunks of 1 MiB the live heap
// of a scan at -j 1 is some 22 MB, and at GOGC 100 the collector ran 6 to 7 times on issue 25's
// OTB scan, three of them while the heap first grew to 4, 8 and 16 MB, the rest paced by the
// Parquet writer's garbage (~10 MB a row group, allocated inside the library). At 150: 4 cycles,
// the collector 2.9-3.8 -> 1.4-1.7 % of the CPU samples (perf, 3 runs each), peak RSS 71 -> 75 MB
// (93 MB before the 1 MiB chunks), minor faults 13.0 -> 13.9 k; lichess200 collector 1.7 -> 0.8 %.
// At 200 the pzstd input at -j 2, whose decoded frames make a larger live heap, peaked at 143 MB
// against 120.
const scanGCPercent = 150

// scanMemory sets the scan's soft memory limit and GOGC, each unless the environment sets it,
// and returns a function that restores them.
func scanMemory(getenv func(string) string) (restore func()) {
	limit, percent := int64(-1), -2 // -2: not set
	if getenv("GOMEMLIMIT") == "" {
		limit = debug.SetMemoryLimit(scanMemoryLimit)
	}
	if getenv("GOGC") == "" {
		percent = debug.SetGCPercent(scanGCPercent)
	}
	return func() {
		if limit >= 0 {
			debug.SetMemoryLimit(limit)
		}
		if percent != -2 {
			debug.SetGCPercent(percent)
		}
	}
}

// runScan validates the options, runs the scan (audit's Archive.Write) and prints the summary.
// p gives the command line the outputs record and the environment (GOMEMLIMIT).
func runScan(ctx context.Context, o scanOptions, args []string, p process, stdin io.Reader, stdout, stderr io.Writer) error {
	a, t, err := o.archive(args, p, stdin, stderr)
	if err != nil {
		return err
	}
	ctx, stop := catchInterrupts(ctx)
	defer stop()
	t.Stdout = stallFree(stdout, ctx.Done())
	defer scanMemory(p.getenv)()
	if o.cpuprofile != "" {
		stopProfile, err := startCPUProfile(o.cpuprofile)
		if err != nil {
			return err
		}
		defer stopProfile()
	}
	if o.memprofile != "" {
		defer writeAllocProfile(o.memprofile, stderr)
	}
	sum, runErr := a.Write(ctx, t)
	if sum == nil {
		return runErr // an output failed: nothing was written
	}
	interrupted := ctx.Err() != nil
	givenUp := func(err error) bool { return interrupted && errors.Is(err, context.Canceled) }
	if !o.quiet {
		if err := printSummary(sum, o.summary, t.Stdout, stderr); err != nil && !givenUp(err) {
			return err
		}
	}
	if interrupted {
		return context.Canceled // exit 130
	}
	return runErr // nil or an input that failed (exit 1)
}

// archive checks the options and returns what the scan reads and what it writes: every
// mistake is bad usage (exit 2), but an input that fails to open as a shard. It notes on stderr
// a shard without counts, whose scan reads its file from the start. The flags are checked
// here, in the command's words, before audit checks them again.
func (o *scanOptions) archive(args []string, p process, stdin io.Reader, stderr io.Writer) (*audit.Archive, audit.Tables, error) {
	t := audit.Tables{Findings: o.out, Games: o.games, Errors: o.errors, SummaryJSON: o.summaryJSON, HTML: o.html,
		Version: Version(), CommandLine: p.argv}
	aopt := &audit.Options{Editions: o.editions, FallbackEdition: o.fallback, Fivefold2014: o.fivefold2014,
		NoAgreementBefore: o.noAgreement, Workers: o.workers, Stdin: stdin}
	if _, err := (rules.Flags{Editions: o.editions, Fallback: o.fallback, Fivefold2014: o.fivefold2014,
		NoAgreementBefore: o.noAgreement}).Selection(); err != nil {
		return nil, t, usageError{err}
	}
	if o.pgnOut == "" && (o.pgnOutRules != "" || o.pgnOutMissed) {
		return nil, t, usageError{errors.New("--pgn-out-rules and --pgn-out-missed choose what --pgn-out writes: name the file with --pgn-out")}
	}
	if o.pgnOut != "" {
		fl, err := pgnout.ParseFilter(o.pgnOutRules, o.pgnOutMissed)
		if err != nil {
			return nil, t, usageError{err}
		}
		t.PGN, t.PGNRules, t.PGNMissed = o.pgnOut, fl.Rules, fl.Missed
	}
	showProgress, err := progressWanted(o.progress, o.quiet, stderr)
	if err != nil {
		return nil, t, usageError{err}
	}
	if showProgress {
		t.Progress = stderr
	}
	a, srcs, err := openInputs(*o, args, aopt)
	if err != nil {
		return nil, t, err
	}
	if sh, _ := input.ParseShard(o.shard); o.shard != "" && sh.First == nil && sh.Start > 0 && !o.quiet {
		fmt.Fprintf(stderr, "pgnscan: note: the shard has no counts (+INDEX,...): its scan reads %s from byte 0 to learn its first game,\n"+
			"  so scanning all the shards of a file costs time quadratic in their number; pgnscan plan --count gives them\n", a.Sources()[0])
	}
	if err := checkOutputs(*o, srcs); err != nil {
		return nil, t, usageError{err}
	}
	if o.partition != "" {
		if t.Partition, err = report.ParsePartition(o.partition); err != nil {
			return nil, t, usageError{err}
		}
	}
	return a, t, nil
}

// openInputs opens the archive of the inputs args name, or of the shard of --shard, and
// returns it with the sources checkOutputs compares the outputs with. A shard that does not
// parse, or names a file that does not exist, is bad usage, as is an input audit.Open refuses;
// a shard that reaches past its file or whose frames do not decode is a failed input.
func openInputs(o scanOptions, args []string, aopt *audit.Options) (*audit.Archive, []input.Source, error) {
	if o.shard == "" {
		srcs, err := input.Resolve(args) // audit.Open resolves them again; here for the usage message and checkOutputs
		if err != nil {
			return nil, nil, usageError{err}
		}
		a, err := audit.Open(args, aopt)
		if err != nil {
			return nil, nil, usageError{auditCause(err)}
		}
		return a, srcs, nil
	}
	sh, err := input.ParseShard(o.shard)
	if err != nil {
		return nil, nil, usageError{fmt.Errorf("--shard %w", err)}
	}
	if _, err := input.Resolve([]string{sh.Path}); err != nil {
		return nil, nil, usageError{err}
	}
	a, err := audit.OpenShard(o.shard, aopt)
	if err != nil {
		return nil, nil, auditCause(err)
	}
	return a, []input.Source{{Path: sh.Path}}, nil
}

// auditCause returns the cause that an error of audit.Open or audit.OpenShard wraps beside its
// kind (audit.ErrInput, audit.ErrOption): the message the command prints, without "audit: ".
func auditCause(err error) error {
	if m, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range m.Unwrap() {
			if e != audit.ErrInput && e != audit.ErrOption {
				return e
			}
		}
	}
	return err
}

// startCPUProfile starts writing a CPU profile to path; the returned function stops it.
func startCPUProfile(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// writeAllocProfile writes the allocations made so far to path (pprof's "allocs" profile);
// a failure is reported on stderr, as the scan itself succeeded. The profile counts the
// allocations up to the last completed collection, so one is run first: without it the
// allocations made since the scan's last cycle (a sixth of the run, the outputs' final row
// groups among them) were left out.
func writeAllocProfile(path string, stderr io.Writer) {
	runtime.GC()
	f, err := os.Create(path)
	if err == nil {
		err = pprof.Lookup("allocs").WriteTo(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "pgnscan: --memprofile: %v\n", err)
	}
}

// progressWanted decides whether to draw the progress bar.
func progressWanted(mode string, quiet bool, stderr io.Writer) (bool, error) {
	switch mode {
	case "auto":
		return !quiet && isTerminal(stderr), nil
	case "always":
		return !quiet, nil
	case "never":
		return false, nil
	}
	return false, fmt.Errorf("--progress must be auto, always or never, not %q", mode)
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// checkPartitioned refuses --partition with an output that cannot be partitioned: CSV (a
// .csv name or standard output). Partitioned outputs are directories; --errors stays a file.
func checkPartitioned(o scanOptions) error {
	if _, err := report.ParsePartition(o.partition); err != nil {
		return err
	}
	for _, p := range []struct{ flag, path string }{{"--out", o.out}, {"--games", o.games}} {
		if f, err := report.FormatOf(p.path); p.path != "" && err == nil && f == report.CSV {
			return fmt.Errorf("--partition writes Hive-partitioned Parquet into a directory; CSV output cannot be partitioned (%s %s)", p.flag, p.path)
		}
	}
	return nil
}

// printSummary writes the summary where --summary says.
func printSummary(s *audit.Summary, path string, stdout, stderr io.Writer) error {
	switch path {
	case "":
		_, err := s.WriteTo(stderr)
		return err
	case "-":
		_, err := s.WriteTo(stdout)
		return err
	}
	f, err := report.CreateFile(path)
	if err != nil {
		return err
	}
	if _, err := s.WriteTo(f); err != nil {
		f.Remove()
		return &report.OutputError{Op: "write", Path: path, Err: err}
	}
	return f.Commit()
}

// editionChoices lists what --edition takes, from the edition table: "fide2009, ..., lichess, auto".
func editionChoices() string {
	var ids []string
	for _, e := range rules.Editions() {
		ids = append(ids, e.ID)
	}
	return strings.Join(append(ids, rules.Auto), ", ")
}

package main

import (
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/pgnscan/pgnscan/internal/report"
)

// process is what the commands take from the process that runs them, passed in by main (and
// by the tests): below run, nothing reads os.Args or the environment.
type process struct {
	argv   []string            // the command line, the program's name first (Parquet metadata records it)
	getenv func(string) string // the environment: os.Getenv, or a test's
}

// run executes the command line p.argv and returns the process exit status. It is the only
// place where errors become exit statuses.
func run(p process, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCmd(p, stdin, stdout, stderr)
	root.SetArgs(p.argv[1:])
	err := root.Execute()
	code := exitCode(err)
	if err != nil && code != exitInterrupted {
		fmt.Fprintln(stderr, "pgnscan:", singleLine(report.Clip(err.Error(), maxErrorLine)))
	}
	return code
}

// maxErrorLine bounds the error line on standard error, in bytes: room for the messages of
// several failed inputs (each at most report.MaxMessage), never megabytes.
const maxErrorLine = 4 * report.MaxMessage

// singleLine makes an error message one line: cobra appends its suggestions for a mistyped
// command on lines of their own ("\n\nDid you mean this?\n\tscan\n").
func singleLine(msg string) string {
	const didYouMean = "Did you mean this?"
	if i := strings.Index(msg, didYouMean); i >= 0 {
		return strings.TrimSpace(msg[:i]) + " (did you mean " + strings.Join(strings.Fields(msg[i+len(didYouMean):]), " or ") + "?)"
	}
	return strings.Join(strings.Fields(msg), " ")
}

func newRootCmd(p process, stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "pgnscan",
		Short: "Audit chess game archives against the Laws of Chess",
		Long: `pgnscan replays every game of PGN archives (plain, zstd, gzip, bzip2, xz) and reports,
under the rule edition that applied to each game: draw claims (threefold repetition, fifty moves)
that a player could have made and did not, automatic endings (fivefold repetition, 75 moves, dead
position) that were not applied, and results that contradict the board.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return usageError{suggestFlag(cmd, err)} })
	root.Version = Version()
	root.SetVersionTemplate("pgnscan {{.Version}}\n") // as "pgnscan version" prints it
	root.AddCommand(newScanCmd(p, stdin), newReportCmd(), newEditionsCmd(), newVersionCmd(), newCanmateCmd(p, stdin), newPlanCmd())
	return root
}

// suggestFlag adds to pflag's "unknown flag: --edtion" the flag of cmd nearest in spelling,
// as cobra does for a mistyped command: "(did you mean --edition?)". Other errors are returned
// as they are.
func suggestFlag(cmd *cobra.Command, err error) error {
	name, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok {
		return err
	}
	best, bestDist := "", 3 // at most two edits away, as cobra's SuggestionsMinimumDistance
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		if d := editDistance(name, f.Name); d < bestDist || (d == bestDist && best == "" && strings.HasPrefix(f.Name, name)) {
			best, bestDist = f.Name, d
		}
	})
	if best == "" {
		return err
	}
	return fmt.Errorf("%w (did you mean --%s?)", err, best)
}

// editDistance is the Levenshtein distance between a and b, in bytes (flag names are ASCII).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// checkWorkers refuses a --workers count below 1 that the command line gave (-j 0 and -j -3
// alike); left out, the count is one worker per CPU.
func checkWorkers(cmd *cobra.Command, n int) error {
	if n >= 1 || !cmd.Flags().Changed("workers") {
		return nil
	}
	return usageError{fmt.Errorf("--workers must be at least 1, not %d (leave it out for one per CPU, %d here)", n, runtime.NumCPU())}
}

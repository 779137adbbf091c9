package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pgnscan/pgnscan/internal/report"
)

// run executes the command line args and returns the process exit status. It is the only
// place where errors become exit statuses.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCmd(stdin, stdout, stderr)
	root.SetArgs(args)
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

func newRootCmd(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
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
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.AddCommand(newScanCmd(stdin), newReportCmd(), newEditionsCmd(), newVersionCmd(), newCanmateCmd(stdin), newPlanCmd())
	return root
}

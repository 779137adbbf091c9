package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pgnscan/pgnscan/audit"
)

// errInvalidLines is returned (exit status 1) when some FEN could not be answered.
var errInvalidLines = errors.New("canmate: some lines were not legal positions")

func newCanmateCmd(p process, stdin io.Reader) *cobra.Command {
	var (
		witness bool
		winner  bool
		side    string
		budget  int
	)
	cmd := &cobra.Command{
		Use:   "canmate [FEN...]",
		Short: "Can each side still checkmate? (rules.md 7.1; FENs from stdin if none)",
		Long: `canmate answers, for each FEN (the arguments, else one per line of standard input), whether
White and Black can still checkmate by some series of legal moves: yes (with a witness), no
(proved), or unknown (the search budget ran out). A FEN has 4 or 6 fields; words after it are
kept. Output: one tab-separated line each: the line as given, White's answer, Black's answer,
"unreachable: REASON" when no game could reach the position (it is answered all the same), and
with --witness each yes answer's mating line in SAN ("white: 1. Qh5 Nc6 2. Qxf7#"; a lone "#"
when the mate already stands on the board). Blank lines and lines starting with # are copied
through unanswered. Exit status 1 when a line was not a legal position (it is answered
"invalid: REASON" in both columns), 2 for bad usage.`,
		RunE: runE(func(cmd *cobra.Command, args []string) error {
			holdMemory()
			defer oneProcessor(p.getenv)()
			releaseImage()
			a := canmateAnswerer{witness: witness, winner: winner, decider: audit.NewDecider(budget)}
			switch s := strings.ToLower(side); s {
			case "":
				a.sides = []string{audit.White, audit.Black}
			case audit.White, audit.Black:
				a.sides = []string{s}
			default:
				return usageError{fmt.Errorf("--side %q: want white or black", side)}
			}
			if winner && side != "" {
				return usageError{errors.New("--winner and --side: give one of them")}
			}
			if budget < 0 {
				return usageError{fmt.Errorf("--budget %d: want a positive number of nodes", budget)}
			}
			out := bufio.NewWriter(cmd.OutOrStdout())
			invalid := false
			answer := func(line string) error {
				invalid = !a.answer(out, line) || invalid
				return out.Flush()
			}
			if len(args) > 0 {
				for _, arg := range args {
					if err := answer(arg); err != nil {
						return err
					}
				}
			} else {
				sc := bufio.NewScanner(stdin)
				sc.Buffer(make([]byte, 0, 4096), 1<<20)
				for sc.Scan() {
					line := strings.TrimRight(sc.Text(), "\r")
					if err := answer(line); err != nil {
						return err
					}
				}
				if err := sc.Err(); err != nil {
					return fmt.Errorf("canmate: reading standard input: %w", err)
				}
			}
			if invalid {
				return errInvalidLines
			}
			return nil
		}),
	}
	f := cmd.Flags()
	f.BoolVar(&witness, "witness", false, "append each yes answer's mating line in SAN")
	f.StringVar(&side, "side", "", "answer for one side only: white or black (the other column is -)")
	f.BoolVar(&winner, "winner", false, "answer only for the side not to move (the side that did not flag in a timeout's final position)")
	f.IntVar(&budget, "budget", audit.DefaultBudget, fmt.Sprintf("search nodes per side (from %d up, a question left unknown gets up to %d times more in deeper searches)", audit.DeepMinBudget, audit.DeepFactor))
	return cmd
}

// canmateMemory is the soft memory limit canmate gives the garbage collector when none is set
// (GOMEMLIMIT). The decider's live memory is its tables, at most about 29 MB at the default
// budget (the deep exhaustive step's table: 524,288 entries of 48 bytes and 4 MB of slots, held
// alone: internal/mate's deep.go); the collector's default, a heap twice the live one, let the
// process hold 90-110 MB on labelled-dev.txt (benchmarks/RESULTS.md at 11ce268, the decider's
// section). The limit sets the peak: at 40 MiB the process peaked at 48-54 MB on labelled-dev.txt
// whatever its live memory, at 36 MiB at 43-47 MB, for the same instructions.
const canmateMemory = 36 << 20

// holdMemory sets the collector's soft memory limit to canmateMemory unless one is set.
func holdMemory() {
	if debug.SetMemoryLimit(-1) == math.MaxInt64 {
		debug.SetMemoryLimit(canmateMemory)
	}
}

// oneProcessor runs the Go code on one processor until the returned function restores the
// setting, unless GOMAXPROCS is set. canmate answers its lines one after another on one
// goroutine, so a second processor serves only the collector, which the memory limit
// (holdMemory) runs often: each cycle its idle mark worker took the second processor whole,
// CPU time that answered nothing (measured: system time of the both-sides run of
// lichess-timeouts-15k-dev.txt 0.45-0.57 s with two, 0.16-0.30 s with one; benchmarks/RESULTS.md,
// the decider's section).
func oneProcessor(getenv func(string) string) (restore func()) {
	if getenv("GOMAXPROCS") != "" {
		return func() {}
	}
	n := runtime.GOMAXPROCS(1)
	return func() { runtime.GOMAXPROCS(n) }
}

// canmateAnswerer answers canmate's lines with one decider.
type canmateAnswerer struct {
	decider *audit.Decider
	sides   []string // audit.White, audit.Black
	witness bool
	winner  bool // answer only for the side not to move (sides unused)
}

// answer writes the line for one FEN and reports whether it was a legal position. A blank line
// or a comment (# first) is copied through unanswered.
func (a *canmateAnswerer) answer(w *bufio.Writer, line string) bool {
	if t := strings.TrimSpace(line); t == "" || t[0] == '#' {
		w.WriteString(line)
		w.WriteByte('\n')
		return true
	}
	cols := map[string]string{audit.White: "-", audit.Black: "-"}
	var unreachable string
	var lines []string
	invalid := func(err error) {
		var e *audit.Error
		if errors.As(err, &e) {
			err = e.Err // the field and the reason, without the package's prefix
		}
		cols[audit.White], cols[audit.Black] = "invalid: "+err.Error(), "invalid: "+err.Error()
		unreachable, lines = "", nil
	}
	fen, err := canmateFEN(line)
	if err != nil {
		invalid(err)
	}
	for _, side := range a.sidesFor(fen) {
		if err != nil {
			break
		}
		var m audit.Mate
		if m, err = a.decider.CanMate(fen, side); err != nil {
			invalid(err)
			break
		}
		cols[side], unreachable = m.Answer, m.Unreachable
		if a.witness && m.Answer == audit.Yes {
			lines = append(lines, side+": "+m.Line())
		}
	}
	w.WriteString(line)
	for _, side := range []string{audit.White, audit.Black} {
		w.WriteByte('\t')
		w.WriteString(cols[side])
	}
	if unreachable != "" {
		w.WriteString("\tunreachable: ")
		w.WriteString(unreachable)
	}
	for _, l := range lines {
		w.WriteByte('\t')
		w.WriteString(l)
	}
	w.WriteByte('\n')
	return err == nil
}

// sidesFor returns the sides to answer for in the position of fen: --winner's, the side not
// to move (White when the side-to-move field is not one: the answer is then the FEN's error).
func (a *canmateAnswerer) sidesFor(fen string) []string {
	if !a.winner {
		return a.sides
	}
	if f := strings.Fields(fen); len(f) > 1 && f[1] == "w" {
		return []string{audit.Black}
	}
	return []string{audit.White}
}

// canmateFEN returns the FEN at the start of line: 6 fields when the fifth and sixth are
// numbers (the clocks), else 4; any further words are not part of it.
func canmateFEN(line string) (string, error) {
	fields := strings.Fields(line)
	if len(fields) < 4 {
		return "", fmt.Errorf("a FEN has 4 or 6 fields, found %d", len(fields))
	}
	n := 4
	if len(fields) >= 6 && isNumber(fields[4]) && isNumber(fields[5]) {
		n = 6
	}
	return strings.Join(fields[:n], " "), nil
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

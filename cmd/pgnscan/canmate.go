package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pgnscan/pgnscan/internal/board"
	"github.com/pgnscan/pgnscan/internal/mate"
)

// errInvalidLines is returned (exit status 1) when some FEN could not be answered.
var errInvalidLines = errors.New("canmate: some lines were not legal positions")

func newCanmateCmd(stdin io.Reader) *cobra.Command {
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
			a := canmateAnswerer{witness: witness, winner: winner, decider: mate.NewDecider(budget)}
			switch strings.ToLower(side) {
			case "":
				a.sides = []board.Color{board.White, board.Black}
			case "white":
				a.sides = []board.Color{board.White}
			case "black":
				a.sides = []board.Color{board.Black}
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
	f.IntVar(&budget, "budget", mate.DefaultBudget, "search nodes per side")
	return cmd
}

// canmateMemory is the soft memory limit canmate gives the garbage collector when none is set
// (GOMEMLIMIT). The decider's live memory is its tables, at most about 45 MB at the default
// budget (the exhaustive search's table at the whole budget); the collector's default, a heap
// twice the live one, let the process hold 90-110 MB on labelled-dev.txt, and this limit holds
// it near 60 MB at no measurable cost in time (benchmarks/RESULTS.md at 11ce268, the decider's section).
const canmateMemory = 40 << 20

// holdMemory sets the collector's soft memory limit to canmateMemory unless one is set.
func holdMemory() {
	if debug.SetMemoryLimit(-1) == math.MaxInt64 {
		debug.SetMemoryLimit(canmateMemory)
	}
}

// canmateAnswerer answers canmate's lines with one decider.
type canmateAnswerer struct {
	decider *mate.Decider
	sides   []board.Color
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
	p, unreachable, err := canmateFEN(line)
	cols := [2]string{"-", "-"}
	var lines []string
	if err != nil {
		cols = [2]string{"invalid: " + err.Error(), "invalid: " + err.Error()}
		unreachable = nil
	} else {
		sides := a.sides
		if a.winner {
			sides = []board.Color{p.Turn().Other()}
		}
		for _, s := range sides {
			r := a.decider.CanMate(&p, s)
			cols[s] = r.Answer.String()
			if a.witness && r.Answer == mate.Yes {
				lines = append(lines, s.String()+": "+sanLine(p, r.Witness))
			}
		}
	}
	w.WriteString(line)
	for _, c := range cols {
		w.WriteByte('\t')
		w.WriteString(c)
	}
	if unreachable != nil {
		w.WriteString("\tunreachable: ")
		w.WriteString(unreachable.Error())
	}
	for _, l := range lines {
		w.WriteByte('\t')
		w.WriteString(l)
	}
	w.WriteByte('\n')
	return err == nil
}

// canmateFEN reads the FEN at the start of line: 6 fields when the fifth and sixth are
// numbers (the clocks), else 4; any further words are not part of it. It returns the reason a
// FEN is not a legal position (err), or the reason no game could reach it (unreachable: more
// material than promotions explain, or more than two pieces giving check), as errors whose
// text is that reason alone; an unreachable position is answered all the same
// (cli-and-output.md: moves can still be played from it).
func canmateFEN(line string) (p board.Position, unreachable, err error) {
	fields := strings.Fields(line)
	if len(fields) < 4 {
		return p, nil, fmt.Errorf("a FEN has 4 or 6 fields, found %d", len(fields))
	}
	n := 4
	if len(fields) >= 6 && isNumber(fields[4]) && isNumber(fields[5]) {
		n = 6
	}
	s, err := board.ParseFEN(strings.Join(fields[:n], " "))
	if err == nil {
		p, unreachable, err = s.Playable()
	}
	if err != nil {
		return p, nil, fenReason(err)
	}
	if unreachable != nil {
		unreachable = fenReason(unreachable)
	} else if n := bits.OnesCount64(p.Checkers()); n > 2 { // no legal move makes it
		unreachable = fmt.Errorf("position: %d pieces give check; no move can make more than two", n)
	}
	return p, unreachable, nil
}

// fenReason returns a FEN error as its field and reason alone.
func fenReason(err error) error {
	var fe *board.FENError
	if errors.As(err, &fe) {
		return errors.New(fe.Field + ": " + fe.Reason)
	}
	return err
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// sanLine writes moves, played from p, in SAN with move numbers: "1. Qh5 Nc6 2. Qxf7#", or
// "1... Kg8 2. Qg7#" when Black moves first. An empty line (a mate on the board) is "#".
func sanLine(p board.Position, moves []board.Move) string {
	if len(moves) == 0 {
		return "#"
	}
	var b []byte
	for i, m := range moves {
		if p.Turn() == board.White || i == 0 {
			if i > 0 {
				b = append(b, ' ')
			}
			b = strconv.AppendInt(b, int64(p.FullmoveNumber()), 10)
			if p.Turn() == board.White {
				b = append(b, ". "...)
			} else {
				b = append(b, "... "...)
			}
		} else {
			b = append(b, ' ')
		}
		b = p.AppendSAN(b, m)
		p.Play(m)
	}
	return string(b)
}

package main

import (
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// TestCanmateLines: answers worked by hand, invalid lines answered as such among the others,
// unreachable positions answered with their reason, blank lines and comments copied through,
// the line kept as given (4 or 6 fields, trailing words), exit status 1 for an invalid line.
func TestCanmateLines(t *testing.T) {
	in := strings.Join([]string{
		"7k/8/6KQ/8/8/8/8/8 b - - 0 1 game 12",      // Kg8 forced, Qg7#; Black has a lone king
		"8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/2B5 b - -", // rules.md 6: locked wall, dead
		"8/8/8/4k3/8/8/8/4KN2 w - - extra words",    // K+N v K: material
		"",                                          // blank lines are copied through
		"# a comment\tcopied through",               // and so are comments
		"8/8/8/4k3/8/8/8/4KK2 w - - 0 1",            // two white kings
		"P7/8/8/4k3/8/8/8/4K3 w - - 0 1",            // pawn on the last rank
		"8/8/8/4k3/8/8/8/r3K3 b - - 0 1",            // White, not to move, in check
		"4k3/8/5N2/1B6/8/4R3/8/4K3 b - - 0 1",       // three pieces give check: unreachable; KRBN v K
		"4k3/8/8/8/8/8/PPPPPPPP/QQQ1K3 w - - 0 1",   // 8 pawns and 3 queens: unreachable; KQQQ v K
		"QQQQQQQQ/QQ6/8/4k3/8/8/8/4K3 w - - 0 1",    // ten queens: more moves than a move list holds
		"8/8/8 w",                                   // too few fields
		"8/8/8/4k3/8/8/8/4KN2 w - - 3 40",           // six fields
	}, "\n") + "\n"
	r := pgnscanStdin(t, []byte(in), "canmate")
	want := []string{
		"7k/8/6KQ/8/8/8/8/8 b - - 0 1 game 12\tyes\tno",
		"8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/2B5 b - -\tno\tno",
		"8/8/8/4k3/8/8/8/4KN2 w - - extra words\tno\tno",
		"",
		"# a comment\tcopied through",
		"8/8/8/4k3/8/8/8/4KK2 w - - 0 1\tinvalid: placement: white has 2 kings, want 1\tinvalid: placement: white has 2 kings, want 1",
		"P7/8/8/4k3/8/8/8/4K3 w - - 0 1\tinvalid: placement: pawn on the first or last rank\tinvalid: placement: pawn on the first or last rank",
		"8/8/8/4k3/8/8/8/r3K3 b - - 0 1\tinvalid: position: the side not to move (white) is in check\tinvalid: position: the side not to move (white) is in check",
		"4k3/8/5N2/1B6/8/4R3/8/4K3 b - - 0 1\tyes\tno\tunreachable: position: 3 pieces give check; no move can make more than two",
		"4k3/8/8/8/8/8/PPPPPPPP/QQQ1K3 w - - 0 1\tyes\tno\tunreachable: placement: white has more material than 8 pawns and their promotions",
		"QQQQQQQQ/QQ6/8/4k3/8/8/8/4K3 w - - 0 1\tinvalid: placement: white has more men than move generation allows\tinvalid: placement: white has more men than move generation allows",
		"8/8/8 w\tinvalid: a FEN has 4 or 6 fields, found 2\tinvalid: a FEN has 4 or 6 fields, found 2",
		"8/8/8/4k3/8/8/8/4KN2 w - - 3 40\tno\tno",
	}
	got := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if r.code != exitFailure {
		t.Errorf("exit %d, want %d (an invalid line)", r.code, exitFailure)
	}
	if len(got) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(got), len(want), r.stdout)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d:\n got %q\nwant %q", i+1, got[i], want[i])
		}
	}
}

// TestCanmateSideAndWitness: arguments instead of stdin, --side, and witnesses in SAN that
// replay (read back by board's SAN parser) to a checkmate by the side named.
func TestCanmateSideAndWitness(t *testing.T) {
	r := pgnscan(t, "canmate", "--side", "white", "--witness", "7k/8/6KQ/8/8/8/8/8 b - - 0 1")
	if want := "7k/8/6KQ/8/8/8/8/8 b - - 0 1\tyes\t-\twhite: 1... Kg8 2. Qg7#\n"; r.stdout != want || r.code != 0 {
		t.Errorf("got %q (exit %d), want %q", r.stdout, r.code, want)
	}
	// --winner: the side not to move, White here.
	r = pgnscan(t, "canmate", "--winner", "7k/8/6KQ/8/8/8/8/8 b - - 0 1", "7k/8/6K1/8/8/8/8/6Q1 w - - 0 1")
	if want := "7k/8/6KQ/8/8/8/8/8 b - - 0 1\tyes\t-\n7k/8/6K1/8/8/8/8/6Q1 w - - 0 1\t-\tno\n"; r.stdout != want || r.code != 0 {
		t.Errorf("--winner: got %q (exit %d), want %q", r.stdout, r.code, want)
	}
	r = pgnscan(t, "canmate", "--witness", board.StartFEN)
	cols := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\t")
	if r.code != 0 || len(cols) != 5 || cols[1] != "yes" || cols[2] != "yes" {
		t.Fatalf("start position: %q (exit %d)", r.stdout, r.code)
	}
	for i, side := range []board.Color{board.White, board.Black} {
		line, ok := strings.CutPrefix(cols[3+i], side.String()+": ")
		if !ok {
			t.Fatalf("witness column %q does not start with %s:", cols[3+i], side)
		}
		p := board.StartPosition()
		for _, tok := range strings.Fields(line) {
			if strings.HasSuffix(tok, ".") {
				continue // a move number
			}
			m, err := p.ParseSAN([]byte(tok))
			if err != nil {
				t.Fatalf("%s witness %q: %v", side, line, err)
			}
			p.Play(m)
		}
		if !p.IsCheckmate() || p.Turn() != side.Other() {
			t.Errorf("%s witness %q ends in %s, not %s's mate", side, line, p.FEN(), side)
		}
	}
}

// TestCanmateUsage: bad flags are usage errors (exit 2), with nothing answered.
func TestCanmateUsage(t *testing.T) {
	for _, args := range [][]string{
		{"canmate", "--side", "both", board.StartFEN},
		{"canmate", "--budget", "-5", board.StartFEN},
		{"canmate", "--budget", "many", board.StartFEN},
		{"canmate", "--winner", "--side", "white", board.StartFEN},
	} {
		r := pgnscan(t, args...)
		if r.code != exitUsage || r.stdout != "" {
			t.Errorf("%v: exit %d, stdout %q; want exit %d and no output", args, r.code, r.stdout, exitUsage)
		}
	}
}

// TestCanmateSideCase: --side is case-insensitive, as --edition is.
func TestCanmateSideCase(t *testing.T) {
	fen := "8/8/8/8/8/8/8/K1k5 w - - 0 1"
	lower, upper := pgnscan(t, "canmate", "--side", "white", fen), pgnscan(t, "canmate", "--side", "WHITE", fen)
	if lower.code != 0 || upper.code != 0 || lower.stdout != upper.stdout {
		t.Fatalf("--side white: %d %q; --side WHITE: %d %q %s", lower.code, lower.stdout, upper.code, upper.stdout, upper.stderr)
	}
}

// TestCanmateOneProcessor: canmate runs on one processor and gives the others back when it
// returns; a GOMAXPROCS the user set is left alone.
func TestCanmateOneProcessor(t *testing.T) {
	n := runtime.GOMAXPROCS(0)
	restore := oneProcessor(func(string) string { return "" })
	if got := runtime.GOMAXPROCS(0); got != 1 {
		t.Errorf("oneProcessor: GOMAXPROCS %d, want 1", got)
	}
	restore()
	if got := runtime.GOMAXPROCS(0); got != n {
		t.Errorf("after restore: GOMAXPROCS %d, want %d", got, n)
	}
	oneProcessor(func(k string) string { return map[string]string{"GOMAXPROCS": strconv.Itoa(n)}[k] })()
	if got := runtime.GOMAXPROCS(0); got != n {
		t.Errorf("GOMAXPROCS=%d in the environment: GOMAXPROCS %d, want it kept", n, got)
	}
	if r := pgnscan(t, "canmate", "8/8/8/8/8/8/8/K1k5 w - - 0 1"); r.code != 0 {
		t.Fatalf("canmate: exit %d, %s", r.code, r.stderr)
	}
	if got := runtime.GOMAXPROCS(0); got != n {
		t.Errorf("after canmate: GOMAXPROCS %d, want %d", got, n)
	}
}

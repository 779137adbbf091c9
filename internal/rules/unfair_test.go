package rules

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
	"github.com/pgnscan/pgnscan/internal/mate"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// The lichess files of ../shared/unwinnable as games (issue 23, item 4): each line's FEN is
// the start of a game with no moves, lost on time by the side to move ([Termination "Time
// forfeit"], the other side scored the winner), judged under fide2023 as the scan judges it.

// timeoutGame is one line of a lichess file of ../shared/unwinnable.
type timeoutGame struct {
	line   int
	fen    string
	gameID string
	pos    board.Position
}

// readTimeouts reads every every-th line of the named file of ../shared/unwinnable (absent:
// skipped, or failed in CI, by testcorpus.SharedPath).
func readTimeouts(t *testing.T, name string, every int) []timeoutGame {
	t.Helper()
	f, err := os.Open(testcorpus.SharedPath(t, "unwinnable/"+name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []timeoutGame
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if (n-1)%every != 0 {
			continue
		}
		fields := strings.Fields(sc.Text())
		if len(fields) != 7 {
			t.Fatalf("%s:%d: unexpected line %q", name, n, sc.Text())
		}
		g := timeoutGame{line: n, fen: strings.Join(fields[:6], " "), gameID: fields[6]}
		if g.pos, err = board.FromFEN(g.fen); err != nil {
			t.Fatalf("%s:%d: %v", name, n, err)
		}
		out = append(out, g)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// judgeTimeout judges g as a game lost on time by the side to move under fide2023 and returns
// the winner and the verdict.
func judgeTimeout(t *testing.T, j *Judge, choices []Choice, g *timeoutGame) (board.Color, *Verdict) {
	winner, res := board.White, WhiteWins
	if g.pos.Turn() == board.White {
		winner, res = board.Black, BlackWins
	}
	return winner, judgeStop(j, g.pos, res, choices, nil, StopTime)
}

// unwinnableRow returns the verdict's unwinnable_timeout finding for winner, or nil.
func unwinnableRow(v *Verdict, winner board.Color) *Finding {
	for i := range v.Findings {
		if f := &v.Findings[i]; f.Rule == UnwinnableTimeout && f.Side == winner {
			return f
		}
	}
	return nil
}

func fide2023Only(t *testing.T) []Choice {
	sel, err := NewSelection("fide2023", "", "")
	if err != nil {
		t.Fatal(err)
	}
	return sel.Choose(nil, Date{}, Date{}, Date{})
}

// TestUnfairTimeoutsAsGames: every line of lichess-unfair-timeouts-dev.txt is a game that
// fide2023 flags, as the reference tool's label says (the side that did not flag cannot mate):
// an unwinnable_timeout row for the winner, mandating the draw, or, where the final position
// has no legal move (a stalemate: the game stopped on the board, rules.md 7.3, whatever the
// tags say), a stalemate row. The test counts both and fails on any game left without one,
// and on any unwinnable_timeout row whose winner_can_mate answer is not no.
func TestUnfairTimeoutsAsGames(t *testing.T) {
	games := readTimeouts(t, "lichess-unfair-timeouts-dev.txt", 1)
	choices := fide2023Only(t)
	j := NewJudge()
	unwinnable, stalemates := 0, 0
	for i := range games {
		g := &games[i]
		winner, v := judgeTimeout(t, j, choices, g)
		if f := unwinnableRow(v, winner); f != nil {
			unwinnable++
			if f.MandatedResult != Draw || !f.ResultDiffers {
				t.Errorf("line %d %s: unwinnable_timeout row mandates %v (differs %v)", g.line, g.fen, f.MandatedResult, f.ResultDiffers)
			}
			continue
		}
		if g.pos.IsStalemate() && hasRule(v, Stalemate) {
			stalemates++
			continue
		}
		t.Errorf("lichess-unfair-timeouts-dev.txt:%d %s (%s): no unwinnable_timeout row for %v", g.line, g.fen, g.gameID, winner)
	}
	t.Logf("%d games: %d unwinnable_timeout rows, %d stalemates", len(games), unwinnable, stalemates)
	if unwinnable+stalemates != len(games) {
		t.Errorf("%d of %d games flagged", unwinnable+stalemates, len(games))
	}
}

func hasRule(v *Verdict, r Rule) bool {
	for i := range v.Findings {
		if v.Findings[i].Rule == r {
			return true
		}
	}
	return false
}

// TestOrdinaryTimeoutsAsGames: in lichess-timeouts-15k-dev.txt the side that did not flag can
// mate in all but a handful (the reference tool's finding), so an unwinnable_timeout row there
// must be a position where it cannot: the full decider (mate.DefaultBudget) is asked about
// each row's winner and must not find a mate, and a mate it finds would be replayed to show
// the row wrong. The rows are few (each a line the decider's tests check by hand).
func TestOrdinaryTimeoutsAsGames(t *testing.T) {
	games := readTimeouts(t, "lichess-timeouts-15k-dev.txt", 1)
	choices := fide2023Only(t)
	j := NewJudge()
	d := mate.NewDecider(0)
	rows := 0
	for i := range games {
		g := &games[i]
		winner, v := judgeTimeout(t, j, choices, g)
		if unwinnableRow(v, winner) == nil {
			continue
		}
		rows++
		r := d.CanMate(&g.pos, winner)
		if r.Answer != mate.Yes {
			continue
		}
		p := g.pos
		for _, m := range r.Witness {
			p.Play(m)
		}
		if p.Turn() == winner || !p.IsCheckmate() {
			t.Fatalf("line %d %s: the decider's witness %v does not replay to a mate", g.line, g.fen, r.Witness)
		}
		t.Errorf("lichess-timeouts-15k-dev.txt:%d %s (%s): unwinnable_timeout row, but %v mates: %v", g.line, g.fen, g.gameID, winner, r.Witness)
	}
	t.Logf("%d games, %d unwinnable_timeout rows", len(games), rows)
	if rows > 10 {
		t.Errorf("%d unwinnable_timeout rows in ordinary timeouts: the reference tool finds a handful", rows)
	}
}

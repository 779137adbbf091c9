package rules

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// shuffleGame plays n half-moves from start that mostly shuffle pieces: each
// side usually takes back its own previous move or plays one of a few quiet
// piece moves, so positions repeat in cycles of many lengths and the window
// grows long; now and then a capture, a pawn move or a castling empties it.
func shuffleGame(rng *rand.Rand, start board.Position, n int) []board.Move {
	p := start
	var list board.MoveList
	var moves []board.Move
	for len(moves) < n {
		p.LegalMoves(&list)
		if list.N == 0 {
			break
		}
		legal := list.Moves[:list.N]
		var quiet []board.Move
		for _, m := range legal {
			if !p.IsIrreversible(m) {
				quiet = append(quiet, m)
			}
		}
		m := legal[rng.IntN(len(legal))] // an irreversible move now and then
		if len(quiet) > 0 && rng.IntN(50) != 0 {
			m = quiet[rng.IntN(min(len(quiet), 3))]
			if k := len(moves) - 2; k >= 0 && rng.IntN(4) != 0 {
				back := moves[k]
				for _, q := range quiet {
					if q.From() == back.To() && q.To() == back.From() {
						m = q
					}
				}
			}
		}
		moves = append(moves, m)
		p.Play(m)
	}
	return moves
}

// verdictText is every column of a verdict, for comparing two judgements.
func verdictText(v *Verdict) string {
	var b strings.Builder
	fmt.Fprintf(&b, "plies=%d failed=%t final=%s\n", v.Plies, v.Failed, v.Final.FEN())
	for i := range v.Games {
		fmt.Fprintf(&b, "%s %s\n", v.Games[i].Edition.ID, fmtJudgment(&v.Games[i]))
	}
	for i := range v.Findings {
		f := &v.Findings[i]
		fmt.Fprintf(&b, "%s %s %s %s\n", f.Edition.ID, fmtFinding(f), f.Article, f.FEN)
	}
	return b.String()
}

// TestCompactionChangesNothing: compacting the window (compact) must not
// change any verdict. Games that shuffle pieces are judged once with windows
// that never compact and once with windows that compact from 20 entries, under
// every edition and both readings of fide2014's fivefold.
func TestCompactionChangesNothing(t *testing.T) {
	starts := []string{
		"r3k2r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R3K2R w KQkq - 0 1",
		"4k3/1n4n1/8/3pP3/3Pp3/8/1N4N1/4K3 w - d6 0 40",
		"2r1k3/8/1q6/8/8/6Q1/8/3RK3 b - - 30 70",
	}
	var choices []Choice
	for _, reading := range []string{"consecutive", "any"} {
		sel, err := NewSelection("fide2009,fide2014,fide2017,lichess", "", reading)
		if err != nil {
			t.Fatal(err)
		}
		choices = append(choices, sel.Choose(nil, Date{}, Date{}, Date{})...)
	}
	rng := rand.New(rand.NewPCG(14, 2))
	compacted := 0
	for g := range 300 {
		start := mustFEN(t, starts[g%len(starts)])
		moves := shuffleGame(rng, start, 100+rng.IntN(900))
		for _, res := range []Result{Draw, WhiteWins} {
			want := verdictText(judgeMoves(NewJudge(), start, res, choices, moves)) // no window reaches compactFrom
			j := NewJudge()
			j.compactTest = 20
			got := verdictText(judgeMoves(j, start, res, choices, moves))
			if j.compacted > 0 {
				compacted++
			}
			if got != want {
				t.Fatalf("game %d (%s, %d plies): compacted windows judge\n%s\nnot\n%s", g, starts[g%len(starts)], len(moves), got, want)
			}
		}
	}
	if compacted < 100 {
		t.Errorf("only %d of 600 judgements compacted their window: the games do not test compaction", compacted)
	}
}

// judgeMoves judges a game given as moves.
func judgeMoves(j *Judge, start board.Position, res Result, choices []Choice, moves []board.Move) *Verdict {
	j.Begin(&start, res, choices)
	for _, m := range moves {
		j.Play(m)
	}
	return j.Finish()
}

// TestWindowFlatInPlies: under fide2009 (no automatic ending) a game that
// cycles Nf3 Nf6 Ng1 Ng8 for two million half-moves keeps one window of
// reversible moves throughout; the judge must hold a few thousand entries, not
// one per half-move, and still count every occurrence.
func TestWindowFlatInPlies(t *testing.T) {
	sel, err := NewSelection("fide2009", "", "")
	if err != nil {
		t.Fatal(err)
	}
	start := board.StartPosition()
	var cycle []board.Move
	p := start
	for _, san := range []string{"Nf3", "Nf6", "Ng1", "Ng8"} {
		m, err := p.ParseSAN([]byte(san))
		if err != nil {
			t.Fatal(err)
		}
		cycle = append(cycle, m)
		p.Play(m)
	}
	const plies = 2_000_000
	j := NewJudge()
	j.Begin(&start, Draw, sel.Choose(nil, Date{}, Date{}, Date{}))
	maxWin, maxTwice := 0, 0
	for i := range plies {
		j.Play(cycle[i%4])
		maxWin = max(maxWin, cap(j.win))
		maxTwice = max(maxTwice, cap(j.twice[0])+cap(j.twice[1]))
	}
	// P0 stands at plies 0, 4, ..., plies: plies/4 + 1 occurrences.
	if j.count != plies/4+1 {
		t.Errorf("count %d at the end, want %d", j.count, plies/4+1)
	}
	if maxWin > 2*compactFrom || maxTwice > 4*compactFrom {
		t.Errorf("window grew to %d entries and %d candidates over %d half-moves", maxWin, maxTwice, plies)
	}
	// Worked by hand: Black can claim threefold from P7 (Ng8 recreates P0 a
	// third time) at every odd ply to P1999999, White on the board from P8 at
	// every even ply; the fifty-move claims start at hmc 99 (P99), where Ng8
	// makes P100, the 26th occurrence of P0 (plies 0, 4, ..., 100).
	want := []string{
		"threefold move_played ply=7 mn=4 black Ng8 reps=3 hmc=7 opps=999997 after=1999993 missed draw",
		"threefold on_board ply=8 mn=5 white - reps=3 hmc=8 opps=999997 after=1999992 missed draw",
		"fifty_move move_played ply=99 mn=50 black Ng8 reps=26 hmc=99 opps=999951 after=1999901 missed draw",
		"fifty_move on_board ply=100 mn=51 white - reps=26 hmc=100 opps=999951 after=1999900 missed draw",
	}
	v := j.Finish()
	if len(v.Findings) != len(want) {
		t.Fatalf("%d findings, want %d", len(v.Findings), len(want))
	}
	for i := range want {
		if got := fmtFinding(&v.Findings[i]); got != want[i] {
			t.Errorf("finding %d:\n%s\nwant\n%s", i, got, want[i])
		}
	}
}

// TestConsecutiveFivefoldByHand: fide2014's consecutive reading (Pi = Pi-4 = Pi-8 = Pi-12 =
// Pi-16) against the any reading, on the hand case of issue 14: the start position stands at
// plies 0, 8, 12, 16, 20 and 24. P20 is its fifth occurrence but P4 (knights on f3 and f6 and
// c3 and c6) is not P0, so only the any reading ends there; the consecutive one ends at P24.
// A window off by one either way moves the end.
func TestConsecutiveFivefoldByHand(t *testing.T) {
	moves := "1. Nf3 Nf6 2. Nc3 Nc6 3. Ng1 Ng8 4. Nb1 Nb8" + strings.Repeat(" Nf3 Nf6 Ng1 Ng8", 4)
	for _, tc := range []struct {
		reading string
		end     int
		reps    int // occurrences of P0 by the end: 0, 8, 12, 16, 20 (and 24)
	}{{"consecutive", 24, 6}, {"any", 20, 5}} {
		sel, err := NewSelection("fide2014", "", tc.reading)
		if err != nil {
			t.Fatal(err)
		}
		v := replay(t, NewJudge(), "", moves, ResultUnknown, sel.Choose(nil, Date{}, Date{}, Date{}))
		if s := &v.Games[0]; s.EndRule != Fivefold || s.EndPly != tc.end || s.MaxRepetitions != tc.reps {
			t.Errorf("fide2014 %s: %s, want the fivefold at ply %d", tc.reading, fmtJudgment(s), tc.end)
		}
	}
	// The reference agrees (it reads the rule from the text, not from the window).
	start := board.StartPosition()
	var sans [][]byte
	for _, f := range strings.Fields(moves) {
		if !strings.HasSuffix(f, ".") {
			sans = append(sans, []byte(f))
		}
	}
	g := newRefGame(start, sans, ResultUnknown)
	for _, tc := range []struct {
		fivefold FivefoldReading
		end      int
	}{{FivefoldConsecutive, 24}, {FivefoldAny, 20}} {
		if end, rule := g.end(&Edition{Fivefold: tc.fivefold}); end != tc.end || rule != Fivefold {
			t.Errorf("reference, %v: %s at %d, want fivefold at %d", tc.fivefold, rule, end, tc.end)
		}
	}
}

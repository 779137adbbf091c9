package rules

import (
	"fmt"
	"slices"
	"testing"
)

// thresholdChoices returns the choices of the editions ids (as Selection.Choose gives them)
// followed by a copy of each with change made to its thresholds in the edition table's way,
// Counting.Thresholds, and "+" added to its ID. The copies count apart from the originals:
// the game is split (tally.go).
func thresholdChoices(t *testing.T, ids string, change func(*Thresholds)) []Choice {
	t.Helper()
	s, err := NewSelection(ids, "", "")
	if err != nil {
		t.Fatal(err)
	}
	choices := s.Choose(nil, Date{}, Date{}, Date{})
	for _, c := range slices.Clone(choices) {
		e := *c.Edition
		e.ID += "+"
		change(&e.Counting.Thresholds)
		if e.Counting.Thresholds == lawThresholds {
			t.Fatalf("%s: the change leaves the Laws' thresholds", e.ID)
		}
		c.Edition = &e
		choices = append(choices, c)
	}
	return choices
}

// ruleFindings returns edition id's findings of rule r in v, compactly: side, kind, ply,
// repetitions, halfmove clock and move.
func ruleFindings(v *Verdict, id string, r Rule) []string {
	var out []string
	for i := range v.Findings {
		f := &v.Findings[i]
		if f.Edition.ID == id && f.Rule == r {
			out = append(out, fmt.Sprintf("%s %s ply=%d reps=%d hmc=%d %s", f.Side, f.Kind, f.Ply, f.Repetitions, f.HalfmoveClock, f.Move))
		}
	}
	return out
}

// checkFindings compares edition id's findings of rule r in v with want.
func checkFindings(t *testing.T, v *Verdict, id string, r Rule, want []string) {
	t.Helper()
	if got := ruleFindings(v, id, r); !slices.Equal(got, want) {
		t.Errorf("%s, %s:\n got %q\nwant %q", id, r, got, want)
	}
}

// fifteenFEN is the standard array with 15 half-moves already without capture or pawn move
// (and 25 in twentyFiveFEN): a few knight moves, none repeating a position, reach a changed
// fifty or seventy-five where no claim of the Laws opens the Judge's fast path.
const (
	fifteenFEN    = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 15 8"
	twentyFiveFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 25 13"
	knightMoves   = "Nf3 Nf6 Nc3 Nc6 Nb5 Nb4 Nbd4 Nbd5" // no capture, no pawn move, no repetition
	// knightCycle brings the standard array back every 4 half-moves: it stands at plies 0,
	// 4, 8, 12, 16, ...
	knightCycle = "Nf3 Nf6 Ng1 Ng8 "
)

// TestThresholdFifty: with Thresholds.Fifty 20 the fifty-move claim (9.3) comes at hmc 19 by
// the move played and at hmc 20 on the board, and lichess's 50-move ending at hmc 20. Worked
// by hand from a clock of 15: hmc(Pi) = 15+i, so White claims by playing Nb5 at ply 4, Black
// on the board at ply 5, where lichess's game ends; the Laws' 100 is never reached.
func TestThresholdFifty(t *testing.T) {
	change := func(th *Thresholds) { th.Fifty = 20 }
	v := replay(t, NewJudge(), fifteenFEN, knightMoves, ResultUnknown, thresholdChoices(t, "fide2017", change))
	checkFindings(t, v, "fide2017", FiftyMove, nil)
	checkFindings(t, v, "fide2017+", FiftyMove, []string{
		"white move_played ply=4 reps=1 hmc=19 Nb5",
		"black on_board ply=5 reps=1 hmc=20 ",
	})
	v = replay(t, NewJudge(), fifteenFEN, knightMoves, ResultUnknown, thresholdChoices(t, "lichess", change))
	checkFindings(t, v, "lichess", FiftyMove, nil)
	checkFindings(t, v, "lichess+", FiftyMove, []string{"black automatic ply=5 reps=1 hmc=20 "})
}

// TestThresholdSeventyFive: with Thresholds.SeventyFive 30 the game ends by 9.6.2 at hmc 30,
// below any claim's count: the Judge must not skip the position on its fast path. Worked by
// hand from a clock of 25: hmc(P5) = 30, Black to move.
func TestThresholdSeventyFive(t *testing.T) {
	choices := thresholdChoices(t, "fide2017", func(th *Thresholds) { th.SeventyFive = 30 })
	v := replay(t, NewJudge(), twentyFiveFEN, knightMoves, ResultUnknown, choices)
	checkFindings(t, v, "fide2017", SeventyFiveMove, nil)
	checkFindings(t, v, "fide2017+", SeventyFiveMove, []string{"black automatic ply=5 reps=1 hmc=30 "})
}

// TestThresholdThreefold: with Thresholds.Threefold 4 the claims of 9.2 come at the fourth
// occurrence. Worked by hand: after 1. e4 e5 the positions of plies 2, 3, 4, 5 recur every 4
// plies (knightCycle). Under the Laws Black claims by playing Ng8 at ply 9 (the position of
// ply 2 stood at plies 2 and 6) and White on the board at ply 10; with 4, Black by Ng8 at
// ply 13 (it stood at 2, 6 and 10) and White on the board at ply 14. Fivefold ends both at
// ply 18. The pawn moves are where a split game whose tallies differ in P0 alone rejoins
// (tally.rejoin): tallies with different thresholds must not.
func TestThresholdThreefold(t *testing.T) {
	choices := thresholdChoices(t, "fide2017", func(th *Thresholds) { th.Threefold = 4 })
	moves := "e4 e5 " + knightCycle + knightCycle + knightCycle + knightCycle + "Nf3"
	v := replay(t, NewJudge(), "", moves, ResultUnknown, choices)
	checkFindings(t, v, "fide2017", Threefold, []string{
		"black move_played ply=9 reps=3 hmc=7 Ng8",
		"white on_board ply=10 reps=3 hmc=8 ",
	})
	checkFindings(t, v, "fide2017+", Threefold, []string{
		"black move_played ply=13 reps=4 hmc=11 Ng8",
		"white on_board ply=14 reps=4 hmc=12 ",
	})
}

// TestThresholdFivefold: with Thresholds.Fivefold 4 the game ends at the fourth occurrence,
// in both readings (9.6a as fide2014 read it, four half-moves apart, and 9.6.1). Worked by
// hand on knightCycle: the start position's fifth occurrence is at ply 16, its fourth at 12.
func TestThresholdFivefold(t *testing.T) {
	choices := thresholdChoices(t, "fide2014,fide2017", func(th *Thresholds) { th.Fivefold = 4 })
	moves := knightCycle + knightCycle + knightCycle + knightCycle + knightCycle
	v := replay(t, NewJudge(), "", moves, ResultUnknown, choices)
	for _, id := range []string{"fide2014", "fide2017"} {
		checkFindings(t, v, id, Fivefold, []string{"white automatic ply=16 reps=5 hmc=16 "})
		checkFindings(t, v, id+"+", Fivefold, []string{"white automatic ply=12 reps=4 hmc=12 "})
	}
}

// TestEditionThresholds: every edition of the table, and every lichess version but the
// uncertain window, holds the Laws' thresholds, set from the one value; with them every
// ending by a count needs what a claim needs first (a fifth occurrence is a third; 75 and 50
// moves are fifty), so the Judge's fast path (mayDecide) opens at a third occurrence or a
// clock of 99, the claims'. The window (rules.md 10) ends lichess games at 101 half-moves,
// the 2013 code's count, so its gate opens at 100.
func TestEditionThresholds(t *testing.T) {
	eds := append(Editions(), lichessVersions()...)
	for _, e := range eds {
		want, gate := lawThresholds, 99
		if e.ID == "lichess" && e.Version == "uncertain" {
			want.Fifty, gate = 101, 100
		}
		th := e.Counting.Thresholds
		if reps, hmc := th.decideFrom(); th != want || reps != 3 || hmc != gate {
			t.Errorf("%s %s: thresholds %+v (gate %d, %d), want %+v (gate 3, %d)", e.ID, e.Version, th, reps, hmc, want, gate)
		}
	}
}

package rules

import (
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// TestTerminationOf: the forms of rules.md 8 as the sites write them, and the order of the
// sources (TerminationDetails, Termination, then the last comment).
func TestTerminationOf(t *testing.T) {
	for _, c := range []struct {
		term, details, comment string
		want                   Stop
	}{
		{"Time forfeit", "", "", StopTime},
		{"Normal", "", "", StopNormal},
		{"NORMAL ", "", "", StopNormal},             // any case, any space: not only lichess's spelling
		{"Normal play", "", "", StopOther},          // a tag that is not the word alone
		{"", "Normal", "White resigns", StopNormal}, // TCEC's details tag says it too
		{"Abandoned", "", "", StopAbandoned},
		{"Rules infraction", "", "", StopRulesInfraction},
		{"Unterminated", "", "", StopUnterminated},
		{"cancer0707 won on time", "", "", StopTime},
		{"cancer0707 won by resignation", "", "", StopResignation},
		{"cancer0707 won - game abandoned", "", "", StopAbandoned},
		{"cancer0707 won by checkmate", "", "", StopOther},
		{"Game drawn by agreement", "", "", StopAgreement},
		{"Game drawn by timeout vs insufficient material", "", "", StopTime},
		{"", "", "White forfeits on time", StopTime},
		{"", "", "Black resigns", StopResignation},
		{"", "", "Black ran out of time and White has no material to mate", StopTime},
		{"", "", "Game drawn by mutual agreement", StopAgreement},
		{"", "", "Neither player has mating material", StopOther},
		{"", "", "[%clk 0:00:05]", StopUnsaid},
		{"", "", "Black was short of time here", StopUnsaid}, // an annotation, not a FICS ending
		{"adjudication", "White loses on time", "", StopTime},
		{"adjudication", "TCEC win rule", "", StopOther},
		{"GUI adjudication", "Black resigns", "", StopResignation},
		{"time", "", "", StopTime},
		{"illegal move", "", "", StopRulesInfraction},
		{"Normal", "", "Black resigns", StopNormal}, // a tag comes before the comment
		{"", "", "", StopUnsaid},
		{"  ", "", "", StopUnsaid},
	} {
		if got := TerminationOf([]byte(c.term), []byte(c.details), []byte(c.comment)); got != c.want {
			t.Errorf("TerminationOf(%q, %q, %q) = %d, want %d", c.term, c.details, c.comment, got, c.want)
		}
	}
	term, comment := []byte("cancer0707 won by resignation"), []byte("Black ran out of time and White has no material to mate")
	if a := testing.AllocsPerRun(100, func() { TerminationOf(term, nil, comment) }); a != 0 {
		t.Errorf("TerminationOf allocates %v times", a)
	}
}

// TestEndedBy: rules.md 8, case by case.
func TestEndedBy(t *testing.T) {
	for _, c := range []struct {
		end     Rule
		result  Result
		stop    Stop
		claimed bool
		want    EndedBy
	}{
		{Checkmate, WhiteWins, StopTime, false, EndedCheckmate}, // the board first
		{DeadPosition, WhiteWins, StopTime, false, EndedDeadPosition},
		{FiftyMove, Draw, StopNormal, true, EndedFiftyMove},
		{NoRule, WhiteWins, StopTime, false, EndedTime},
		{NoRule, Draw, StopTime, true, EndedTime}, // a draw on time is time
		{NoRule, BlackWins, StopNormal, false, EndedResignation},
		{NoRule, BlackWins, StopUnsaid, false, EndedResignation},
		{NoRule, BlackWins, StopResignation, false, EndedResignation},
		{NoRule, BlackWins, StopOther, false, EndedUnknown},
		{NoRule, Draw, StopNormal, true, EndedClaim},
		{NoRule, Draw, StopAgreement, true, EndedClaim},
		{NoRule, Draw, StopUnsaid, false, EndedAgreement},
		{NoRule, Draw, StopAgreement, false, EndedAgreement},
		{NoRule, Draw, StopOther, false, EndedUnknown}, // adjudicated
		{NoRule, WhiteWins, StopAbandoned, false, EndedAbandoned},
		{NoRule, ResultUnknown, StopAbandoned, false, EndedAbandoned},
		{NoRule, WhiteWins, StopRulesInfraction, false, EndedRulesInfraction},
		{NoRule, ResultUnknown, StopUnsaid, false, EndedUnterminated},
		{NoRule, ResultUnknown, StopUnterminated, false, EndedUnterminated},
	} {
		if got := endedBy(c.end, c.result, c.stop, c.claimed); got != c.want {
			t.Errorf("endedBy(%v, %v, %d, %t) = %v, want %v", c.end, c.result, c.stop, c.claimed, got, c.want)
		}
	}
}

// TestLichessCannotWin: rules.md 7.3's three cases, and their edges, worked by hand, under
// the newest material rule; TestLichessMaterialVersions has the cases that changed.
func TestLichessCannotWin(t *testing.T) {
	for _, c := range []struct {
		fen    string
		winner board.Color
		want   bool
	}{
		{"7k/8/8/8/8/8/8/K7 w - - 0 1", board.White, true},                    // (1) lone king
		{"7k/8/8/8/8/8/6q1/K1N5 b - - 0 1", board.White, true},                // (2) K+N v K+Q
		{"7k/8/8/8/8/8/8/K1N5 b - - 0 1", board.White, true},                  // (2) K+N v K (no queen counts)
		{"7k/8/8/8/8/8/6r1/K1N5 b - - 0 1", board.White, false},               // (2) fails: the flagger has a rook
		{"7k/8/8/8/8/8/8/K1NN4 b - - 0 1", board.White, false},                // two knights
		{"7k/8/8/8/8/8/6r1/K1B5 b - - 0 1", board.White, true},                // (3) K+B v K+R
		{"7k/8/8/8/8/8/6n1/K1B5 b - - 0 1", board.White, false},               // (3) fails: a knight
		{"7k/8/8/8/8/6p1/8/K1B5 b - - 0 1", board.White, false},               // (3) fails: a pawn
		{"7k/8/8/8/8/8/8/K1B2b2 b - - 0 1", board.White, false},               // (3) fails: c1 dark, f1 light
		{"7k/8/8/8/8/8/8/K1B1b3 b - - 0 1", board.White, true},                // (3) c1 and e1 both dark
		{"7k/8/8/8/8/8/3P4/K1B5 b - - 0 1", board.White, false},               // a pawn of its own
		{"8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/2B5 b - - 0 1", board.White, false}, // rules.md 6: Black has pawns
	} {
		p, err := board.FromFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		if got := lichessCannotWin(&p, c.winner, lichess.Material, true); got != c.want {
			t.Errorf("%s, %v: %t, want %t", c.fen, c.winner, got, c.want)
		}
	}
}

// TestLichessMaterialVersions: the material rule as each version of lichess's code had it
// (rules.md 10), worked by hand from the code read (scalachess's InsufficientMatingMaterial
// before and after #97, #152, #153 and #164, and #821's forced test), for timeouts and
// resignations.
func TestLichessMaterialVersions(t *testing.T) {
	at := func(y, m, d int) *Edition {
		eds := lichessVersions()
		return &eds[lichessVersionAt(firstDays(eds), Date{}, Date{y, m, d})]
	}
	for _, c := range []struct {
		fen     string
		winner  board.Color
		ed      *Edition
		timeout bool
		want    bool
	}{
		// K+N against K+P: a lone knight was always short before scalachess #97 (2017-03-31),
		// then only against king and queens.
		{"7k/8/8/8/8/6p1/8/K1N5 b - - 0 1", board.White, at(2017, 3, 30), true, true},
		{"7k/8/8/8/8/6p1/8/K1N5 b - - 0 1", board.White, at(2017, 3, 31), true, false},
		{"7k/8/8/8/8/8/6q1/K1N5 b - - 0 1", board.White, at(2017, 3, 31), true, true},
		// K+B against K+R: short in every form.
		{"7k/8/8/8/8/8/6r1/K1B5 b - - 0 1", board.White, at(2016, 1, 1), true, true},
		{"7k/8/8/8/8/8/6r1/K1B5 b - - 0 1", board.White, at(2017, 3, 31), true, true},
		{"7k/8/8/8/8/8/6r1/K1B5 b - - 0 1", board.White, at(2018, 9, 13), true, true},
		// K+B (c1, dark) against K+B (f1, light): #97 lets the flagger's bishop count; #152's
		// short-circuited test calls it short; #153 asks for a shared square colour.
		{"7k/8/8/8/8/8/8/K1B2b2 b - - 0 1", board.White, at(2017, 3, 30), true, true},
		{"7k/8/8/8/8/8/8/K1B2b2 b - - 0 1", board.White, at(2018, 8, 26), true, false},
		{"7k/8/8/8/8/8/8/K1B2b2 b - - 0 1", board.White, at(2018, 8, 27), true, true},
		{"7k/8/8/8/8/8/8/K1B2b2 b - - 0 1", board.White, at(2018, 9, 12), true, true},
		{"7k/8/8/8/8/8/8/K1B2b2 b - - 0 1", board.White, at(2018, 9, 13), true, false},
		{"7k/8/8/8/8/8/8/K1B2b2 b - - 0 1", board.White, at(2019, 1, 18), true, false},
		// K+B (c1) against K+B+B (e1 dark, f1 light): #153 finds a shared colour (short), #164
		// sees bishops on both colours (not short).
		{"7k/8/8/8/8/8/8/K1B1bb2 b - - 0 1", board.White, at(2018, 9, 13), true, true},
		{"7k/8/8/8/8/8/8/K1B1bb2 b - - 0 1", board.White, at(2019, 1, 18), true, false},
		// K+B against a lone king (dead anyway): #153's bishopsOnDifferentColor is true for a
		// side's one or two bishops, so the bishop "can win"; short again from #164.
		{"7k/8/8/8/8/8/8/K1B5 b - - 0 1", board.White, at(2018, 9, 13), true, false},
		{"7k/8/8/8/8/8/8/K1B5 b - - 0 1", board.White, at(2019, 1, 18), true, true},
		// scalachess #163's KQBvKB: K+B (c1) against K+Q+B (f1): short from #152 to #164.
		{"7k/8/8/8/8/8/6q1/K1B2b2 b - - 0 1", board.White, at(2018, 8, 26), true, false},
		{"7k/8/8/8/8/8/6q1/K1B2b2 b - - 0 1", board.White, at(2018, 9, 13), true, true},
		{"7k/8/8/8/8/8/6q1/K1B2b2 b - - 0 1", board.White, at(2019, 1, 17), true, true},
		{"7k/8/8/8/8/8/6q1/K1B2b2 b - - 0 1", board.White, at(2019, 1, 18), true, false},
		// K+B+B (c1, e1: both dark) against a lone king: one bishop only before #164.
		{"7k/8/8/8/8/8/8/K1B1B3 b - - 0 1", board.White, at(2017, 3, 30), true, false},
		{"7k/8/8/8/8/8/8/K1B1B3 b - - 0 1", board.White, at(2019, 1, 17), true, false},
		{"7k/8/8/8/8/8/8/K1B1B3 b - - 0 1", board.White, at(2019, 1, 18), true, true},
		// K+N+B: never short.
		{"7k/8/8/8/8/8/8/K1BN4 b - - 0 1", board.White, at(2016, 1, 1), true, false},
		// K+B+B on both colours (b6 dark, c4 light; lila #16370's position): never short.
		{"8/8/1B6/8/1KB5/8/2k5/8 b - - 0 1", board.White, at(2018, 8, 26), true, false},
		{"8/8/1B6/8/1KB5/8/2k5/8 b - - 0 1", board.White, at(2019, 1, 17), true, false},
		{"8/8/1B6/8/1KB5/8/2k5/8 b - - 0 1", board.White, at(2024, 11, 7), true, false},
		{"8/8/1B6/8/1KB5/8/2k5/8 b - - 0 1", board.White, at(2024, 11, 8), true, false},
		// scalachess #821's example: Black (to move, flagging) must take the rook: 1... Kxg8
		// leaves White a lone king. Forced from 2026-04-11, for timeouts only.
		{"6Rk/8/7K/8/8/8/8/8 b - - 0 1", board.White, at(2026, 4, 10), true, false},
		{"6Rk/8/7K/8/8/8/8/8 b - - 0 1", board.White, at(2026, 4, 11), true, true},
		{"6Rk/8/7K/8/8/8/8/8 b - - 0 1", board.White, at(2026, 4, 11), false, false},
		// With the rook guarded by a bishop on d5, Black is mated: no legal move, so the
		// forced test says nothing (such a game ended on the board).
		{"6Rk/8/7K/3B4/8/8/8/8 b - - 0 1", board.White, at(2026, 4, 11), true, false},
		// Black's king on h7: h8, g7, g6 are the rook's, h6 the white king's (g5): Kxg8 is forced.
		{"6R1/7k/8/6K1/8/8/8/8 b - - 0 1", board.White, at(2026, 4, 11), true, true},
		// With White's king far away, Kh6 keeps White's rook: White can win.
		{"6R1/7k/8/8/8/8/8/4K3 b - - 0 1", board.White, at(2026, 4, 11), true, false},
	} {
		p, err := board.FromFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		if got := lichessCannotWin(&p, c.winner, c.ed.Material, c.timeout); got != c.want {
			t.Errorf("%s, %v under lichess %s (timeout %t): %t, want %t", c.fen, c.winner, c.ed.Version, c.timeout, got, c.want)
		}
	}
}

// FuzzTerminationOf: any bytes are classified without panic, within the Stop values.
func FuzzTerminationOf(f *testing.F) {
	for _, s := range []string{"Time forfeit", "Normal", "X won on time", "Black resigns", "", "\x00\xff"} {
		f.Add([]byte(s), []byte(""), []byte(s))
	}
	f.Fuzz(func(t *testing.T, term, details, comment []byte) {
		if s := TerminationOf(term, details, comment); s > StopOther {
			t.Fatalf("Stop %d", s)
		}
	})
}

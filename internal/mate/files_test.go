package mate

import (
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// The default run takes every k-th line of each file of ../shared/unwinnable (deterministic);
// -tags slow (files_slow_test.go) takes every line.

// checkLabelled answers both sides of every line and wants no answer against a label; it
// reports the unknown rate.
func checkLabelled(t *testing.T, every int) {
	lines := readUnwinnable(t, "labelled-dev.txt", every)
	d := NewDecider(0)
	var unknown, total int
	for _, l := range lines {
		for side := board.White; side <= board.Black; side++ {
			r := d.CanMate(&l.pos, side)
			checkResult(t, l.fen, &l.pos, side, r)
			total++
			want := No
			if l.label[side] != '-' {
				want = Yes
			}
			switch r.Answer {
			case Unknown:
				unknown++
			case want:
			default:
				t.Errorf("labelled-dev.txt:%d %s: %v answers %v, label %s", l.lineNo, l.fen, side, r.Answer, l.label)
			}
		}
	}
	t.Logf("labelled-dev.txt, every %d: %d lines, %d answers, %d unknown (%.1f %%)", every, len(lines), total, unknown, 100*float64(unknown)/float64(total))
}

// eachTimeout answers, for every every-th line of a lichess file, the side that did not flag
// (the side not to move), checks the result, and hands it to f.
func eachTimeout(t *testing.T, name string, every int, f func(l *labelledLine, r Result)) int {
	lines := readUnwinnable(t, name, every)
	d := NewDecider(0)
	for i := range lines {
		l := &lines[i]
		side := l.pos.Turn().Other()
		r := d.CanMate(&l.pos, side)
		checkResult(t, l.fen, &l.pos, side, r)
		f(l, r)
	}
	return len(lines)
}

// checkUnfair wants no Yes for the side that did not flag, and reports the share proved No.
func checkUnfair(t *testing.T, every int) {
	const name = "lichess-unfair-timeouts-dev.txt"
	no := 0
	n := eachTimeout(t, name, every, func(l *labelledLine, r Result) {
		switch r.Answer {
		case Yes:
			t.Errorf("%s:%d %s (%s): the side that did not flag can mate, label no", name, l.lineNo, l.fen, l.gameID)
		case No:
			no++
		}
	})
	t.Logf("%s, every %d: %d lines, %d proved no (%.2f %%)", name, every, n, no, 100*float64(no)/float64(n))
}

// timeoutNo lists the lines of lichess-timeouts-15k-dev.txt (by game id) where the side that
// did not flag cannot mate, each checked by hand; any other No is a bug.
var timeoutNo = map[string]string{
	// 8/p6p/5kp1/5pP1/5P1K/1r5P/8/8 b: Black is in check from g5 and can only move its king
	// (Kxg5 is guarded), to e6, e7, f7 or g7. Each stalemates White: its king's squares g3
	// (the rook), g4 (f5), h5 (g6) are attacked, h3 and g5 are its own pawns, and no white pawn
	// can move (f4, g5, h3 are blocked) or capture (nothing on e5, f6, h6, g4). Search: 5
	// positions.
	"AHPAU56z": "every black move stalemates White",
	// 7k/6pP/6P1/5K2/8/8/8/8 w: Black's king has no square (g8 is guarded by h7, h7 by g6) and
	// its pawn g7 is blocked by g6 and could only take on f6 or h6, where no white piece can
	// ever come (White has a king and two blocked pawns, which cannot promote). So after any
	// white move Black is stalemated.
	"tapdr97m": "Black is stalemated after any white move",
	// 7r/2PR4/6pk/6q1/5P1K/r7/8/8 w: White is in check from g5 and its only move is fxg5+
	// (g3 and h3 are the a3-rook's, g4 and h5 the queen's or the king's; g5 is guarded), which
	// mates Black (h7 and g7 are the d7-rook's, h5 and g5 touch White's king). The forced-move
	// layer sees the game over, won by White.
	"VIdrelSz": "White's only move mates Black",
}

// checkTimeouts wants a No only on the lines of timeoutNo, and reports the share final.
func checkTimeouts(t *testing.T, every int) {
	const name = "lichess-timeouts-15k-dev.txt"
	final := 0
	n := eachTimeout(t, name, every, func(l *labelledLine, r Result) {
		if r.Answer != Unknown {
			final++
		}
		if _, ok := timeoutNo[l.gameID]; (r.Answer == No) != ok && r.Answer != Unknown {
			t.Errorf("%s:%d %s (%s): the side that did not flag: %v", name, l.lineNo, l.fen, l.gameID, r.Answer)
		}
	})
	t.Logf("%s, every %d: %d lines, %d final (%.2f %%)", name, every, n, final, 100*float64(final)/float64(n))
}

func TestLabelledSample(t *testing.T) { checkLabelled(t, 15) }
func TestUnfairSample(t *testing.T)   { checkUnfair(t, 50) }
func TestTimeoutsSample(t *testing.T) { checkTimeouts(t, 60) }

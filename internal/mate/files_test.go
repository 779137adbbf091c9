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
var timeoutNo = map[string]string{}

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

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

// checkUnfair wants no Yes for the side that did not flag (not to move), and reports the share
// proved No.
func checkUnfair(t *testing.T, every int) {
	lines := readUnwinnable(t, "lichess-unfair-timeouts-dev.txt", every)
	d := NewDecider(0)
	no := 0
	for _, l := range lines {
		side := l.pos.Turn().Other()
		r := d.CanMate(&l.pos, side)
		checkResult(t, l.fen, &l.pos, side, r)
		switch r.Answer {
		case Yes:
			t.Errorf("lichess-unfair-timeouts-dev.txt:%d %s (%s): %v can mate, label no", l.lineNo, l.fen, l.gameID, side)
		case No:
			no++
		}
	}
	t.Logf("lichess-unfair-timeouts-dev.txt, every %d: %d lines, %d proved no (%.2f %%)", every, len(lines), no, 100*float64(no)/float64(len(lines)))
}

// timeoutNo lists the lines of lichess-timeouts-15k-dev.txt where the side that did not flag
// cannot mate, each checked by hand; any other No is a bug.
var timeoutNo = map[string]string{}

// checkTimeouts wants a No only on the lines of timeoutNo, and reports the share final.
func checkTimeouts(t *testing.T, every int) {
	lines := readUnwinnable(t, "lichess-timeouts-15k-dev.txt", every)
	d := NewDecider(0)
	final := 0
	for _, l := range lines {
		side := l.pos.Turn().Other()
		r := d.CanMate(&l.pos, side)
		checkResult(t, l.fen, &l.pos, side, r)
		if r.Answer != Unknown {
			final++
		}
		if _, ok := timeoutNo[l.gameID]; (r.Answer == No) != ok && r.Answer != Unknown {
			t.Errorf("lichess-timeouts-15k-dev.txt:%d %s (%s): %v answers %v", l.lineNo, l.fen, l.gameID, side, r.Answer)
		}
	}
	t.Logf("lichess-timeouts-15k-dev.txt, every %d: %d lines, %d final (%.2f %%)", every, len(lines), final, 100*float64(final)/float64(len(lines)))
}

func TestLabelledSample(t *testing.T) { checkLabelled(t, 15) }
func TestUnfairSample(t *testing.T)   { checkUnfair(t, 50) }
func TestTimeoutsSample(t *testing.T) { checkTimeouts(t, 60) }

package mate

import (
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// TestQuickFiles runs the cheap layers on every line of the lichess files, as the scan asks
// them. The unfair timeouts: never Yes for the side that did not flag, and every line proved
// No (issue 23's target: the small-space proof settles the last 170 that the other layers
// left open). The ordinary
// timeouts: a No only on the lines of timeoutNo, each checked by hand. labelled-dev.txt: no
// answer against a label.
func TestQuickFiles(t *testing.T) {
	d := NewDecider(0)
	for _, name := range []string{"lichess-unfair-timeouts-dev.txt", "lichess-timeouts-15k-dev.txt"} {
		lines := readUnwinnable(t, name, 1)
		no := 0
		for i := range lines {
			l := &lines[i]
			side := l.pos.Turn().Other()
			r := d.Quick(&l.pos, side)
			checkResult(t, l.fen, &l.pos, side, r)
			switch {
			case r.Answer == Yes:
				t.Errorf("%s:%d %s: Quick answers Yes for a position that is no mate", name, l.lineNo, l.fen)
			case r.Answer == No:
				no++
			case name == "lichess-unfair-timeouts-dev.txt":
				t.Errorf("%s:%d %s: Quick leaves the side that did not flag %v", name, l.lineNo, l.fen, r.Answer)
				if _, ok := timeoutNo[l.gameID]; name == "lichess-timeouts-15k-dev.txt" && !ok {
					t.Errorf("%s:%d %s (%s): Quick proves No, which no hand check says", name, l.lineNo, l.fen, l.gameID)
				}
			}
		}
		t.Logf("%s: %d lines, Quick proves %d No (%.2f %%)", name, len(lines), no, 100*float64(no)/float64(len(lines)))
		if name == "lichess-unfair-timeouts-dev.txt" && no != len(lines) {
			t.Errorf("%s: Quick proves %d of %d lines, want every one", name, no, len(lines))
		}
	}
	for _, l := range readUnwinnable(t, "labelled-dev.txt", 1) {
		for side := board.White; side <= board.Black; side++ {
			if r := d.Quick(&l.pos, side); r.Answer == No && l.label[side] != '-' {
				t.Errorf("labelled-dev.txt:%d %s: Quick proves %v unable, label %s", l.lineNo, l.fen, side, l.label)
			}
		}
	}
}

// TestQuickOnePly: the one-ply step, by hand. 8/8/8/8/4p3/2K1kR2/4r3/8 b (a line of the unfair
// file): Black, in check from the rook on f3, has two moves (d2, d3, d4 touch White's king; f2
// and f4 are on the rook's file; e4 is its own pawn), Kxf3 and exf3, and each leaves White a
// bare king, so White can never mate; neither the forced-move layer (two moves) nor the static
// argument sees it. With a white pawn on g2 the king may not take (f3 is guarded) and exf3
// leaves White its g-pawn: open, for the search.
func TestQuickOnePly(t *testing.T) {
	d := NewDecider(0)
	for _, c := range []struct {
		fen  string
		want Answer
	}{
		{"8/8/8/8/4p3/2K1kR2/4r3/8 b - - 0 67", No},
		{"8/8/8/8/4p3/2K1kR2/4r1P1/8 b - - 0 67", Unknown},
	} {
		p, err := board.FromFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if r := d.Quick(&p, board.White); r.Answer != c.want {
			t.Errorf("%s: White %v, want %v", c.fen, r.Answer, c.want)
		}
	}
}

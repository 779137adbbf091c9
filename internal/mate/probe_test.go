package mate

import (
	"github.com/pgnscan/pgnscan/internal/board"
	"testing"
	"time"
)

func TestProbe(t *testing.T) {
	for _, name := range []string{"labelled-dev.txt", "lichess-unfair-timeouts-dev.txt", "lichess-timeouts-15k-dev.txt"} {
		lines := readUnwinnable(t, name, 10)
		d := NewDecider(0)
		var count [3]int
		var proof [4]int
		start := time.Now()
		for _, l := range lines {
			sides := []int{int(l.loserSide.Other())}
			if l.label != "" {
				sides = []int{0, 1}
			}
			for _, s := range sides {
				r := d.CanMate(&l.pos, boardColor(s))
				count[r.Answer]++
				proof[r.Proof]++
				if l.label != "" {
					want := l.label[s] != '-'
					if (r.Answer == Yes) != want && r.Answer != Unknown {
						t.Errorf("%s:%d side %d: %v, label %s", name, l.lineNo, s, r.Answer, l.label)
					}
				}
			}
		}
		t.Logf("%s: %d lines in %v: unknown %d yes %d no %d proofs %v", name, len(lines), time.Since(start), count[0], count[1], count[2], proof)
	}
}

func boardColor(s int) board.Color { return board.Color(s) }

package mate

import (
	"bufio"
	"os"
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// BenchmarkQuickFinal asks what rules.finalDead asks of the final positions of a scan, one FEN
// a line in the file $MATE_FINAL_FENS (a scan's --games final_fen column): MayBeDead, then
// Quick for White and, when White is proved unable, for Black. Skipped without the file.
func BenchmarkQuickFinal(b *testing.B) {
	name := os.Getenv("MATE_FINAL_FENS")
	if name == "" {
		b.Skip("MATE_FINAL_FENS not set")
	}
	f, err := os.Open(name)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var ps []board.Position
	for sc := bufio.NewScanner(f); sc.Scan(); {
		p, err := board.FromFEN(sc.Text())
		if err != nil {
			b.Fatalf("%q: %v", sc.Text(), err)
		}
		ps = append(ps, p)
	}
	d := NewDecider(0)
	no := 0
	b.ResetTimer()
	for i := range b.N {
		p := &ps[i%len(ps)]
		if !MayBeDead(p) {
			continue
		}
		if d.Quick(p, board.White).Answer == No && d.Quick(p, board.Black).Answer == No {
			no++
		}
	}
	b.ReportMetric(float64(no), "dead")
}

// BenchmarkQuickUnfairSides: Quick on every line of lichess-unfair-timeouts-dev.txt, for the side
// that did not flag ("winner") and for both sides ("both": one op is a line, two questions).
// Run with -cpu 1; the positions/s metric is lines per second of the benchmark's time.
func BenchmarkQuickUnfairSides(b *testing.B) {
	lines := readUnwinnable(b, "lichess-unfair-timeouts-dev.txt", 1)
	for _, both := range []bool{false, true} {
		name := "winner"
		if both {
			name = "both"
		}
		b.Run(name, func(b *testing.B) {
			d := NewDecider(0)
			no := 0
			b.ResetTimer()
			for i := range b.N {
				l := &lines[i%len(lines)]
				side := l.pos.Turn().Other()
				if d.Quick(&l.pos, side).Answer == No {
					no++
				}
				if both {
					d.Quick(&l.pos, side.Other())
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
			if b.N >= len(lines) && no < b.N/len(lines)*len(lines) {
				b.Errorf("Quick proved %d of %d questions for the winner", no, b.N)
			}
		})
	}
}

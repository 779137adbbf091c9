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

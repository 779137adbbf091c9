package mate

import (
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// The decider's speed on the files of ../shared/unwinnable: one op is one question, taken in
// file order (all of each file when b.N is large enough). Metrics: positions/s, and the shares
// of answers that are final (yes or no), no, and unknown. Run with -cpu 1:
//
//	go test ./internal/mate -run '^$' -bench Decider -cpu 1 -benchtime 15000x

func benchFile(b *testing.B, name string, bothSides bool) {
	benchAsk(b, name, bothSides, (*Decider).CanMate)
}

// benchAsk measures ask (CanMate, or Quick: the layers the scan asks) on a file.
func benchAsk(b *testing.B, name string, bothSides bool, ask func(*Decider, *board.Position, board.Color) Result) {
	lines := readUnwinnable(b, name, 1)
	d := NewDecider(0)
	var yes, no, unknown int
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l := &lines[i%len(lines)]
		sides := []board.Color{l.pos.Turn().Other()}
		if bothSides {
			sides = []board.Color{board.White, board.Black}
		}
		for _, s := range sides {
			switch ask(d, &l.pos, s).Answer {
			case Yes:
				yes++
			case No:
				no++
			default:
				unknown++
			}
		}
	}
	b.StopTimer()
	total := float64(yes + no + unknown)
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(100*float64(yes+no)/total, "%final")
	b.ReportMetric(100*float64(no)/total, "%no")
	b.ReportMetric(100*float64(unknown)/total, "%unknown")
}

// BenchmarkDeciderTimeouts: the side that did not flag, on ordinary lichess timeouts.
func BenchmarkDeciderTimeouts(b *testing.B) { benchFile(b, "lichess-timeouts-15k-dev.txt", false) }

// BenchmarkDeciderUnfair: the side that did not flag, on timeouts it could not have won.
func BenchmarkDeciderUnfair(b *testing.B) { benchFile(b, "lichess-unfair-timeouts-dev.txt", false) }

// BenchmarkDeciderLabelled: both sides of the hard labelled positions.
func BenchmarkDeciderLabelled(b *testing.B) { benchFile(b, "labelled-dev.txt", true) }

// BenchmarkQuick*: the cheap layers alone (Quick), as the scan asks them.
func BenchmarkQuickTimeouts(b *testing.B) {
	benchAsk(b, "lichess-timeouts-15k-dev.txt", false, (*Decider).Quick)
}

func BenchmarkQuickUnfair(b *testing.B) {
	benchAsk(b, "lichess-unfair-timeouts-dev.txt", false, (*Decider).Quick)
}

func BenchmarkQuickLabelled(b *testing.B) { benchAsk(b, "labelled-dev.txt", true, (*Decider).Quick) }

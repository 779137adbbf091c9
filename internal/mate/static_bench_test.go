package mate

import (
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// The static layer's benchmarks, per position (run with -cpu 1): staticNo for the side the
// file asks about (both sides for labelled-dev.txt, one question each) and MayBeDead.

var staticBenchFiles = []struct {
	name     string
	labelled bool
}{
	{"labelled-dev.txt", true},
	{"lichess-unfair-timeouts-dev.txt", false},
	{"lichess-timeouts-15k-dev.txt", false},
}

// benchQuestions returns the positions and sides a benchmark asks about for one file.
func benchQuestions(b *testing.B, name string, labelled bool) ([]board.Position, []board.Color) {
	positions, _ := unwinnableFile(b, name, labelled)
	var ps []board.Position
	var sides []board.Color
	for _, lp := range positions {
		if labelled {
			ps, sides = append(ps, lp.pos, lp.pos), append(sides, board.White, board.Black)
			continue
		}
		ps, sides = append(ps, lp.pos), append(sides, lp.pos.Turn().Other())
	}
	return ps, sides
}

func BenchmarkStaticNo(b *testing.B) {
	for _, f := range staticBenchFiles {
		b.Run(f.name, func(b *testing.B) {
			ps, sides := benchQuestions(b, f.name, f.labelled)
			proved := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				k := i % len(ps)
				if staticNo(&ps[k], sides[k]) {
					proved++
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/question")
			_ = proved
		})
	}
}

func BenchmarkMayBeDead(b *testing.B) {
	for _, f := range staticBenchFiles {
		b.Run(f.name, func(b *testing.B) {
			positions, _ := unwinnableFile(b, f.name, f.labelled)
			b.ResetTimer()
			maybe := 0
			for i := 0; i < b.N; i++ {
				if MayBeDead(&positions[i%len(positions)].pos) {
					maybe++
				}
			}
			_ = maybe
		})
	}
	b.Run("lichess-2025-05-excerpt.pgn finals", func(b *testing.B) {
		finals, _ := finalPositions(b, "lichess-2025-05-excerpt.pgn")
		b.ResetTimer()
		maybe := 0
		for i := 0; i < b.N; i++ {
			if MayBeDead(&finals[i%len(finals)]) {
				maybe++
			}
		}
		_ = maybe
	})
}

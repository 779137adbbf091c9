//go:build unix

package mate

import (
	"syscall"
	"testing"
	"time"
)

// BenchmarkQuickUnfairSides: Quick on every line of lichess-unfair-timeouts-dev.txt, for the side
// that did not flag ("winner") and for both sides ("both": one op is a line, two questions).
// Run with -cpu 1. positions/s is lines per second of the benchmark's (wall) time;
// positions/cpu-s per second of the process's CPU time (user + system), which a machine
// loaded by other programs inflates less.
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
			cpu := cpuSeconds(b)
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
			b.ReportMetric(float64(b.N)/(cpuSeconds(b)-cpu), "positions/cpu-s")
			if b.N >= len(lines) && no < b.N/len(lines)*len(lines) {
				b.Errorf("Quick proved %d of %d questions for the winner", no, b.N)
			}
		})
	}
}

// cpuSeconds returns the CPU time (user + system) the process has used so far.
func cpuSeconds(b *testing.B) float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

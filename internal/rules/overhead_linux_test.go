//go:build linux

package rules

import (
	"runtime"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// threadCPU returns the CPU time the calling thread has used. On a machine
// shared with other work, wall time counts the time others run; CPU time of
// the (locked) thread does not.
func threadCPU() time.Duration {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

// BenchmarkJudgeOverhead measures the judge's cost relative to bare replay:
// it alternates blocks of 256 games replayed bare and the same games judged
// under all four editions (which goes first alternates too, so that neither
// always finds the games warm in the cache), timing each with the thread's
// CPU clock, and reports the judged time over the bare time as overhead_%.
// One op is one game judged (and replayed bare once).
func BenchmarkJudgeOverhead(b *testing.B) {
	c := loadBench(b)
	sel, err := NewSelection("fide2009,fide2014,fide2017,lichess", "", "")
	if err != nil {
		b.Fatal(err)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	j := NewJudge()
	var choices []Choice
	var bare, judged time.Duration
	var sink uint64
	replay := func(games []benchGame) {
		for i := range games {
			g := &games[i]
			p := g.start
			for _, san := range g.sans {
				m, _ := p.ParseSAN(san)
				p.Play(m)
				sink ^= p.Key()
			}
		}
	}
	judge := func(games []benchGame) {
		for i := range games {
			g := &games[i]
			choices = sel.Choose(choices[:0], Date{}, g.date, Date{})
			j.Begin(&g.start, g.result, choices)
			for _, san := range g.sans {
				m, _ := j.Position().ParseSAN(san)
				j.Play(m)
			}
			j.Finish()
		}
	}
	const block = 256
	b.ResetTimer()
	for done, k := 0, 0; done < b.N; k++ {
		first := done % len(c.games)
		n := min(block, b.N-done, len(c.games)-first)
		games := c.games[first : first+n]
		t0 := threadCPU()
		if k%2 == 0 {
			replay(games)
		} else {
			judge(games)
		}
		t1 := threadCPU()
		if k%2 == 0 {
			judge(games)
		} else {
			replay(games)
		}
		t2 := threadCPU()
		if k%2 == 0 {
			bare, judged = bare+t1-t0, judged+t2-t1
		} else {
			judged, bare = judged+t1-t0, bare+t2-t1
		}
		done += n
	}
	b.StopTimer()
	if sink == 1 {
		b.Log(sink)
	}
	b.ReportMetric(100*(float64(judged)/float64(bare)-1), "overhead_%")
	b.ReportMetric(float64(judged.Nanoseconds())/float64(b.N), "judge_cpu_ns/game")
	b.ReportMetric(float64(bare.Nanoseconds())/float64(b.N), "replay_cpu_ns/game")
}

package mate

import (
	"runtime"
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// TestMemoryFlat: a decider's memory does not grow with the questions answered. Passes over
// the same questions find the tables, lists and queues as large as the first pass made them
// (the searches reuse them), so the memory held after each pass (the live heap after a
// collection) stays within a little of what it was after the first, and the last pass
// allocates next to nothing (the witnesses). Before the tables were reused, and while the
// best-first searches' queues kept a slice per priority, both grew. The plan alone is asked:
// the deep steps free their tables after each question that reaches them, by design, and
// allocate them again at the next (TestDeepSettles checks that they free them).
func TestMemoryFlat(t *testing.T) {
	lines := readUnwinnable(t, "lichess-timeouts-15k-dev.txt", 150)
	lines = append(lines, readUnwinnable(t, "labelled-dev.txt", 90)...)
	saved := deepPlan
	deepPlan = nil
	defer func() { deepPlan = saved }()
	d := NewDecider(0)
	results := make([]Result, 2*len(lines))
	pass := func() (allocated, held uint64) {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for i := range lines {
			for side := range 2 {
				results[2*i+side] = d.CanMate(&lines[i].pos, board.Color(side))
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		for i := range lines {
			for side := range 2 {
				checkResult(t, lines[i].fen, &lines[i].pos, board.Color(side), results[2*i+side])
			}
		}
		return after.TotalAlloc - before.TotalAlloc, after.HeapAlloc
	}
	const passes = 4
	var allocated, held [passes]uint64
	for i := range passes {
		allocated[i], held[i] = pass()
	}
	t.Logf("%d questions a pass: allocated %v bytes, held %v after each", 2*len(lines), allocated, held)
	// The smaller tables may still grow in the second and third passes (a search that meets a
	// larger question of the sample later than before); by the last, nothing does.
	for i := 1; i < passes; i++ {
		if held[i] > held[0]+4<<20 {
			t.Errorf("pass %d: %d bytes held, the first pass %d", i+1, held[i], held[0])
		}
	}
	if last := allocated[passes-1]; last > allocated[0]/100 {
		t.Errorf("pass %d allocated %d bytes, the first %d", passes, last, allocated[0])
	}
}

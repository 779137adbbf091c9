package main

import (
	"runtime/debug"
	"testing"
)

// TestScanMemory: a scan sets its soft memory limit and GOGC unless the environment sets them,
// and puts back what was there when it ends.
func TestScanMemory(t *testing.T) {
	limit0, percent0 := debug.SetMemoryLimit(-1), gcPercent()
	restore := scanMemory(func(string) string { return "" })
	if got := debug.SetMemoryLimit(-1); got != scanMemoryLimit {
		t.Errorf("memory limit %d, want %d", got, scanMemoryLimit)
	}
	if got := gcPercent(); got != scanGCPercent {
		t.Errorf("GOGC %d, want %d", got, scanGCPercent)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != limit0 {
		t.Errorf("after restore: memory limit %d, want %d", got, limit0)
	}
	if got := gcPercent(); got != percent0 {
		t.Errorf("after restore: GOGC %d, want %d", got, percent0)
	}
	env := map[string]string{"GOGC": "100", "GOMEMLIMIT": "1GiB"}
	restore = scanMemory(func(k string) string { return env[k] })
	if got := debug.SetMemoryLimit(-1); got != limit0 {
		t.Errorf("GOMEMLIMIT in the environment: memory limit %d, want it kept (%d)", got, limit0)
	}
	if got := gcPercent(); got != percent0 {
		t.Errorf("GOGC in the environment: GOGC %d, want it kept (%d)", got, percent0)
	}
	restore()
}

// gcPercent returns the collector's GOGC.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

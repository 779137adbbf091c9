package report

import (
	"path/filepath"
	"runtime"
	"testing"
)

// The writers' memory does not grow with the number of rows: live heap
// after a garbage collection, measured after each batch, stays flat from
// the second batch to the twelfth.
func TestWriterMemoryIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 196,608 rows")
	}
	const batch = 16 * 1024
	rows := benchFindings(batch)
	for _, name := range []string{"m.parquet", "m.csv"} {
		w, err := Create[Finding](filepath.Join(t.TempDir(), name), Options{BatchRows: batch})
		if err != nil {
			t.Fatal(err)
		}
		var first, peak uint64
		var ms runtime.MemStats
		for b := 1; b <= 12; b++ {
			for i := range rows {
				if err := w.Write(&rows[i]); err != nil {
					t.Fatal(err)
				}
			}
			runtime.GC()
			runtime.ReadMemStats(&ms)
			if b == 2 {
				first = ms.HeapAlloc
			}
			peak = max(peak, ms.HeapAlloc)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: live heap %d kB after 2 batches, at most %d kB up to 12", name, first>>10, peak>>10)
		if peak > first+4<<20 {
			t.Errorf("%s: live heap grew from %d kB to %d kB over 10 batches of %d rows", name, first>>10, peak>>10, batch)
		}
	}
}

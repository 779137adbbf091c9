package scan

import (
	"bytes"
	"context"
	"io"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/pgn"

	"github.com/pgnscan/pgnscan/internal/report"
)

// heapInUse returns the bytes of heap spans in use (MemStats.HeapInuse: live objects, garbage
// not yet swept, and the free room inside spans that hold objects), read without stopping the
// world so that it can be sampled often.
func heapInUse(s []metrics.Sample) uint64 {
	metrics.Read(s)
	return s[0].Value.Uint64() + s[1].Value.Uint64()
}

func heapSamples() []metrics.Sample {
	return []metrics.Sample{
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/unused:bytes"},
	}
}

// peakHeapOf runs fn and returns the peak of the heap in use while it ran, sampled every
// millisecond, above the heap in use after a collection just before. It measures the heap of
// the whole process, so the caller runs nothing else meanwhile (no parallel tests).
func peakHeapOf(fn func()) uint64 {
	runtime.GC()
	s := heapSamples()
	base := heapInUse(s)
	var peak uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		s := heapSamples()
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			peak = max(peak, heapInUse(s))
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	})
	fn()
	close(stop)
	wg.Wait()
	if peak < base {
		return 0
	}
	return peak - base
}

// rowCounter is a CSV output that keeps only what a test checks: the number of rows and
// whether their game_index column (the second) never goes down.
type rowCounter struct {
	rows     int64
	last     int64
	disorder bool
	partial  []byte
}

func (c *rowCounter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			c.partial = append(c.partial, p...)
			break
		}
		line := append(c.partial, p[:i]...)
		c.partial, p = c.partial[:0], p[i+1:]
		if c.rows++; c.rows == 1 {
			continue // the header
		}
		f := strings.SplitN(string(line), ",", 3)
		if len(f) < 3 {
			c.disorder = true
			continue
		}
		idx, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil || idx < c.last {
			c.disorder = true
		}
		c.last = idx
	}
	return n, nil
}

// hostileScan scans in with the workers given under editions, findings (and games rows when games is
// set) written as CSV to counters, and returns the peak heap, the summary and the counters.
func hostileScan(t *testing.T, in io.Reader, editions string, games bool, workers int) (uint64, *report.Summary, *rowCounter, *rowCounter) {
	t.Helper()
	var fc, gc rowCounter
	out := &report.Outputs{Summary: report.NewSummary(Names())}
	var err error
	if out.Findings, err = report.Create[report.Finding]("-", report.Options{Stdout: &fc}); err != nil {
		t.Fatal(err)
	}
	if games {
		if out.Games, err = report.Create[report.Game]("-", report.Options{Stdout: &gc}); err != nil {
			t.Fatal(err)
		}
	}
	peak := peakHeapOf(func() {
		err = Run(context.Background(), Config{
			Sources:   []input.Source{{Name: input.StdinName, Path: input.StdinName, Size: -1}},
			Stdin:     in,
			Selection: plSelection(t, editions),
			Workers:   workers,
			FullGames: games,
		}, out)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return peak, out.Summary, &fc, &gc
}

// hostileHeapBound is the peak heap a scan of any of the hostile shapes may hold (issue 14):
// a few MiB of chunks, rows in parts of 2 MiB per worker, a game of 31 MB in its own chunk,
// and the garbage a collection has not yet reclaimed.
const hostileHeapBound = 200 << 20

// longGame returns a game of plies half-moves that cycle Nf3 Nf6 Ng1 Ng8, dated 2010 (fide2009
// under auto: no automatic ending, so the judge follows all of it in one window).
func longGame(plies int64) io.Reader {
	return io.MultiReader(
		strings.NewReader("[Event \"long\"]\n[Date \"2010.01.01\"]\n[Result \"1/2-1/2\"]\n\n"),
		&plRepeat{text: []byte("Nf3 Nf6 Ng1 Ng8\n"), left: plies / 4 * 16},
		strings.NewReader("1/2-1/2\n\n"))
}

// checkHostile scans one hostile shape and checks the heap bound and the rows.
func checkHostile(t *testing.T, name string, in io.Reader, editions string, games bool, wantGames, wantFindings, wantGameRows int64) {
	t.Helper()
	peak, sum, fc, gc := hostileScan(t, in, editions, games, 2)
	t.Logf("%s: %d games, %d findings, %d games rows, peak heap %.1f MB", name, sum.Games(), fc.rows-1, gc.rows-1, float64(peak)/(1<<20))
	if peak > hostileHeapBound {
		t.Errorf("%s: peak heap %.1f MB, bound %d MB", name, float64(peak)/(1<<20), hostileHeapBound>>20)
	}
	if sum.Games() != wantGames || fc.rows-1 != wantFindings || (games && gc.rows-1 != wantGameRows) {
		t.Errorf("%s: %d games, %d findings rows, %d games rows; want %d, %d, %d",
			name, sum.Games(), fc.rows-1, gc.rows-1, wantGames, wantFindings, wantGameRows)
	}
	if fc.disorder || gc.disorder {
		t.Errorf("%s: rows out of game order", name)
	}
}

// TestHostileShapesMemory: the shapes of issue 14 that made memory grow with the games of a
// chunk or the plies of a game keep the peak heap under hostileHeapBound (scaled down here; the
// slow test scans them at the sizes of the issue). The row counts are worked by hand: "1. e4 *"
// has no finding; a short game that shuffles knights twice makes the two first threefold claims
// (Black by Ng8 at ply 7, White on the board at ply 8) under its one edition; a long shuffle
// makes those and the two first fifty-move claims (TestWindowFlatInPlies in rules).
func TestHostileShapesMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("scans 40 MB of hostile shapes")
	}
	hostileShapes(t, 1)
}

// hostileShapes runs the shapes at scale 1 (the default test) or 10 (the sizes of the issue).
func hostileShapes(t *testing.T, scale int64) {
	n := 300_000 * scale // before: all 300,000 games of one chunk became 1.2M games rows at once
	checkHostile(t, "tiny games, 4 editions, games rows",
		&plRepeat{text: []byte("1. e4 *\n\n"), left: 9 * n}, "fide2009,fide2014,fide2017,lichess", true, n, 0, 4*n)
	n = 100_000 * scale
	short := "[Event \"x\"]\n[Date \"2020.01.01\"]\n[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n\n"
	checkHostile(t, "short games, games rows",
		&plRepeat{text: []byte(short), left: int64(len(short)) * n}, "auto", true, n, 2*n, n)
	checkHostile(t, "one 2M-ply game dated 2010", longGame(2_000_000), "auto", false, 1, 4, 0)
	plies := 2_000_000 + (scale-1)*5_800_000/9 // 7.8M at scale 10
	checkHostile(t, "two long games", io.MultiReader(longGame(plies), longGame(plies)), "auto", false, 2, 8, 0)
}

// TestBudgetCapped: the chunks in flight are bounded by bytes, and -j far above the core count
// does not raise the bound past maxChunksInFlight chunks (issue 14 item 8; before, 64 workers
// allowed 130 chunks, 520 MiB).
func TestBudgetCapped(t *testing.T) {
	const c = 4 << 20
	for _, tc := range []struct {
		workers int
		want    int64
	}{{1, 4 * c}, {2, 6 * c}, {7, 16 * c}, {64, 16 * c}, {1024, 16 * c}} {
		if got := budget(tc.workers, c); got != tc.want {
			t.Errorf("budget(%d workers) = %d MiB, want %d MiB", tc.workers, got>>20, tc.want>>20)
		}
	}
	if got, want := budget(2, 0), int64(6*pgn.DefaultChunkSize); got != want {
		t.Errorf("budget with the default chunk size = %d KiB, want %d KiB", got>>10, want>>10)
	}
}

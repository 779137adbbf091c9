package htmlreport

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
)

// TestMemoryFlat feeds a million findings and games rows (a month's worth of
// findings, every one with a result that differs, from many events) and
// checks that the aggregate's heap does not grow with the rows once the
// arbiter's section is full: the tallies are bounded by editions, rules and
// bands, the arbiter's part by MaxArbiterEntries.
func TestMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("a million rows")
	}
	a := NewAggregate(true, &testChess)
	f := report.Finding{Edition: "fide2017", Rule: "threefold", Kind: "on_board", Missed: true, ResultDiffers: true,
		FEN: fixtureFENs[0], ClaimantOutcome: "loss"}
	g := report.Game{Edition: "fide2017"}
	feed := func(from, to int) {
		for i := from; i < to; i++ {
			info := report.GameInfo{Source: "s", GameIndex: int64(i), Event: fmt.Sprintf("Arena %d", i%50000),
				Date: "2025.05.01", TimeControl: fixtureSpeeds[i%len(fixtureSpeeds)].tc,
				WhiteElo: report.ValidInt32(int32(i % 3000)), BlackElo: report.ValidInt32(int32(i % 2900))}
			f.GameInfo, g.GameInfo = &info, &info
			f.Rule = []string{"threefold", "fifty_move", "fivefold", "unwinnable_timeout", "checkmate"}[i%5]
			a.AddGame(&g)
			a.AddFinding(&f)
		}
	}
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	feed(0, 100_000)
	before := heap()
	feed(100_000, 1_000_000)
	after := heap()
	runtime.KeepAlive(a)
	if after > before+512<<10 {
		t.Errorf("heap grew from %d to %d bytes over 900,000 more rows", before, after)
	}
	if a.arbiter.entries != MaxArbiterEntries || len(a.arbiter.byKey) > MaxArbiterEntries {
		t.Errorf("arbiter keeps %d entries in %d events, want at most %d", a.arbiter.entries, len(a.arbiter.byKey), MaxArbiterEntries)
	}
	t.Logf("heap %d KB after 100,000 rows, %d KB after 1,000,000", before>>10, after>>10)
}

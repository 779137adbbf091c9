package scan

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// pqRun scans the sources with a games table and returns the outputs and Run's error.
func pqRun(t *testing.T, workers, chunk int, srcs ...input.Source) (*plOutputs, error) {
	t.Helper()
	o := newPlOutputs(t, true)
	err := Run(context.Background(), Config{Sources: srcs, Selection: plSelection(t, "auto,lichess"),
		Workers: workers, FullGames: true, ChunkSize: chunk}, o.out)
	if cerr := o.out.Close(); cerr != nil {
		t.Fatal(cerr)
	}
	return o, err
}

// csvTable parses CSV output into its header and rows.
func csvTable(t *testing.T, b *bytes.Buffer) ([]string, [][]string) {
	t.Helper()
	recs, err := csv.NewReader(bytes.NewReader(b.Bytes())).ReadAll()
	if err != nil || len(recs) == 0 {
		t.Fatalf("output is not CSV with a header: %v", err)
	}
	return recs[0], recs[1:]
}

// TestParquetSameFindingsAsPGN: the lichess excerpt written in the dataset's schema gives the
// findings and games rows of the PGN, column for column, except where the two inputs differ by
// nature: source (the file), game_offset (row group and row instead of a byte offset) and
// round (the dataset keeps no Round; lichess writes "-"). Date, which the dataset does not keep
// either, comes from UTCDate, which lichess writes equal to it.
func TestParquetSameFindingsAsPGN(t *testing.T) {
	const rowGroup = 100 // five row groups, the last of 38 rows
	path, games := testcorpus.ExcerptParquet(t, rowGroup, nil)
	pgnPath := testcorpus.Path(t, testcorpus.LichessExcerpt)
	want, err := pqRun(t, 1, 0, input.Source{Name: pgnPath, Path: pgnPath, Size: -1})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ workers, chunk int }{{1, 0}, {2, 16 << 10}, {3, 1}} {
		got, err := pqRun(t, c.workers, c.chunk, input.Source{Name: path, Path: path, Size: -1})
		if err != nil {
			t.Fatal(err)
		}
		for _, tb := range []struct {
			name      string
			got, want *bytes.Buffer
			min       int
		}{{"findings", &got.findings, &want.findings, 50}, {"games", &got.games, &want.games, 2 * len(games)}} {
			wh, wrows := csvTable(t, tb.want)
			gh, grows := csvTable(t, tb.got)
			if !slices.Equal(wh, gh) {
				t.Fatalf("%s: header %v, want %v", tb.name, gh, wh)
			}
			if len(wrows) < tb.min || len(grows) != len(wrows) {
				t.Fatalf("-j %d chunk %d: %s: %d rows from Parquet, %d from PGN (want at least %d)",
					c.workers, c.chunk, tb.name, len(grows), len(wrows), tb.min)
			}
			col := func(name string) int { return slices.Index(wh, name) }
			for i := range wrows {
				w, g := wrows[i], grows[i]
				if g[col("source")] != path || w[col("round")] != "-" || g[col("round")] != "" {
					t.Fatalf("%s row %d: source %q round %q, PGN round %q", tb.name, i, g[col("source")], g[col("round")], w[col("round")])
				}
				idx, _ := strconv.ParseInt(g[col("game_index")], 10, 64)
				off, _ := strconv.ParseInt(g[col("game_offset")], 10, 64)
				if off != input.ParquetOffset(int(idx/rowGroup), idx%rowGroup) || off>>32 != idx/rowGroup || off&(1<<32-1) != idx%rowGroup {
					t.Fatalf("%s row %d: game %d has game_offset %d, want row group %d row %d", tb.name, i, idx, off, idx/rowGroup, idx%rowGroup)
				}
				for _, k := range []string{"source", "game_offset", "round"} {
					w[col(k)], g[col(k)] = "", ""
				}
				if !slices.Equal(w, g) {
					t.Fatalf("-j %d chunk %d: %s row %d differs:\nParquet %q\nPGN     %q", c.workers, c.chunk, tb.name, i, g, w)
				}
			}
		}
		if got.errors.String() != want.errors.String() {
			t.Errorf("errors differ:\n%s\nwant\n%s", got.errors.String(), want.errors.String())
		}
	}
}

// TestParquetBadMovetext: a row whose movetext does not parse, and one whose movetext is null,
// are per-game errors with their row index; the scan goes on and the other games are judged.
func TestParquetBadMovetext(t *testing.T) {
	path, games := testcorpus.ExcerptParquet(t, 100, func(g []testcorpus.LichessGame) {
		g[150].Movetext = "1. e4 e5 2. Qh9 Nc6 1-0"
	})
	nullPath := filepath.Join(t.TempDir(), "null.parquet")
	writeNullMovetext(t, nullPath)
	o, err := pqRun(t, 2, 0, input.Source{Name: path, Path: path}, input.Source{Name: nullPath, Path: nullPath})
	if err != nil {
		t.Fatal(err)
	}
	_, rows := csvTable(t, &o.errors)
	want := [][]string{
		{path, "150", strconv.FormatInt(input.ParquetOffset(1, 50), 10), "1", "3", "malformed SAN", "1. e4 e5 2. Qh9 Nc6 1-0"},
		{nullPath, "1", "1", "1", "", input.ErrNullMovetext.Error(), ""},
	}
	if len(rows) != len(want) {
		t.Fatalf("errors rows %q, want %d", rows, len(want))
	}
	for i, w := range want {
		g := rows[i]
		if g[0] != w[0] || g[1] != w[1] || g[2] != w[2] || g[3] != w[3] || g[4] != w[4] ||
			!strings.Contains(g[5], w[5]) || !strings.Contains(g[6], w[6]) {
			t.Errorf("errors row %d: %q, want %q (message and excerpt containing)", i, g, w)
		}
	}
	_, grows := csvTable(t, &o.games)
	// Every game under two editions: the bad one up to its fault, and not the row without
	// movetext, which is no game.
	if len(grows) != 2*(len(games)+1) {
		t.Errorf("%d games rows, want %d", len(grows), 2*(len(games)+1))
	}
}

// writeNullMovetext writes two rows in the dataset's schema: a game, then a row whose
// movetext is null.
func writeNullMovetext(t *testing.T, path string) {
	t.Helper()
	b := array.NewRecordBuilder(memory.DefaultAllocator, testcorpus.LichessSchema)
	defer b.Release()
	for i, fl := range testcorpus.LichessSchema.Fields() {
		switch fl.Name {
		case "Result":
			b.Field(i).(*array.StringBuilder).AppendValues([]string{"1-0", "*"}, nil)
		case "movetext":
			sb := b.Field(i).(*array.StringBuilder)
			sb.Append("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0")
			sb.AppendNull()
		default:
			b.Field(i).AppendNulls(2)
		}
	}
	testcorpus.WriteRecord(t, path, b.NewRecordBatch())
}

// TestParquetTruncated: a Parquet file cut short is an input that could not be read (the scan
// goes on with the next input and Run returns an *InputsError naming it); so is Parquet on
// standard input.
func TestParquetTruncated(t *testing.T) {
	path, games := testcorpus.ExcerptParquet(t, 100, nil)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(t.TempDir(), "cut.parquet")
	if err := os.WriteFile(cut, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	srcs, err := input.Resolve([]string{cut, path})
	if err != nil {
		t.Fatalf("Resolve: %v (a damaged file is the scan's to report)", err)
	}
	o, err := pqRun(t, 2, 0, srcs...)
	var ie *InputsError
	if !errors.As(err, &ie) || len(ie.Failed) != 1 || !strings.Contains(ie.Failed[0], cut) || !errors.Is(err, ErrInputFailed) {
		t.Fatalf("Run = %v, want an *InputsError naming %s", err, cut)
	}
	if _, rows := csvTable(t, &o.games); len(rows) != 2*len(games) {
		t.Errorf("%d games rows, want %d: the whole file after the cut one", len(rows), 2*len(games))
	}

	o = newPlOutputs(t, false)
	err = Run(context.Background(), Config{Sources: []input.Source{{Name: input.StdinName, Path: input.StdinName}},
		Stdin: bytes.NewReader(data), Selection: plSelection(t, "auto")}, o.out)
	if !errors.As(err, &ie) || !strings.Contains(err.Error(), input.ErrParquetStdin.Error()) {
		t.Errorf("Parquet on standard input: %v, want %v", err, input.ErrParquetStdin)
	}
	o.out.Close()
}

// TestParquetMemoryFlat: a Parquet input is read a batch of rows at a time, not a row group or
// a file at once: scanning 13,000 and 26,000 games in row groups of 8,192 rows (some 19 MB of
// movetext each, as the dataset's are large) keeps the live heap, sampled after a collection
// every 20 ms, under the bound of a PGN scan to CSV. (The peak is noisy, 13.5-16 MB with chunks
// of 1 MiB, 46-78 MB with chunks of 4 MiB on a shared machine, and higher in the longer scan
// because more samples are taken: profiles show chunk buffers and the Parquet library's batch
// builders, not a growing structure.)
func TestParquetMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and scans 50,000 games")
	}
	games := testcorpus.ReadLichessPGN(t, testcorpus.Path(t, testcorpus.LichessExcerpt))
	var peaks [2]uint64
	for i, copies := range []int{30, 60} {
		var all []testcorpus.LichessGame
		for range copies {
			all = append(all, games...)
		}
		path := filepath.Join(t.TempDir(), "big.parquet")
		testcorpus.WriteLichessParquet(t, all, path, 8192)
		all = nil
		peaks[i] = samplePeak(func() {
			out := &report.Outputs{Summary: report.NewSummary(Names())}
			var err error
			if out.Findings, err = report.Create[report.Finding]("-", report.Options{Stdout: io.Discard}); err != nil {
				t.Error(err)
				return
			}
			err = Run(context.Background(), Config{Sources: []input.Source{{Name: path, Path: path}},
				Selection: plSelection(t, "auto"), Workers: 2}, out)
			if cerr := out.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				t.Error(err)
			}
			if g := out.Summary.Games(); g != int64(copies*len(games)) {
				t.Errorf("%d games scanned, want %d", g, copies*len(games))
			}
		})
		t.Logf("%d games: peak heap %.1f MB", copies*len(games), float64(peaks[i])/(1<<20))
	}
	if peaks[0] > heapBoundCSV || peaks[1] > heapBoundCSV {
		t.Errorf("peak live heap %.1f MB, then %.1f MB for twice the games (bound %d MB)",
			float64(peaks[0])/(1<<20), float64(peaks[1])/(1<<20), heapBoundCSV>>20)
	}
}

// samplePeak runs fn and returns the peak of the live heap above what it was before, sampled
// after a collection every 20 ms.
func samplePeak(fn func()) uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	var peak atomic.Uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		var ms runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				runtime.GC()
				runtime.ReadMemStats(&ms)
				if ms.HeapAlloc > base && ms.HeapAlloc-base > peak.Load() {
					peak.Store(ms.HeapAlloc - base)
				}
			}
		}
	}()
	fn()
	close(stop)
	<-done
	return peak.Load()
}

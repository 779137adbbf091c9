package scan

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pgnscan/pgnscan/internal/input"

	"github.com/klauspost/compress/zstd"

	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/rules"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// The pipeline tests run Run in-process on the sample archive of testdata/ (hand-built rule
// cases and real games, see testdata/README.md), read from standard input or from files, and
// compare the CSV bytes it writes.

// plSample returns the plain text of testdata/sample.pgn.zst.
func plSample(t testing.TB) []byte {
	t.Helper()
	plSampleOnce.Do(func() {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "sample.pgn.zst"))
		if err != nil {
			plSampleErr = err
			return
		}
		dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
		if err != nil {
			plSampleErr = err
			return
		}
		defer dec.Close()
		plSampleText, plSampleErr = dec.DecodeAll(data, nil)
	})
	if plSampleErr != nil {
		t.Fatal(plSampleErr)
	}
	return plSampleText
}

// plOrdinary returns the sample's games before its TCEC games, whose long engine comments
// make them read much faster than ordinary games: cases, lichess, TWIC and FICS games.
func plOrdinary(t testing.TB) []byte {
	t.Helper()
	text := plSample(t)
	i := bytes.Index(text, []byte("[Site \"https://tcec-chess.com\"]"))
	if i < 0 {
		t.Fatal("no TCEC game in the sample")
	}
	return text[:bytes.LastIndex(text[:i], []byte("\n[Event "))+1]
}

var (
	plSampleOnce sync.Once
	plSampleText []byte
	plSampleErr  error
)

// plOutputs are outputs that write CSV into memory.
type plOutputs struct {
	out                     *report.Outputs
	findings, games, errors bytes.Buffer
}

func newPlOutputs(t testing.TB, games bool) *plOutputs {
	t.Helper()
	o := &plOutputs{out: &report.Outputs{Summary: report.NewSummary(Names())}}
	var err error
	if o.out.Findings, err = report.Create[report.Finding]("-", report.Options{Stdout: &o.findings}); err != nil {
		t.Fatal(err)
	}
	if games {
		if o.out.Games, err = report.Create[report.Game]("-", report.Options{Stdout: &o.games}); err != nil {
			t.Fatal(err)
		}
	}
	if o.out.Errors, err = report.Create[report.Error]("-", report.Options{Stdout: &o.errors}); err != nil {
		t.Fatal(err)
	}
	return o
}

// summary returns the summary text without its Elapsed line, which depends on the clock.
func (o *plOutputs) summary() string {
	var b strings.Builder
	for _, l := range strings.Split(o.out.Summary.String(), "\n") {
		if !strings.HasPrefix(l, "Elapsed:") {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

func plSelection(t testing.TB, list string) *rules.Selection {
	t.Helper()
	sel, err := rules.NewSelection(list, "fide2017", "consecutive")
	if err != nil {
		t.Fatal(err)
	}
	return sel
}

// plRun scans text from standard input with the given workers and chunk size, with a games
// table.
func plRun(t testing.TB, ctx context.Context, text io.Reader, workers, chunk int) (*plOutputs, error) {
	t.Helper()
	return plRunGames(t, ctx, text, workers, chunk, true)
}

// plRunGames is plRun with or without a games table.
func plRunGames(t testing.TB, ctx context.Context, text io.Reader, workers, chunk int, games bool) (*plOutputs, error) {
	t.Helper()
	o := newPlOutputs(t, games)
	cfg := Config{
		Sources:   []input.Source{{Name: input.StdinName, Path: input.StdinName, Size: -1}},
		Stdin:     text,
		Selection: plSelection(t, "auto,lichess"),
		Workers:   workers,
		FullGames: games,
		ChunkSize: chunk,
	}
	err := Run(ctx, cfg, o.out)
	if cerr := o.out.Close(); cerr != nil {
		t.Fatal(cerr)
	}
	return o, err
}

// TestRunOrder: the rows, in order, and the summary do not depend on the number of workers or
// on how the input is cut into chunks (down to chunks smaller than one game, which forces a
// chunk per game and chunks grown for long games).
func TestRunOrder(t *testing.T) {
	text := plSample(t)
	ref, err := plRun(t, context.Background(), bytes.NewReader(text), 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(ref.games.String(), "\n"); n < 1000 {
		t.Fatalf("only %d games rows", n)
	}
	for _, c := range []struct{ workers, chunk int }{{2, 0}, {4, 64 << 10}, {3, 4096}, {8, 700}, {2, 64}} {
		t.Run(fmt.Sprintf("j%d-chunk%d", c.workers, c.chunk), func(t *testing.T) {
			got, err := plRun(t, context.Background(), iotestHalfReader{bytes.NewReader(text)}, c.workers, c.chunk)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range []struct {
				name      string
				got, want *bytes.Buffer
			}{{"findings", &got.findings, &ref.findings}, {"games", &got.games, &ref.games}, {"errors", &got.errors, &ref.errors}} {
				if !bytes.Equal(p.got.Bytes(), p.want.Bytes()) {
					t.Errorf("%s differ from the one-worker scan (%d bytes, want %d)", p.name, p.got.Len(), p.want.Len())
				}
			}
			if got.summary() != ref.summary() {
				t.Errorf("summary differs:\n%s\nwant\n%s", got.summary(), ref.summary())
			}
		})
	}
}

// TestRunSummaryWithoutGamesTable: without a games table the workers tally each chunk's games
// for the summary instead of making games rows; the summary (games per input, edition, edition
// source and speed class) is the one the games rows give, however the games fall into chunks.
func TestRunSummaryWithoutGamesTable(t *testing.T) {
	text := plSample(t)
	ref, err := plRun(t, context.Background(), bytes.NewReader(text), 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ workers, chunk int }{{1, 0}, {2, 0}, {3, 4096}, {2, 64}} {
		got, err := plRunGames(t, context.Background(), bytes.NewReader(text), c.workers, c.chunk, false)
		if err != nil {
			t.Fatal(err)
		}
		if got.summary() != ref.summary() {
			t.Errorf("-j %d, chunks of %d: summary differs:\n%s\nwant\n%s", c.workers, c.chunk, got.summary(), ref.summary())
		}
		if !bytes.Equal(got.findings.Bytes(), ref.findings.Bytes()) {
			t.Errorf("-j %d, chunks of %d: findings differ", c.workers, c.chunk)
		}
	}
}

// iotestHalfReader returns at most half of what is asked (at least one byte), so that the
// splitter sees short reads.
type iotestHalfReader struct{ r io.Reader }

func (h iotestHalfReader) Read(p []byte) (int, error) {
	return h.r.Read(p[:(len(p)+1)/2])
}

// TestRunInputFails: a truncated input keeps the games before the fault, the next input is
// still scanned whole, and Run reports the failed input by name, as an *InputsError that
// unwraps to ErrInputFailed.
func TestRunInputFails(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "testdata", "sample.pgn.zst"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	trunc := filepath.Join(dir, "cut.pgn.zst")
	whole := filepath.Join(dir, "whole.pgn.zst")
	if err := os.WriteFile(trunc, raw[:len(raw)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(whole, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	srcs, err := input.Resolve([]string{trunc, whole})
	if err != nil {
		t.Fatal(err)
	}
	o := newPlOutputs(t, true)
	err = Run(context.Background(), Config{Sources: srcs, Selection: plSelection(t, "fide2017"), Workers: 2}, o.out)
	if cerr := o.out.Close(); cerr != nil {
		t.Fatal(cerr)
	}
	var ie *InputsError
	if !errors.As(err, &ie) || !errors.Is(err, ErrInputFailed) || len(ie.Failed) != 1 || !strings.Contains(err.Error(), "cut.pgn.zst") {
		t.Fatalf("Run: %v, want an *InputsError naming cut.pgn.zst alone", err)
	}
	ins := o.out.Summary.Inputs()
	if len(ins) != 2 || ins[0].Done || ins[0].Err == "" || !ins[1].Done || ins[1].Err != "" {
		t.Fatalf("summary inputs: %+v", ins)
	}
	if ins[0].Games < 100 || ins[1].Games != int64(bytes.Count(plSample(t), []byte("\n[Event ")))+1 {
		t.Errorf("games: %d from the truncated input, %d from the whole one", ins[0].Games, ins[1].Games)
	}
}

// cancelAfter cancels a context once n bytes have been read through it.
type cancelAfter struct {
	r      io.Reader
	n      int64
	cancel context.CancelFunc
}

func (c *cancelAfter) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	if c.n -= int64(k); c.n <= 0 {
		c.cancel()
	}
	return k, err
}

// TestRunCancelled: a cancelled scan stops reading, finishes the games it read and returns
// the context's error; what it wrote is the start of what a whole scan writes, cut between
// games, and the summary says it was interrupted.
func TestRunCancelled(t *testing.T) {
	text := bytes.Repeat(plSample(t), 4)
	ref, err := plRun(t, context.Background(), bytes.NewReader(text), 2, 64<<10)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got, err := plRun(t, ctx, &cancelAfter{r: bytes.NewReader(text), n: int64(len(text) / 3), cancel: cancel}, 2, 64<<10)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: %v, want context.Canceled", err)
	}
	if !got.out.Summary.Interrupted() {
		t.Error("summary not marked interrupted")
	}
	if got.games.Len() == 0 || got.games.Len() >= ref.games.Len() {
		t.Fatalf("cancelled scan wrote %d bytes of games rows, the whole scan %d", got.games.Len(), ref.games.Len())
	}
	for _, p := range []struct {
		name      string
		got, want []byte
	}{{"findings", got.findings.Bytes(), ref.findings.Bytes()}, {"games", got.games.Bytes(), ref.games.Bytes()}, {"errors", got.errors.Bytes(), ref.errors.Bytes()}} {
		if !bytes.HasPrefix(p.want, p.got) || len(p.got) > 0 && p.got[len(p.got)-1] != '\n' {
			t.Errorf("%s: the cancelled scan's rows are not a prefix of the whole scan's, cut at a row", p.name)
		}
	}
	ins := got.out.Summary.Inputs()
	if len(ins) != 1 || ins[0].Done || ins[0].Err != "" {
		t.Errorf("summary input: %+v, want stopped: neither done nor failed", ins)
	}
}

// failAfter is a writer that fails once n bytes were written.
type failAfter struct{ n int }

var errDiskFull = errors.New("disk full")

func (f *failAfter) Write(p []byte) (int, error) {
	if f.n -= len(p); f.n < 0 {
		return 0, errDiskFull
	}
	return len(p), nil
}

// TestRunWriterFails: when an output cannot be written, Run stops every stage and returns the
// error, without hanging on its full channels.
func TestRunWriterFails(t *testing.T) {
	text := bytes.Repeat(plSample(t), 6)
	o := &report.Outputs{Summary: report.NewSummary(Names())}
	var err error
	if o.Games, err = report.Create[report.Game]("-", report.Options{Stdout: &failAfter{n: 1 << 20}}); err != nil {
		t.Fatal(err)
	}
	// A file, not standard input: for an input of unknown size the progress bar is a spinner
	// whose own goroutine races with its drawing (progressbar v3.19.1, seen with -race).
	path := filepath.Join(t.TempDir(), "big.pgn")
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	srcs, err := input.Resolve([]string{path})
	if err != nil {
		t.Fatal(err)
	}
	progress := NewProgress(io.Discard)
	done := make(chan error, 1)
	go func() {
		done <- Run(context.Background(), Config{
			Sources:   srcs,
			Selection: plSelection(t, "fide2009,fide2014,fide2017,lichess"),
			Workers:   2,
			FullGames: true,
			ChunkSize: 16 << 10,
			Progress:  progress,
		}, o)
	}()
	select {
	case err := <-done:
		if !errors.Is(err, errDiskFull) {
			t.Fatalf("Run: %v, want the writer's error", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Run hangs after its writer failed")
	}
	if progress.stop != nil {
		t.Error("the progress display still runs after Run returned")
	}
	o.Abort()
}

// plRepeat is an endless-looking PGN stream made on the fly: text repeated until size bytes,
// without holding more than one copy of text.
type plRepeat struct {
	text []byte
	left int64
	pos  int
}

func (r *plRepeat) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > r.left {
		p = p[:r.left]
	}
	n := 0
	for n < len(p) {
		k := copy(p[n:], r.text[r.pos:])
		n += k
		r.pos = (r.pos + k) % len(r.text)
	}
	r.left -= int64(n)
	return n, nil
}

// peakHeap scans size bytes of repeated ordinary sample games with Workers 2 and the default
// chunk size (games rows fed to the summary only, as a plain scan does; findings to a Parquet
// file, or with csv to CSV into io.Discard) and returns the peak of the in-use heap above the
// heap in use before the scan (peakHeapOf).
func peakHeap(t testing.TB, size int64, csv bool) (peak uint64, games int64) {
	t.Helper()
	out := &report.Outputs{Summary: report.NewSummary(Names())}
	var err error
	path := filepath.Join(t.TempDir(), "f.parquet")
	if csv {
		path = "-"
	}
	if out.Findings, err = report.Create[report.Finding](path, report.Options{Stdout: io.Discard}); err != nil {
		t.Fatal(err)
	}
	text := plOrdinary(t)
	peak = peakHeapOf(func() {
		err = Run(context.Background(), Config{
			Sources:   []input.Source{{Name: input.StdinName, Path: input.StdinName, Size: -1}},
			Stdin:     &plRepeat{text: text, left: size},
			Selection: plSelection(t, "auto"),
			Workers:   2,
		}, out)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return peak, out.Summary.Games()
}

// Heap bounds: the most heap a scan with 2 workers may hold above what was in use before it.
// The pipeline's share is the chunks of the bound stated on chunksPerWorker ((2W+2) chunks of
// 1 MiB, 6 MiB) and the rows of those chunks, with slack for garbage not yet collected (the
// heap grows to about twice the live data before a collection): measured 21-23 MB with the
// findings written as CSV (about 62 MB with chunks of 4 MiB). A Parquet findings file adds its
// record batch and row group of up to report.DefaultBatchRows rows (8Ki findings; 64Ki-row
// batches measured about 150 MB more): 60 MB measured on 512 MB and 1 GB (-tags slow).
const (
	heapBoundCSV     = 64 << 20
	heapBoundParquet = 128 << 20
)

// checkFlatMemory scans n and 2n bytes and checks that the peak heap stays under its bound
// and does not grow with the input.
func checkFlatMemory(t *testing.T, n int64, csv bool) {
	p1, g1 := peakHeap(t, n, csv)
	p2, g2 := peakHeap(t, 2*n, csv)
	t.Logf("%d MB: %d games, peak heap %.1f MB; %d MB: %d games, peak heap %.1f MB",
		n>>20, g1, float64(p1)/(1<<20), 2*n>>20, g2, float64(p2)/(1<<20))
	if g2 < g1*19/10 {
		t.Fatalf("the larger input gave %d games, the smaller %d", g2, g1)
	}
	bound := uint64(heapBoundParquet)
	if csv {
		bound = heapBoundCSV
	}
	if p1 > bound || p2 > bound {
		t.Errorf("peak heap %.1f MB / %.1f MB, bound %d MB", float64(p1)/(1<<20), float64(p2)/(1<<20), bound>>20)
	}
	if p2 > p1+p1/4+(16<<20) {
		t.Errorf("peak heap grows with the input: %.1f MB for %d MB, %.1f MB for %d MB",
			float64(p1)/(1<<20), n>>20, float64(p2)/(1<<20), 2*n>>20)
	}
}

// TestRunMemoryFlat scans 64 and 128 MB generated on the fly, findings to CSV (the slow test:
// 512 MB and 1 GB, findings to Parquet, whose record batches then fill and flush many times).
func TestRunMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("scans 192 MB")
	}
	checkFlatMemory(t, 64<<20, true)
}

// BenchmarkScan runs the whole pipeline (read, split, tokenise, replay, judge, merge, write the
// findings to Parquet) on real games held in memory: the lichess and TWIC excerpts of the
// corpus repeated to 32 MB, read as standard input. It reports MB/s of PGN and games/s, with
// one worker and with one per CPU.
func BenchmarkScan(b *testing.B) {
	var text []byte
	for _, name := range []string{"lichess-2025-05-excerpt.pgn", "twic1599-excerpt.pgn"} {
		text = append(text, testcorpus.Read(b, name)...)
	}
	text = bytes.Repeat(text, (32<<20)/len(text)+1)
	sel := plSelection(b, "auto")
	dir := b.TempDir()
	for _, workers := range []int{1, runtime.NumCPU()} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			var games int64
			for b.Loop() {
				out := &report.Outputs{Summary: report.NewSummary(Names())}
				var err error
				if out.Findings, err = report.Create[report.Finding](filepath.Join(dir, "f.parquet"), report.Options{}); err != nil {
					b.Fatal(err)
				}
				err = Run(context.Background(), Config{
					Sources:   []input.Source{{Name: input.StdinName, Path: input.StdinName, Size: -1}},
					Stdin:     bytes.NewReader(text),
					Selection: sel,
					Workers:   workers,
				}, out)
				if err != nil {
					b.Fatal(err)
				}
				if err := out.Close(); err != nil {
					b.Fatal(err)
				}
				games += out.Summary.Games()
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

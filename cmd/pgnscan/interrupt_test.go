package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/pgnscan/pgnscan/internal/report"
)

// sampleText returns the sample's games as PGN text (without its TCEC games, whose long
// comments take little time to read).
func sampleText(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(testdataPath(t, "sample.pgn.zst"))
	if err != nil {
		t.Fatal(err)
	}
	frames := decodeFrames(t, data)
	return bytes.Join(frames[:len(frames)-1], nil)
}

// feed writes text to w over and over, up to limit bytes, and counts what the pipe took; it
// never closes w: the scan waits for more, as behind an idle or slow pipe.
type feed struct {
	taken atomic.Int64
}

func (f *feed) run(w io.Writer, text []byte, limit int64) {
	for f.taken.Load() < limit {
		n, err := w.Write(text)
		f.taken.Add(int64(n))
		if err != nil {
			return
		}
	}
}

// startFed starts cmd with a standard input that a goroutine feeds with text up to limit bytes,
// then closes when closeAtEnd says so, else keeps open (idle) until the test ends.
func startFed(t *testing.T, cmd *exec.Cmd, text []byte, limit int64, closeAtEnd bool) *feed {
	t.Helper()
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Close() })
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	fd := new(feed)
	go func() {
		fd.run(in, text, limit)
		if closeAtEnd {
			in.Close()
		}
	}()
	return fd
}

// settled waits until the pipe has taken at least min bytes and then nothing for quiet: the
// scan is blocked, on its idle input or on its stalled output.
func (f *feed) settled(t *testing.T, min int64, quiet time.Duration) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	last, since := int64(-1), time.Now()
	for time.Now().Before(deadline) {
		n := f.taken.Load()
		if n != last {
			last, since = n, time.Now()
		} else if n >= min && time.Since(since) >= quiet {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the scan took %d bytes and did not settle", last)
}

// interruptLimit bounds how long after the signal the scan may take to end. The promise is one
// second whatever its inputs and outputs are doing (issue 14), on an idle machine: 35 to 110 ms
// with an idle input, 0.4 s with a stalled output (the grace, then closing). The tests run with
// every core loaded (loadCPU), where finishing the games already read takes 1 to 3.5 s (issue 27,
// 2 cores, ten runnable processes); a bound is no timing assertion there, only the proof that the
// scan does not wait for its input, which never ends, or for its stalled reader, for ever.
const interruptLimit = 20 * time.Second

// signalAndWait sends sig and returns the exit status and how long the command took to end.
func signalAndWait(t *testing.T, cmd *exec.Cmd, sig syscall.Signal) (int, time.Duration) {
	t.Helper()
	sent := time.Now()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("the scan did not end within 30 s of %v", sig)
	}
	took := time.Since(sent)
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), took
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, took
}

// TestInterrupt feeds a scan through a pipe the test controls, stops feeding once the scan has
// taken 2 MB (it then waits for more: its input is idle, and its first 4 MiB chunk is not full),
// interrupts it and checks the contract: the scan ends (see interruptLimit), exit status 130,
// every output closed under its final name (no temporary file left) and readable, holding whole
// games only, the first games of the input in order, and a summary that says the scan was
// interrupted. Before, the scan waited for the pipe to close. The test cannot finish early: the
// input never ends. Every core is loaded meanwhile: before issue 27, standard output refused
// every write 0.3 s after the signal, so on a busy machine the summary and the rows still to
// write were lost (6 of 6 runs).
func TestInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := buildBinary(t)
	text := sampleText(t)
	loadCPU(t)
	// SIGINT: the summary goes to standard output; SIGTERM: the games rows do (CSV), and the
	// summary to a file. Either must reach the reader whole.
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			f, g, e := filepath.Join(dir, "f.parquet"), filepath.Join(dir, "g.parquet"), filepath.Join(dir, "e.csv")
			gamesOut, summaryOut, summaryFile := g, "-", filepath.Join(dir, "summary.txt")
			if sig == syscall.SIGTERM {
				gamesOut, summaryOut, g = "-", summaryFile, filepath.Join(dir, "g.csv")
			}
			cmd := exec.Command(bin, "scan", "--edition", "auto,lichess", "-j", "1", "-o", f, "--games", gamesOut, "--errors", e,
				"--summary", summaryOut, "--progress", "never", "-")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			fd := startFed(t, cmd, text, 2<<20, false)
			fd.settled(t, 2<<20, 200*time.Millisecond)
			code, took := signalAndWait(t, cmd, sig)
			if code != exitInterrupted {
				t.Fatalf("exit %d, want %d\nstderr: %s", code, exitInterrupted, stderr.String())
			}
			if took > interruptLimit {
				t.Errorf("the scan ended %v after the signal, want within %v", took, interruptLimit)
			}
			if stderr.Len() != 0 {
				t.Errorf("stderr: %q", stderr.String())
			}
			noFiles(t, dir, "f.parquet", "g.parquet", "e.csv", "summary.txt")
			sum := stdout.String()
			if gamesOut == "-" {
				if err := os.WriteFile(g, stdout.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				b, err := os.ReadFile(summaryFile)
				if err != nil {
					t.Fatal(err)
				}
				sum = string(b)
			}

			games := readRows[report.Game](t, g)
			findings := readRows[report.Finding](t, f)
			errs := readRows[report.Error](t, e)
			// Whole games: both editions of every game judged, the errors row of every
			// game not read whole, and the games form a prefix 0..k-1 of the input.
			k := accountFor(t, "interrupted scan", games, errs, -1)
			if k == 0 {
				t.Fatal("no game written before the interrupt")
			}
			editions := map[int64]map[string]bool{}
			for i, row := range games {
				if i > 0 && row.GameIndex < games[i-1].GameIndex {
					t.Fatalf("games rows out of order at %d", i)
				}
				if editions[row.GameIndex] == nil {
					editions[row.GameIndex] = map[string]bool{}
				}
				editions[row.GameIndex][row.Edition] = true
			}
			for idx, eds := range editions {
				if len(eds) != 2 || !eds["lichess"] {
					t.Fatalf("game %d has games rows for %v, want its auto edition and lichess", idx, eds)
				}
			}
			for _, row := range findings {
				if editions[row.GameIndex] == nil || !editions[row.GameIndex][row.Edition] {
					t.Fatalf("finding for game %d under %s, which has no games row", row.GameIndex, row.Edition)
				}
			}
			if !strings.Contains(sum, "interrupted") || !strings.Contains(sum, "stopped") {
				t.Errorf("the summary does not say the scan was interrupted and where it stopped:\n%s", sum)
			}
			if !strings.Contains(sum, "Games: "+fmtCount(k)+" read") {
				t.Errorf("the summary does not count the %d games written:\n%s", k, sum)
			}
			t.Logf("%v: %d games written, ended %v after the signal", sig, k, took.Round(time.Millisecond))
		})
	}
}

// TestInterruptStalledStdout: the games go to standard output, whose reader stops reading; the
// scan blocks writing. SIGTERM must still end it within a second with exit 130, the files closed
// and readable, and the summary (in a file) saying it was interrupted. Before, the scan waited
// for the reader for ever.
func TestInterruptStalledStdout(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := buildBinary(t)
	loadCPU(t)
	dir := t.TempDir()
	f, e, sum := filepath.Join(dir, "f.parquet"), filepath.Join(dir, "e.csv"), filepath.Join(dir, "summary.txt")
	cmd := exec.Command(bin, "scan", "--edition", "auto,lichess", "-j", "1", "-o", f, "--games", "-", "--errors", e,
		"--summary", sum, "--progress", "never", "-")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe() // never read
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	fd := startFed(t, cmd, sampleText(t), 64<<20, false)
	// 4 MB of games give some 3 MB of games rows: far more than the writer's 1 MiB buffer and
	// the pipe's 64 KiB, so the scan is stuck writing when the feed stops being taken (with
	// chunks of 1 MiB it settles after taking about 6 MB).
	fd.settled(t, 4<<20, 300*time.Millisecond)
	code, took := signalAndWait(t, cmd, syscall.SIGTERM)
	if code != exitInterrupted {
		t.Fatalf("exit %d, want %d\nstderr: %s", code, exitInterrupted, stderr.String())
	}
	if took > interruptLimit {
		t.Errorf("the scan ended %v after the signal, want within %v", took, interruptLimit)
	}
	noFiles(t, dir, "f.parquet", "e.csv", "summary.txt")
	readRows[report.Finding](t, f)
	readRows[report.Error](t, e)
	if b, err := os.ReadFile(sum); err != nil || !strings.Contains(string(b), "interrupted") {
		t.Errorf("summary (%v):\n%s", err, b)
	}
	t.Logf("took %d MB, ended %v after the signal", fd.taken.Load()>>20, took.Round(time.Millisecond))
}

// TestClosedStdout: `scan -o - | head -1`: once the reader of standard output is gone, the scan
// ends cleanly: exit 1 with one line that says so, no temporary file left. Before, it died of
// SIGPIPE (status 141) and left its temporary files behind.
func TestClosedStdout(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	cmd := exec.Command(bin, "scan", "-j", "1", "-o", "-", "--games", filepath.Join(dir, "g.csv"), "--progress", "never", "-")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	startFed(t, cmd, sampleText(t), 6<<20, true)
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "source,") {
		t.Fatalf("first line %q (%v)", line, err)
	}
	out.Close() // as head does after its line
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitFailure {
		t.Fatalf("wait: %v, want exit %d\nstderr: %s", err, exitFailure, stderr.String())
	}
	oneLine(t, result{code: exit.ExitCode(), stderr: stderr.String()}, "broken pipe")
	noFiles(t, dir, "g.csv") // no temporary file; the games file, closed before, may stay
}

// loadCPU keeps every core busy until the test ends, with two processes a core that do nothing
// but spin (as a laptop compiling or a second scan would): the interrupt contract must hold on a
// loaded machine, where the scan takes longer than any grace to finish after the signal.
func loadCPU(t *testing.T) {
	t.Helper()
	for range 2 * runtime.NumCPU() {
		hog := exec.Command("sh", "-c", "while :; do :; done")
		if err := hog.Start(); err != nil {
			t.Fatalf("starting a CPU hog: %v", err)
		}
		t.Cleanup(func() {
			hog.Process.Kill()
			hog.Wait()
		})
	}
}

// fmtCount writes n with thousands separators, as the summary does.
func fmtCount(n int64) string {
	s := strconv.FormatInt(n, 10)
	var out []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

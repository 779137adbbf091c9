package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pgnscan/pgnscan/internal/report"
)

// bigInput returns a large archive to interrupt: the OTB corpus (344,085 games, several
// seconds to scan) when present, else the sample's games repeated into a file of about 100 MB
// (without its TCEC games, whose long comments take little time to read).
func bigInput(t *testing.T) string {
	t.Helper()
	p := filepath.Join(repoRoot(t), "..", "shared", "corpus", "otb-masters.pgn.zst")
	if _, err := os.Stat(p); err == nil {
		return p
	}
	data, err := os.ReadFile(testdataPath(t, "sample.pgn.zst"))
	if err != nil {
		t.Fatal(err)
	}
	frames := decodeFrames(t, data)
	text := bytes.Join(frames[:len(frames)-1], nil)
	p = filepath.Join(t.TempDir(), "big.pgn")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	for written := 0; written < 100<<20; written += len(text) {
		if _, err := f.Write(text); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestInterrupt starts a scan of a large input in a subprocess, interrupts it once its outputs
// exist and a second has passed, and checks the contract: exit status 130, every output closed
// under its final name (no temporary file left) and readable, holding whole games only, the
// first games of the input in order, and a summary that says the scan was interrupted.
func TestInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and scans a large input")
	}
	bin := buildBinary(t)
	input := bigInput(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			f, g, e := filepath.Join(dir, "f.parquet"), filepath.Join(dir, "g.parquet"), filepath.Join(dir, "e.csv")
			cmd := exec.Command(bin, "scan", "--edition", "auto,lichess", "-j", "1", "-o", f, "--games", g, "--errors", e,
				"--summary", "-", "--progress", "never", input)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			for { // the outputs exist (under temporary names) once the scan has begun
				entries, _ := os.ReadDir(dir)
				if len(entries) >= 3 || time.Since(start) > 10*time.Second {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			time.Sleep(time.Second)
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			code := 0
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				code = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code == 0 {
				t.Skipf("the scan finished in %v, before the signal", time.Since(start))
			}
			if code != exitInterrupted {
				t.Fatalf("exit %d, want %d\nstderr: %s", code, exitInterrupted, stderr.String())
			}
			if stderr.Len() != 0 {
				t.Errorf("stderr: %q", stderr.String())
			}
			noFiles(t, dir, "f.parquet", "g.parquet", "e.csv")

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
			sum := stdout.String()
			if strings.Contains(sum, " complete\n") {
				// The signal came after the last chunk was read (a loaded machine, the smaller
				// fallback input): the scan had nothing left to stop.
				t.Skipf("the input was read whole before the signal:\n%s", sum)
			}
			if !strings.Contains(sum, "interrupted") || !strings.Contains(sum, "stopped at") {
				t.Errorf("the summary does not say the scan was interrupted and where it stopped:\n%s", sum)
			}
			if !strings.Contains(sum, "Games: "+fmtCount(k)+" read") {
				t.Errorf("the summary does not count the %d games written:\n%s", k, sum)
			}
			t.Logf("%v: %d games written in %v", sig, k, time.Since(start).Round(time.Millisecond))
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

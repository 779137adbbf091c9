package main

import (
	"bufio"
	"context"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/beam/pipeline"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/scan"
)

// readmeBeamCommands returns the pgnscan-beam commands of beam/README.md's ```sh blocks (their
// continuation lines joined, comments cut) and of the runners' table of the repository's
// README.md (the cells in backquotes), as the words after the program's name.
func readmeBeamCommands(t *testing.T) [][]string {
	t.Helper()
	var lines []string
	for _, name := range []string{"../../README.md", "../../../README.md"} {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		fenced, pending := false, ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "```"):
				fenced = !fenced && line == "```sh"
			case fenced:
				line, _, _ = strings.Cut(line, " #")
				if rest, ok := strings.CutSuffix(strings.TrimSpace(line), `\`); ok {
					pending += rest + " "
					continue
				}
				lines = append(lines, pending+line)
				pending = ""
			case strings.HasPrefix(line, "| "):
				for _, m := range regexp.MustCompile("`([^`]*pgnscan-beam [^`]*)`").FindAllStringSubmatch(line, -1) {
					lines = append(lines, m[1])
				}
			}
		}
		f.Close()
	}
	var cmds [][]string
	for _, line := range lines {
		words := strings.Fields(line)
		for i, w := range words {
			if (w == "./pgnscan-beam" || w == "pgnscan-beam" || w == "./cmd/pgnscan-beam") && (i == 0 || words[i-1] == "run") {
				cmds = append(cmds, words[i+1:])
				break
			}
		}
	}
	return cmds
}

// TestReadmeCommands: every pgnscan-beam command of the READMEs parses as written (each flag
// is the command's or Beam's); those on Prism (no --runner) run as written, in a folder where
// the lichess month is testdata/sample.pgn.zst and archives/ holds it, and write the tables
// they name, the summary readable by pgnscan report (the shards' summaries); those of
// Dataflow and Flink pass the runner checks (nothing is submitted: no cloud, no cluster here).
// The go build and go test commands are left to the builds and the tests themselves.
func TestReadmeCommands(t *testing.T) {
	sample, err := filepath.Abs("../../../testdata/sample.pgn.zst")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(sample)
	if err != nil {
		t.Fatal(err)
	}
	cmds := readmeBeamCommands(t)
	if len(cmds) < 5 {
		t.Fatalf("%d pgnscan-beam commands found in the READMEs, want at least 5: %q", len(cmds), cmds)
	}
	ran := 0
	for _, args := range cmds {
		resetFlags(t)
		var f flags
		fs := flag.NewFlagSet("pgnscan-beam", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		f.register(fs)
		flag.CommandLine.VisitAll(func(fl *flag.Flag) {
			if fs.Lookup(fl.Name) == nil {
				fs.Var(fl.Value, fl.Name, fl.Usage)
			}
		})
		if err := fs.Parse(args); err != nil {
			t.Errorf("%q: %v", args, err)
			continue
		}
		if fs.NArg() == 0 || f.outs.Findings == "" {
			t.Errorf("%q: no INPUT or no -o", args)
			continue
		}
		if r := flag.Lookup("runner").Value.String(); r != "" {
			if err := checkRunner(); err != nil {
				t.Errorf("%q: %v", args, err)
			}
			continue
		}
		dir := t.TempDir()
		t.Chdir(dir)
		for _, p := range []string{"lichess_db_standard_rated_2025-05.pgn.zst", "archives/sample.pgn.zst"} {
			os.MkdirAll(filepath.Dir(p), 0o777)
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		f.shardSize = min(f.shardSize, 64<<10) // several shards of the small sample
		var stderr strings.Builder
		if err := run(context.Background(), f, fs.Args(), io.Discard, &stderr); err != nil {
			t.Errorf("%q: %v", args, err)
			continue
		}
		ran++
		if !strings.Contains(stderr.String(), "Games: ") {
			t.Errorf("%q: no summary on standard error:\n%s", args, stderr.String())
		}
		outs := pipeline.Outputs{Findings: f.outs.Findings, Games: f.outs.Games, Errors: f.outs.Errors}
		for _, dir := range []string{outs.Findings, outs.Games} {
			if dir == "" {
				continue
			}
			parts, _ := filepath.Glob(filepath.Join(dir, "edition=*", "part-*.parquet"))
			if len(parts) < 2 {
				t.Errorf("%q: %d part files in %s, want one per shard", args, len(parts), dir)
			}
		}
		if _, err := report.ReadSummaryJSON(mustGlob(t, filepath.Join(outs.Findings, "_summary-*.json")), scan.Names()); err != nil {
			t.Errorf("%q: %v", args, err)
		}
		if outs.Errors != "" {
			if err := report.ReadRows(outs.Errors, func(*report.Error) error { return nil }); err != nil {
				t.Errorf("%q: %v", args, err)
			}
		}
	}
	resetFlags(t)
	if ran < 2 {
		t.Errorf("%d Prism commands ran, want at least 2", ran)
	}
}

// mustGlob returns the first file matching pattern.
func mustGlob(t *testing.T, pattern string) string {
	t.Helper()
	m, _ := filepath.Glob(pattern)
	if len(m) == 0 {
		t.Fatalf("no file %s", pattern)
	}
	return m[0]
}

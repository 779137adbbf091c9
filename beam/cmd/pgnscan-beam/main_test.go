package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"

	"github.com/pgnscan/pgnscan/beam/internal/beamtest"
	"github.com/pgnscan/pgnscan/beam/pipeline"
)

// TestMain runs the tests in a temporary directory of their own (beamtest.Main).
func TestMain(m *testing.M) { beamtest.Main(m) }

// TestRunnerFlags: an unknown runner, and Dataflow, Flink or Spark without the settings they
// need, are usage errors naming what is missing, before any input is read.
func TestRunnerFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // in the error; "" for none
	}{
		{[]string{"--runner", "prism"}, ""},
		{[]string{"--runner", "direct"}, ""},
		{[]string{"--runner", "hadoop"}, `--runner "hadoop": want one of`},
		{[]string{"--runner", "dot"}, `want one of`},
		{[]string{"--runner", "dataflow", "--project", "p", "--region", "r"}, "--staging_location (gs://...), --worker_binary"},
		{[]string{"--runner", "dataflow", "--project", "p", "--region", "r", "--staging_location", "/tmp/x", "--worker_binary", "w"}, "--staging_location"},
		{[]string{"--runner", "dataflow", "--region", "r", "--staging_location", "gs://b/s", "--worker_binary", "w"}, "needs --project"},
		{[]string{"--runner", "dataflow", "--project", "p", "--region", "r", "--staging_location", "gs://b/s", "--worker_binary", "w"}, ""},
		{[]string{"--runner", "flink"}, "--runner flink needs --endpoint"},
		{[]string{"--runner", "spark", "--endpoint", "localhost:8099"}, ""},
	} {
		resetFlags(t)
		if err := flag.CommandLine.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		err := checkRunner()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: %v", c.args, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q: err %v, want one saying %q", c.args, err, c.want)
		}
	}
	resetFlags(t)
}

// TestRunUsage: no input, and a bad runner, are usage errors (exit 2).
func TestRunUsage(t *testing.T) {
	resetFlags(t)
	var out bytes.Buffer
	if err := run(context.Background(), flags{outs: pipeline.Outputs{Findings: t.TempDir()}}, nil, &out, &out); !errors.Is(err, pipeline.ErrUsage) {
		t.Errorf("no input: err %v, want a usage error", err)
	}
	if err := flag.CommandLine.Parse([]string{"--runner", "nope"}); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), flags{outs: pipeline.Outputs{Findings: t.TempDir()}}, []string{"x.pgn"}, &out, &out); !errors.Is(err, pipeline.ErrUsage) {
		t.Errorf("bad runner: err %v, want a usage error", err)
	}
	resetFlags(t)
}

// resetFlags sets Beam's flags that the tests change back to their defaults.
func resetFlags(t *testing.T) {
	t.Helper()
	for _, name := range []string{"runner", "project", "region", "staging_location", "worker_binary", "endpoint",
		"environment_type", "num_workers", "worker_machine_type"} {
		f := flag.Lookup(name)
		if f == nil {
			t.Fatalf("no flag --%s: Beam's flags moved", name)
		}
		if err := f.Value.Set(f.DefValue); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPrintPlan: --print-plan prints the counted shards of the inputs, which pgnscan scan
// --shard reads: the plan of a 3-game file cut into 2 shards, each with its first game's
// index, offset and line after '+' (worked by hand from the text).
func TestPrintPlan(t *testing.T) {
	in := filepath.Join(t.TempDir(), "three.pgn")
	text := "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n\n[Event \"c\"]\n\n1. c4 *\n"
	if err := os.WriteFile(in, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(context.Background(), flags{printPlan: true, shardSize: 30}, []string{in}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	// Games start at bytes 0, 22 and 44 (lines 1, 5, 9) of 65; shards are bytes 0-30, 30-60
	// and 60-65. The last owns no game: its first is the file's game count, at the end.
	want := []string{
		fmt.Sprintf("text:%s@0-30+0,0,1", in),
		fmt.Sprintf("text:%s@30-60+2,44,9", in),
		fmt.Sprintf("text:%s@60-65+3,65,", in),
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || !strings.HasPrefix(got[2], want[2]) {
		t.Errorf("plan:\n%s\nwant:\n%s (then a line)", out.String(), strings.Join(want, "\n"))
	}
}

// TestHelpGroupsFlags: --help lists pgnscan-beam's own flags first, apart from Beam's, and the
// shards scanned at once are --concurrent-shards, not a --parallel that reads like Beam's
// --parallelism (issue 27).
func TestHelpGroupsFlags(t *testing.T) {
	var f flags
	own := ownFlags(&f)
	var b strings.Builder
	usage(&b, own)
	help := b.String()
	beamAt := strings.Index(help, "Apache Beam's flags")
	if beamAt < 0 {
		t.Fatalf("no section of Beam's flags:\n%s", help)
	}
	mine, theirs := help[:beamAt], help[beamAt:]
	for _, name := range []string{"-edition", "-games", "-errors", "-concurrent-shards", "-shard-size", "-v\t"} {
		if !strings.Contains(mine, "  "+name) || strings.Contains(theirs, "  "+name+" ") {
			t.Errorf("%s is not listed among pgnscan-beam's own flags alone", name)
		}
	}
	for _, name := range []string{"-runner", "-parallelism", "-project"} {
		if !strings.Contains(theirs, "  "+name+" ") || strings.Contains(mine, "  "+name+" ") {
			t.Errorf("%s is not listed among Beam's flags alone", name)
		}
	}
	if strings.Contains(help, "  -parallel ") {
		t.Errorf("a --parallel flag is still listed")
	}
}

// TestBeamLogsQuiet: Beam's INFO logs are off unless -v.
func TestBeamLogsQuiet(t *testing.T) {
	defer quietBeam(false)
	for _, verbose := range []bool{false, true} {
		quietBeam(verbose)
		beamlog.SetupLoggingWithDefault()
		if got := slog.Default().Enabled(context.Background(), slog.LevelInfo); got != verbose {
			t.Errorf("-v=%v: INFO logs enabled: %v", verbose, got)
		}
		if !slog.Default().Enabled(context.Background(), slog.LevelWarn) {
			t.Errorf("-v=%v: warnings are off", verbose)
		}
	}
}

package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/beam/pipeline"
)

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
	if err := run(context.Background(), flags{out: t.TempDir()}, nil, &out); !errors.Is(err, pipeline.ErrUsage) {
		t.Errorf("no input: err %v, want a usage error", err)
	}
	if err := flag.CommandLine.Parse([]string{"--runner", "nope"}); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), flags{out: t.TempDir()}, []string{"x.pgn"}, &out); !errors.Is(err, pipeline.ErrUsage) {
		t.Errorf("bad runner: err %v, want a usage error", err)
	}
	resetFlags(t)
}

// resetFlags sets Beam's flags that the tests change back to their defaults.
func resetFlags(t *testing.T) {
	t.Helper()
	for _, name := range []string{"runner", "project", "region", "staging_location", "worker_binary", "endpoint"} {
		f := flag.Lookup(name)
		if f == nil {
			t.Fatalf("no flag --%s: Beam's flags moved", name)
		}
		if err := f.Value.Set(f.DefValue); err != nil {
			t.Fatal(err)
		}
	}
}

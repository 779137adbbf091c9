// Package beamtest holds what the beam module's test programs share.
package beamtest

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
)

// Main is a TestMain: it initialises Beam and runs the tests of m with TMPDIR set to a new
// directory, removed when they end. What the tests leave in the temporary directory goes there,
// not into the machine's /tmp for good: the Beam SDK creates an empty file for every loopback
// pipeline run and never removes it (runnerlib.Execute), and the tests build pgnscan there.
func Main(m *testing.M) {
	flag.Parse()
	beam.Init()
	os.Exit(runInTempDir(m))
}

// runInTempDir runs the tests of m with TMPDIR set to a new directory and removes it after them,
// returning the tests' exit code.
func runInTempDir(m *testing.M) int {
	dir, err := os.MkdirTemp("", "pgnscan-beam-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, "beamtest:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	if err := os.Setenv("TMPDIR", dir); err != nil {
		fmt.Fprintln(os.Stderr, "beamtest:", err)
		return 1
	}
	return m.Run()
}

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
)

// The end-to-end tests of the command. Most call run in-process, exactly as main does; the
// interrupt test runs the built binary in a subprocess (see buildBinary).
//
// Inputs: testdata/sample.pgn.zst (built from testdata/cases.pgn and corpus slices, see
// sample_test.go and testdata/README.md) and the real archives of ../shared/corpus, found
// beside the repository root; tests that need the corpus skip when it is absent.

// repoRoot is the repository root, two levels above this package.
func repoRoot(t testing.TB) string {
	t.Helper()
	abs, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// testdataPath returns a path under the repository's testdata folder.
func testdataPath(t testing.TB, name string) string {
	return filepath.Join(repoRoot(t), "testdata", name)
}

// result is what one run of the command gave.
type result struct {
	code           int
	stdout, stderr string
}

// pgnscan runs the command in-process with args and no standard input.
func pgnscan(t testing.TB, args ...string) result {
	t.Helper()
	return pgnscanStdin(t, nil, args...)
}

// pgnscanStdin runs the command in-process with args, reading stdin for "-".
func pgnscanStdin(t testing.TB, stdin []byte, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(process{append([]string{"pgnscan"}, args...), os.Getenv}, bytes.NewReader(stdin), &out, &errb)
	return result{code: code, stdout: out.String(), stderr: errb.String()}
}

// mustScan runs the command and fails the test unless it exits with status 0.
func mustScan(t testing.TB, args ...string) result {
	t.Helper()
	r := pgnscan(t, args...)
	if r.code != 0 {
		t.Fatalf("pgnscan %s: exit %d\nstderr:\n%s", strings.Join(args, " "), r.code, r.stderr)
	}
	return r
}

// readRows reads every row of a findings, games or errors file.
func readRows[R report.Row](t testing.TB, path string) []R {
	t.Helper()
	var rows []R
	if err := report.ReadRows(path, func(r *R) error {
		rows = append(rows, *r)
		return nil
	}); err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	return rows
}

// lines returns the non-empty lines of s.
func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

var binary struct {
	once sync.Once
	path string
	err  error
	out  []byte
}

// buildBinary builds the command once per test process into a temporary folder and returns
// its path. The folder is removed by TestMain.
func buildBinary(t testing.TB) string {
	t.Helper()
	binary.once.Do(func() {
		dir, err := os.MkdirTemp("", "pgnscan-test-bin-")
		if err != nil {
			binary.err = err
			return
		}
		binary.path = filepath.Join(dir, "pgnscan")
		cmd := exec.Command("go", "build", "-o", binary.path, ".")
		binary.out, binary.err = cmd.CombinedOutput()
	})
	if binary.err != nil {
		t.Fatalf("go build: %v\n%s", binary.err, binary.out)
	}
	return binary.path
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binary.path != "" {
		os.RemoveAll(filepath.Dir(binary.path))
	}
	os.Exit(code)
}

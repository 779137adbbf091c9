package report

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestCreateFileRemovesStaleTemps: the temporary files a killed run left for the same path are
// removed when their PID is no running process, and kept when it runs (another scan may be
// writing) or when they belong to another path.
func TestCreateFileRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f[1].csv") // glob characters in the name are taken literally
	const gone = 1<<22 + 1                 // above Linux's highest PID (pid_max is at most 2^22)
	live := os.Getppid()
	stale := []string{".f[1].csv." + strconv.Itoa(gone) + ".tmp", ".f[1].csv." + strconv.Itoa(gone) + "-3.tmp"}
	kept := []string{".f[1].csv." + strconv.Itoa(live) + ".tmp", ".g.csv." + strconv.Itoa(gone) + ".tmp", ".f[1].csv.notapid.tmp"}
	for _, n := range append(append([]string{}, stale...), kept...) {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := CreateFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("new")); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	for _, n := range stale {
		if _, err := os.Stat(filepath.Join(dir, n)); !os.IsNotExist(err) {
			t.Errorf("stale %s not removed (%v)", n, err)
		}
	}
	for _, n := range kept {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s removed: %v", n, err)
		}
	}
	if got, _ := os.ReadFile(path); string(got) != "new" {
		t.Errorf("final file holds %q", got)
	}
}

package report

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// entries lists the names in dir.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestTemporaryNameThenRename(t *testing.T) {
	_, _, finds := fixtureRows()
	for _, name := range []string{"out.parquet", "out.csv"} {
		dir := t.TempDir()
		path := filepath.Join(dir, name)
		w, err := Create[Finding](path, Options{BatchRows: 2})
		if err != nil {
			t.Fatal(err)
		}
		for i := range finds {
			if err := w.Write(&finds[i]); err != nil {
				t.Fatal(err)
			}
		}
		// Before Close: no file under the final name, one hidden temporary
		// file beside it.
		if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s exists before Close (%v)", name, err)
		}
		names := entries(t, dir)
		if len(names) != 1 || !strings.HasPrefix(names[0], "."+name+".") || !strings.HasSuffix(names[0], ".tmp") {
			t.Errorf("folder holds %q before Close, want one .%s.*.tmp", names, name)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if names := entries(t, dir); len(names) != 1 || names[0] != name {
			t.Errorf("folder holds %q after Close, want only %s", names, name)
		}
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm()&0o044 == 0 {
			t.Errorf("mode %v: the output should be readable by others like any new file (0666 less umask)", fi.Mode())
		}
		// Abort after Close keeps the file; Close again is a no-op.
		if err := w.Abort(); err != nil {
			t.Error(err)
		}
		if err := w.Close(); err != nil {
			t.Error(err)
		}
		if _, err := os.Stat(path); err != nil {
			t.Errorf("Abort after Close removed the output: %v", err)
		}
	}
}

func TestAbortLeavesNothing(t *testing.T) {
	_, _, finds := fixtureRows()
	for _, name := range []string{"out.parquet", "out.csv"} {
		dir := t.TempDir()
		path := filepath.Join(dir, name)
		// An existing file under the final name stays as it was.
		if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
		w, err := Create[Finding](path, Options{BatchRows: 2})
		if err != nil {
			t.Fatal(err)
		}
		for i := range finds {
			if err := w.Write(&finds[i]); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Abort(); err != nil {
			t.Fatal(err)
		}
		if names := entries(t, dir); len(names) != 1 || names[0] != name {
			t.Errorf("folder holds %q after Abort, want only the old %s", names, name)
		}
		if b, _ := os.ReadFile(path); string(b) != "old" {
			t.Errorf("Abort changed the existing file: %q", b)
		}
		if err := w.Write(&finds[0]); err == nil {
			t.Error("Write after Abort succeeded")
		}
		if err := w.Close(); err == nil {
			t.Error("Close after Abort succeeded")
		}
		if names := entries(t, dir); len(names) != 1 {
			t.Errorf("Close after Abort left %q", names)
		}
	}
}

func TestUnwritableOutputPath(t *testing.T) {
	dir := t.TempDir()
	notDir := filepath.Join(dir, "plain")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := map[string]error{
		filepath.Join(dir, "missing", "findings.parquet"): fs.ErrNotExist,
		filepath.Join(notDir, "findings.csv"):             syscall.ENOTDIR,
	}
	// A folder without write permission (root ignores permissions).
	if os.Geteuid() != 0 {
		ro := filepath.Join(dir, "ro")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		cases[filepath.Join(ro, "findings.parquet")] = fs.ErrPermission
	}
	for path, cause := range cases {
		_, err := Create[Finding](path, Options{})
		var oe *OutputError
		if !errors.As(err, &oe) || oe.Path != path || !errors.Is(err, cause) {
			t.Errorf("Create(%s): %v, want an *OutputError for that path caused by %v", path, err, cause)
			continue
		}
		if !strings.Contains(err.Error(), path) || strings.Contains(err.Error(), ".tmp") {
			t.Errorf("message %q should name %s and not the temporary file", err, path)
		}
	}
	// A directory under the output name is refused at once, not at the
	// final rename after a long scan.
	sub := filepath.Join(dir, "out.csv")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Create[Game](sub, Options{}); err == nil || !strings.Contains(err.Error(), sub) {
		t.Errorf("Create on a directory: %v", err)
	}
	for _, n := range entries(t, dir) {
		if strings.HasSuffix(n, ".tmp") {
			t.Errorf("temporary file %s left behind", n)
		}
	}
}

func TestUnknownExtension(t *testing.T) {
	for _, path := range []string{"findings.json", "findings", "findings.parquet.gz", filepath.Join(t.TempDir(), "x.tsv")} {
		_, err := Create[Finding](path, Options{})
		var fe *FormatError
		if !errors.Is(err, ErrUnknownFormat) || !errors.As(err, &fe) || fe.Path != path {
			t.Errorf("Create(%q): %v, want ErrUnknownFormat naming the path", path, err)
		}
		if _, err := ReadSummary(path, testNames); !errors.Is(err, ErrUnknownFormat) {
			t.Errorf("ReadSummary(%q, testNames): %v, want ErrUnknownFormat", path, err)
		}
	}
	for path, want := range map[string]Format{"-": CSV, "a.CSV": CSV, "dir.d/a.Parquet": Parquet, "x.csv": CSV} {
		if got, err := FormatOf(path); got != want || err != nil {
			t.Errorf("FormatOf(%q) = %v, %v; want %v", path, got, err, want)
		}
	}
}

// Disk full on standard output: /dev/full fails every write with ENOSPC.
func TestWriteErrorOnStdout(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full on this system")
	}
	defer full.Close()
	_, _, finds := fixtureRows()
	w, err := Create[Finding]("-", Options{Stdout: full})
	if err != nil {
		t.Fatal(err)
	}
	for i := range finds {
		w.Write(&finds[i])
	}
	err = w.Close()
	var oe *OutputError
	if !errors.As(err, &oe) || oe.Path != "-" || !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("Close: %v, want an *OutputError for - caused by ENOSPC", err)
	}
}

// failWriter fails every write after the first n bytes, like a disk filling up.
type failWriter struct{ n int }

var errDiskFull = errors.New("test: disk full")

func (f *failWriter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		k := f.n
		f.n = 0
		return k, errDiskFull
	}
	f.n -= len(p)
	return len(p), nil
}

// A write error into the file (injected beneath the buffers) is reported
// with the output path, from Write once it shows, else from Close; no file
// is left under either name.
func TestWriteErrorOnFile(t *testing.T) {
	_, _, finds := fixtureRows()
	for _, name := range []string{"out.parquet", "out.csv"} {
		for _, room := range []int{0, 100, 5000} {
			dir := t.TempDir()
			path := filepath.Join(dir, name)
			w, err := Create[Finding](path, Options{BatchRows: 1000})
			if err != nil {
				t.Fatal(err)
			}
			w.dst.w = &failWriter{n: room}
			var werr error
			for i := 0; i < 20000 && werr == nil; i++ {
				werr = w.Write(&finds[i%len(finds)])
			}
			cerr := w.Close()
			for _, err := range []error{werr, cerr} {
				if err == nil {
					continue
				}
				var oe *OutputError
				if !errors.As(err, &oe) || oe.Path != path || !errors.Is(err, errDiskFull) {
					t.Errorf("%s room %d: %v, want an *OutputError for %s caused by the disk error", name, room, err, path)
				}
			}
			if cerr == nil {
				t.Errorf("%s room %d: Close succeeded after a write error", name, room)
			}
			// 20,000 CSV rows overflow the 1 MB buffer: the error must show
			// in Write already, and stop the writer.
			if strings.HasSuffix(name, ".csv") && werr == nil {
				t.Errorf("%s room %d: no error from Write after 20,000 rows", name, room)
			}
			if names := entries(t, dir); len(names) != 0 {
				t.Errorf("%s room %d: left %q", name, room, names)
			}
		}
	}
}

// An empty table is a valid file with the header or schema only.
func TestEmptyTables(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"e.parquet", "e.csv"} {
		path := filepath.Join(dir, name)
		writeAll[Finding](t, path, Options{}, nil)
		n := 0
		if err := ReadRows(path, func(*Finding) error { n++; return nil }); err != nil || n != 0 {
			t.Errorf("%s: %d rows, %v", name, n, err)
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, "e.csv"))
	if want := strings.Join(columnNames[Finding](), ",") + "\n"; string(b) != want {
		t.Errorf("empty CSV = %q, want the header only", b)
	}
	checkParquetTable(t, filepath.Join(dir, "e.parquet"), contractFindings, nil)
}

func TestShellQuote(t *testing.T) {
	got := shellQuote([]string{"pgnscan", "scan", "--edition", "auto,lichess", "it's here", "", "a b"})
	want := `pgnscan scan --edition auto,lichess 'it'\''s here' '' 'a b'`
	if got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

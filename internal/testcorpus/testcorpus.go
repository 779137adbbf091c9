// Package testcorpus finds the shared game collections for tests and benchmarks: the folder
// shared/corpus beside the repository (../shared/corpus from its root), laid there for
// developers and CI, and the other shared inputs (SharedPath). Outside CI every function skips
// the test when the files are absent, so a checkout without them still passes; in CI (the
// environment variable CI set to true, as .ci/run and CI services do) it fails the test
// instead, so that a missing corpus cannot turn a run green by skipping. Only tests import this
// package.
package testcorpus

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// InCI reports whether the tests run in CI: the environment variable CI is a true value.
func InCI() bool {
	ci, err := strconv.ParseBool(os.Getenv("CI"))
	return err == nil && ci
}

// Missing stops tb for a shared input that is absent: it skips the test, or in CI fails it.
func Missing(tb testing.TB, format string, args ...any) {
	tb.Helper()
	if InCI() {
		tb.Fatalf("CI=true and a shared test input is missing: "+format, args...)
	}
	tb.Skipf(format, args...)
}

// shared returns the folder shared beside the repository.
func shared(tb testing.TB) string {
	tb.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		Missing(tb, "corpus: cannot tell where the repository is")
	}
	// This file is <repo>/internal/testcorpus/testcorpus.go.
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "shared")
}

// SharedPath returns the path of rel (slash-separated) in the shared folder beside the
// repository, such as "unwinnable/labelled-dev.txt"; when it is absent it skips tb, or in CI
// fails it.
func SharedPath(tb testing.TB, rel string) string {
	tb.Helper()
	p := filepath.Join(shared(tb), filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		Missing(tb, "shared file %s not found (the shared folder beside the repository): %v", p, err)
	}
	return p
}

// Dir returns the corpus folder; when it is absent it skips tb, or in CI fails it.
func Dir(tb testing.TB) string {
	tb.Helper()
	dir := filepath.Join(shared(tb), "corpus")
	if _, err := os.Stat(filepath.Join(dir, "README.md")); err != nil {
		Missing(tb, "corpus not found at %s (the shared folder beside the repository): %v", dir, err)
	}
	return dir
}

// Archives returns the names of the corpus's PGN archives (.pgn and .pgn.zst), in name order;
// when the corpus is absent it skips tb, or in CI fails it.
func Archives(tb testing.TB) []string {
	tb.Helper()
	entries, err := os.ReadDir(Dir(tb))
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, ".pgn") || strings.HasSuffix(n, ".pgn.zst") {
			out = append(out, n)
		}
	}
	return out
}

// Path returns the path of the named corpus file; when it is absent it skips tb, or in CI
// fails it.
func Path(tb testing.TB, name string) string {
	tb.Helper()
	p := filepath.Join(Dir(tb), name)
	if _, err := os.Stat(p); err != nil {
		Missing(tb, "corpus file %s not found: %v", name, err)
	}
	return p
}

// Open opens the named corpus file for streaming, decompressing a .zst file; the caller closes
// it. When the file is absent it skips tb, or in CI fails it.
func Open(tb testing.TB, name string) io.ReadCloser {
	tb.Helper()
	f, err := os.Open(Path(tb, name))
	if err != nil {
		tb.Fatal(err)
	}
	if !strings.HasSuffix(name, ".zst") {
		return f
	}
	d, err := zstd.NewReader(f, zstd.WithDecoderConcurrency(1))
	if err != nil {
		f.Close()
		tb.Fatal(err)
	}
	return zstdFile{d, f}
}

type zstdFile struct {
	*zstd.Decoder
	f *os.File
}

func (z zstdFile) Close() error {
	z.Decoder.Close()
	return z.f.Close()
}

var cache sync.Map // name -> []byte, decompressed

// Read returns the named corpus file's bytes, decompressed; each file is read once per test
// binary and shared (callers must not modify it). When the file is absent it skips tb, or in
// CI fails it.
func Read(tb testing.TB, name string) []byte {
	tb.Helper()
	if b, ok := cache.Load(name); ok {
		return b.([]byte)
	}
	r := Open(tb, name)
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	cache.Store(name, b)
	return b
}

// Package testcorpus finds the shared game collections for tests and benchmarks: the folder
// shared/corpus beside the repository (../shared/corpus from its root), laid there for
// developers and CI. Every function skips the test when the collections are absent, so a
// checkout without them still passes. Only tests import this package.
package testcorpus

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// Dir returns the corpus folder, or skips tb when it is absent.
func Dir(tb testing.TB) string {
	tb.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		tb.Skip("corpus: cannot tell where the repository is")
	}
	// This file is <repo>/internal/testcorpus/testcorpus.go.
	dir := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "corpus")
	if _, err := os.Stat(filepath.Join(dir, "README.md")); err != nil {
		tb.Skipf("corpus not found at %s (the shared folder beside the repository): %v", dir, err)
	}
	return dir
}

// Path returns the path of the named corpus file, or skips tb when it is absent.
func Path(tb testing.TB, name string) string {
	tb.Helper()
	p := filepath.Join(Dir(tb), name)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("corpus file %s not found: %v", name, err)
	}
	return p
}

// Open opens the named corpus file for streaming, decompressing a .zst file; the caller closes
// it. It skips tb when the file is absent.
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
// binary and shared (callers must not modify it). It skips tb when the file is absent.
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

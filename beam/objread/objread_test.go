package objread

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// fakeGCS serves one object, bucket b, name dir/game.pgn, to the storage client (through
// STORAGE_EMULATOR_HOST) by its media download URLs, honouring Range as a server does
// (http.ServeContent), and counts the requests.
func fakeGCS(t *testing.T, data []byte) *atomic.Int64 {
	t.Helper()
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		p := r.URL.Path
		if !strings.HasSuffix(p, "/b/o/dir%2Fgame.pgn") && !strings.HasSuffix(p, "/b/o/dir/game.pgn") && p != "/b/dir/game.pgn" {
			http.NotFound(w, r)
			return
		}
		http.ServeContent(w, r, "game.pgn", time.Time{}, bytes.NewReader(data))
	}))
	t.Cleanup(srv.Close)
	t.Setenv("STORAGE_EMULATOR_HOST", srv.URL)
	return &requests
}

// TestGCSRangedReads: a gs:// object reads at any offset as the bytes served, its size from
// the first ranged response; reads in order cost one request, a read elsewhere one more;
// reads at and past the end give io.EOF; a missing object is an error naming it.
func TestGCSRangedReads(t *testing.T) {
	data := bytes.Repeat([]byte("[Event \"x\"]\n\n1. e4 e5 *\n\n"), 4000) // 100,000 bytes
	requests := fakeGCS(t, data)
	ctx := context.Background()
	r, size, err := Open(ctx, "gs://b/dir/game.pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer r.(io.Closer).Close()
	if size != int64(len(data)) {
		t.Fatalf("size %d, want %d", size, len(data))
	}
	before := requests.Load()
	got := make([]byte, 0, len(data))
	buf := make([]byte, 7000)
	for off := int64(0); ; {
		n, err := r.ReadAt(buf, off)
		got = append(got, buf[:n]...)
		off += int64(n)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(got, data) {
		t.Fatalf("read %d bytes in order, not the object's %d", len(got), len(data))
	}
	if n := requests.Load() - before; n != 1 {
		t.Errorf("reading in order took %d requests, want 1", n)
	}
	p := make([]byte, 10)
	if n, err := r.ReadAt(p, 26); err != nil || n != 10 || string(p) != string(data[26:36]) {
		t.Errorf("ReadAt(26): %q, %d, %v; want %q", p[:n], n, err, data[26:36])
	}
	if n, err := r.ReadAt(p, size-4); n != 4 || !errors.Is(err, io.EOF) || string(p[:4]) != string(data[size-4:]) {
		t.Errorf("ReadAt at the last 4 bytes: %d, %v", n, err)
	}
	if n, err := r.ReadAt(p, size); n != 0 || !errors.Is(err, io.EOF) {
		t.Errorf("ReadAt(size): %d, %v; want 0, EOF", n, err)
	}
	if _, _, err := Open(ctx, "gs://b/dir/none.pgn"); err == nil || !strings.Contains(err.Error(), "gs://b/dir/none.pgn") {
		t.Errorf("missing object: err %v, want one naming it", err)
	}
}

// TestOpenPaths: local files open as files; other schemes and bad gs:// and s3:// paths are
// errors.
func TestOpenPaths(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.pgn")
	if err := os.WriteFile(p, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, size, err := Open(context.Background(), p)
	if err != nil || size != 5 {
		t.Fatalf("local: %d, %v", size, err)
	}
	r.(io.Closer).Close()
	if _, _, err := Open(context.Background(), "hdfs://b/k.pgn"); !errors.Is(err, ErrScheme) {
		t.Errorf("hdfs: err %v, want ErrScheme", err)
	}
	for _, bad := range []string{"gs://bucket-only", "s3://bucket-only", "s3:///key.pgn"} {
		if _, _, err := Open(context.Background(), bad); err == nil || !strings.Contains(err.Error(), "want ") {
			t.Errorf("%s: err %v, want one asking for BUCKET/OBJECT", bad, err)
		}
	}
	if _, _, err := Open(context.Background(), filepath.Dir(p)); err == nil {
		t.Error("a folder opened")
	}
}

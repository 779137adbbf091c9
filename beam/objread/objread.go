// Package objread opens the files of a shard for reads at any offset: local files,
// gs://BUCKET/OBJECT objects of Google Cloud Storage and s3://BUCKET/KEY objects of Amazon S3
// (or a store that speaks its API, such as MinIO), through ranged reads (Beam's filesystems
// have none).
package objread

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"cloud.google.com/go/storage"

	"github.com/pgnscan/pgnscan/internal/input"
)

// ErrScheme is wrapped by the error of a path whose scheme is not read.
var ErrScheme = errors.New("no reader for this scheme (local paths, gs:// and s3:// are read)")

// IsRemote reports whether path names an object of a store (SCHEME://...), not a local file.
func IsRemote(path string) bool { return strings.Contains(path, "://") }

// Open opens path for reads at any offset and returns its size: a gs://BUCKET/OBJECT or
// s3://BUCKET/KEY object, or a local file. The reader is also an io.Closer.
func Open(ctx context.Context, path string) (io.ReaderAt, int64, error) {
	if !IsRemote(path) {
		return input.OpenLocal(path)
	}
	scheme, _, _ := strings.Cut(path, "://")
	_, bucket, object, ok := Split(path)
	switch {
	case scheme != "gs" && scheme != "s3":
		return nil, 0, fmt.Errorf("%s: %w", path, ErrScheme)
	case (!ok || object == "") && scheme == "gs":
		return nil, 0, fmt.Errorf("%s: want gs://BUCKET/OBJECT", path)
	case !ok || object == "":
		return nil, 0, fmt.Errorf("%s: want s3://BUCKET/KEY", path)
	case scheme == "gs":
		return openGCS(ctx, path, bucket, object)
	}
	return openS3(ctx, path, bucket, object)
}

// gcsClients are the process's clients of Cloud Storage, made at the first gs:// path with
// the application's default credentials, one for each value of STORAGE_EMULATOR_HOST (a
// fake server's address in tests, where one process meets several). Objects are read
// through the JSON API (storage.WithJSONReads), the API of the uploads, lists and deletes, so
// that one endpoint serves all of them (the fake server of the tests serves reads there).
var gcsClients sync.Map // emulator host → func() (*storage.Client, error)

// GCSClient returns the process's client of Cloud Storage.
func GCSClient() (*storage.Client, error) {
	f, _ := gcsClients.LoadOrStore(os.Getenv("STORAGE_EMULATOR_HOST"), sync.OnceValues(func() (*storage.Client, error) {
		return storage.NewClient(context.Background(), storage.WithJSONReads())
	}))
	return f.(func() (*storage.Client, error))()
}

// Split splits a remote path SCHEME://BUCKET/NAME of a scheme that is read (gs or s3) into
// the scheme, the bucket and the name (empty when the path is the bucket's); ok is false when
// path is not such a path with a bucket.
func Split(path string) (scheme, bucket, name string, ok bool) {
	scheme, rest, ok := strings.Cut(path, "://")
	if !ok || (scheme != "gs" && scheme != "s3") {
		return "", "", "", false
	}
	bucket, name, _ = strings.Cut(rest, "/")
	return scheme, bucket, name, bucket != ""
}

// openGCS opens the object of the path name: a first ranged read of one byte gives its size.
func openGCS(ctx context.Context, name, bucket, object string) (io.ReaderAt, int64, error) {
	c, err := GCSClient()
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", name, err)
	}
	obj := c.Bucket(bucket).Object(object)
	first, err := obj.NewRangeReader(ctx, 0, 1)
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", name, err)
	}
	size := first.Attrs.Size
	first.Close()
	open := func(off int64) (io.ReadCloser, error) { return obj.NewRangeReader(ctx, off, -1) }
	return &ranged{name: name, size: size, open: open}, size, nil
}

// ranged is an io.ReaderAt over an object read by ranged requests. It keeps one response
// open from the last offset read, so that reads in order (a shard's scan reads its range
// from start to end) cost one request; a read elsewhere starts a new one. Safe for
// concurrent use: reads are serialised.
type ranged struct {
	name string
	size int64
	open func(off int64) (io.ReadCloser, error) // the object from off to its end

	mu  sync.Mutex
	cur io.ReadCloser
	pos int64 // the offset cur reads next
}

// ReadAt reads len(p) bytes at off, or to the object's end (then io.EOF).
func (r *ranged) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, fmt.Errorf("%s: read at negative offset %d", r.name, off)
	}
	if off >= r.size {
		return 0, io.EOF
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur == nil || r.pos != off {
		if r.cur != nil {
			r.cur.Close()
		}
		cur, err := r.open(off)
		if err != nil {
			r.cur = nil
			return 0, fmt.Errorf("%s: read at byte %d: %w", r.name, off, err)
		}
		r.cur, r.pos = cur, off
	}
	want := min(int64(len(p)), r.size-off)
	n, err := io.ReadFull(r.cur, p[:want])
	r.pos += int64(n)
	if err != nil {
		r.cur.Close()
		r.cur = nil
		return n, fmt.Errorf("%s: read at byte %d: %w", r.name, off+int64(n), err)
	}
	if want < int64(len(p)) {
		return n, io.EOF
	}
	return n, nil
}

// Close ends the open response.
func (r *ranged) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur == nil {
		return nil
	}
	err := r.cur.Close()
	r.cur = nil
	return err
}

package pipeline

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"cloud.google.com/go/storage"
	"github.com/fsouza/fake-gcs-server/fakestorage"
	"google.golang.org/api/iterator"

	"github.com/pgnscan/pgnscan/beam/objread"
	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/report"
)

// fakeGCS starts a fake Cloud Storage (fsouza/fake-gcs-server, in memory, over HTTP) with an
// empty bucket b, and points the storage client at it (STORAGE_EMULATOR_HOST).
func fakeGCS(t *testing.T) *storage.BucketHandle {
	t.Helper()
	srv, err := fakestorage.NewServerWithOptions(fakestorage.Options{Scheme: "http", Host: "127.0.0.1", Writer: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Stop)
	srv.CreateBucketWithOpts(fakestorage.CreateBucketOpts{Name: "b"})
	t.Setenv("STORAGE_EMULATOR_HOST", srv.URL())
	c, err := objread.GCSClient()
	if err != nil {
		t.Fatal(err)
	}
	return c.Bucket("b")
}

// objectsUnder lists the names of the objects of bkt under prefix, sorted.
func objectsUnder(t *testing.T, bkt *storage.BucketHandle, prefix string) []string {
	t.Helper()
	var names []string
	it := bkt.Objects(context.Background(), &storage.Query{Prefix: prefix})
	for {
		a, err := it.Next()
		if errors.Is(err, iterator.Done) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, a.Name)
	}
	slices.Sort(names)
	return names
}

// download copies the objects of bkt under prefix into the folder dir, named as under prefix.
func download(t *testing.T, bkt *storage.BucketHandle, prefix, dir string) {
	t.Helper()
	for _, name := range objectsUnder(t, bkt, prefix) {
		r, err := bkt.Object(name).NewReader(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(name, prefix)))
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPrismToGCS: a Prism run with -o gs://b/out/findings/ --games gs://b/out/games --errors
// gs://b/out/errors.parquet writes, as objects, exactly the rows, part files, manifest and
// summary a single-machine scan gives (checked on a download of the
// objects, as checkOutput checks a folder), and leaves no local temporary files; an extra
// attempt at a shard uploaded after the run (a retried or speculative attempt the combine did
// not keep) is deleted by the final step, leaving no duplicate object.
func TestPrismToGCS(t *testing.T) {
	inputs := corpusInputs(t)[:2] // lichess and twic: 8 shards
	dir := t.TempDir()
	ref := filepath.Join(dir, "ref")
	referenceScan(t, ref, inputs, testOptions)
	bkt := fakeGCS(t)
	tmp := filepath.Join(dir, "tmp")
	if err := os.Mkdir(tmp, 0o777); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", tmp)
	out := Outputs{Findings: "gs://b/out/findings/", Games: "gs://b/out/games", Errors: "gs://b/out/errors.parquet"}
	if _, err := runJob(t, inputs, out); err != nil {
		t.Fatal(err)
	}
	out.Findings = "gs://b/out/findings"
	left, _ := os.ReadDir(tmp) // Prism's own files are there too
	for _, e := range left {
		if strings.HasPrefix(e.Name(), "pgnscan-") {
			t.Errorf("local temporary file left: %s", e.Name())
		}
	}
	got := filepath.Join(dir, "got")
	download(t, bkt, "out/", got)
	m := checkOutput(t, testOutputs(got), ref, inputs)
	before := objectsUnder(t, bkt, "out/")

	// A second attempt at a shard, uploaded but not in the manifest.
	sh, err := input.ParseShard(m.Parts[1].Shard)
	if err != nil {
		t.Fatal(err)
	}
	extra, err := ScanShard(context.Background(), sh, out, "0123456789abcdef", testOptions, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(objectsUnder(t, bkt, "out/")); n != len(before)+len(extra.Files) || len(extra.Files) == 0 {
		t.Fatalf("the extra attempt's %d files: %d objects, want %d", len(extra.Files), n, len(before)+len(extra.Files))
	}
	if err := Finish(context.Background(), out, inputs, m, report.Options{}); err != nil {
		t.Fatal(err)
	}
	if after := objectsUnder(t, bkt, "out/"); !slices.Equal(after, before) {
		t.Errorf("after the final step: objects %q, want the run's %q", after, before)
	}
}

// failingStore is a store whose Create of the file named fail writes half of it and fails.
type failingStore struct {
	store
	fail string
}

var errUploadCut = errors.New("connection lost")

func (f failingStore) Create(ctx context.Context, name string, write func(io.Writer) error) error {
	if name != f.fail {
		return f.store.Create(ctx, name, write)
	}
	return f.store.Create(ctx, name, func(w io.Writer) error {
		var buf strings.Builder
		if err := write(&buf); err != nil {
			return err
		}
		if _, err := io.WriteString(w, buf.String()[:buf.Len()/2]); err != nil {
			return err
		}
		return errUploadCut
	})
}

// TestUploadFailureLeavesNoObject: a shard's upload cut off at its second file fails with the
// fault and leaves no object of that shard: the file being written never appears, and the one
// uploaded before it is removed.
func TestUploadFailureLeavesNoObject(t *testing.T) {
	bkt := fakeGCS(t)
	outs := Outputs{Findings: "gs://b/out", Errors: "gs://b/errors.parquet"}
	dir := t.TempDir()
	names := []string{"findings/part-a~1.parquet", "findings/_summary-a~1.json", "errors/part-a~1.parquet"}
	for _, n := range names {
		p := filepath.Join(dir, filepath.FromSlash(n))
		os.MkdirAll(filepath.Dir(p), 0o777)
		if err := os.WriteFile(p, []byte(strings.Repeat(n, 1000)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	failing := func(name string) (store, string, error) {
		st, dst, err := outs.locate(name)
		return failingStore{st, "_summary-a~1.json"}, dst, err
	}
	err := upload(context.Background(), failing, dir, names)
	if !errors.Is(err, errUploadCut) || !strings.Contains(err.Error(), "gs://b/out/_summary-a~1.json") {
		t.Errorf("upload: err %v, want %v naming gs://b/out/_summary-a~1.json", err, errUploadCut)
	}
	if objs := objectsUnder(t, bkt, ""); len(objs) != 0 {
		t.Errorf("objects left by the failed upload: %q", objs)
	}
	if err := upload(context.Background(), outs.locate, dir, names); err != nil {
		t.Fatal(err)
	}
	want := []string{".errors.parquet.parts/part-a~1.parquet", "out/_summary-a~1.json", "out/part-a~1.parquet"}
	if objs := objectsUnder(t, bkt, ""); !slices.Equal(objs, want) {
		t.Errorf("objects %q, want %q", objs, want)
	}
}

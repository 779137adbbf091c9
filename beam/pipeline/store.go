package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"cloud.google.com/go/storage"
	"google.golang.org/api/iterator"

	"github.com/pgnscan/pgnscan/beam/objread"
)

// store is where a run's output goes: a local (or shared) folder, a gs://BUCKET/PREFIX of
// Cloud Storage or an s3://BUCKET/PREFIX of S3. Names are slash-separated and relative to the output's root. The scan step
// writes a shard's files in a local folder and publishes them with Create; the final step
// lists, removes, reads and creates through it, so that Finish has one body for both.
type store interface {
	// Create writes the file name through write, whole or not at all: it appears only when
	// write and the closing succeed, and replaces an earlier one.
	Create(ctx context.Context, name string, write func(io.Writer) error) error
	// List returns the names of the files under the folder dir ("" for the root),
	// recursively, sorted; a missing dir is empty.
	List(ctx context.Context, dir string) ([]string, error)
	// Remove removes the file name.
	Remove(ctx context.Context, name string) error
	// Open opens the file name for reading.
	Open(ctx context.Context, name string) (io.ReadCloser, error)
}

// openStore returns the store of the output out: a gs:// or s3:// BUCKET[/PREFIX] path, or a
// folder.
func openStore(out string) (store, error) {
	if !objread.IsRemote(out) {
		return dirStore(out), nil
	}
	scheme, bucket, prefix, ok := objread.Split(out)
	if !ok {
		return nil, fmt.Errorf("-o %s: %w", out, objread.ErrScheme)
	}
	if prefix = strings.Trim(prefix, "/"); prefix != "" {
		prefix += "/"
	}
	url := scheme + "://" + bucket + "/" + prefix
	if scheme == "s3" {
		c, err := objread.S3Client()
		if err != nil {
			return nil, fmt.Errorf("-o %s: %w", out, err)
		}
		return &s3Store{client: c, bucket: bucket, url: url, prefix: prefix}, nil
	}
	c, err := objread.GCSClient()
	if err != nil {
		return nil, fmt.Errorf("-o %s: %w", out, err)
	}
	return &gcsStore{bucket: c.Bucket(bucket), url: url, prefix: prefix}, nil
}

// dirStore is a local folder.
type dirStore string

func (d dirStore) path(name string) string { return filepath.Join(string(d), filepath.FromSlash(name)) }

// Create writes under a temporary name and renames the file when whole (writeWhole).
func (d dirStore) Create(_ context.Context, name string, write func(io.Writer) error) error {
	p := d.path(name)
	if err := mkdirAll(filepath.Dir(p)); err != nil {
		return err
	}
	return writeWhole(p, write)
}

// List walks the folder.
func (d dirStore) List(_ context.Context, dir string) ([]string, error) {
	var names []string
	root := d.path(dir)
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		switch {
		case errors.Is(err, fs.ErrNotExist) && p == root:
			return fs.SkipDir
		case err != nil:
			return err
		case !e.IsDir():
			rel, err := filepath.Rel(string(d), p)
			if err != nil {
				return err
			}
			names = append(names, filepath.ToSlash(rel))
		}
		return nil
	})
	slices.Sort(names)
	return names, err
}

// Remove removes the file, then the folders above it that it leaves empty, up to the root's
// own folders (a table's folder goes when its last file does).
func (d dirStore) Remove(_ context.Context, name string) error {
	if err := os.Remove(d.path(name)); err != nil {
		return fmt.Errorf("remove stray part file: %w", err)
	}
	for dir := path.Dir(name); dir != "."; dir = path.Dir(dir) {
		if os.Remove(d.path(dir)) != nil {
			break // not empty
		}
	}
	return nil
}

// Open opens the file.
func (d dirStore) Open(_ context.Context, name string) (io.ReadCloser, error) {
	return os.Open(d.path(name))
}

// gcsStore is the objects of a bucket under a prefix ("" or ending in "/").
type gcsStore struct {
	bucket *storage.BucketHandle
	url    string // gs://BUCKET/PREFIX, for errors
	prefix string
}

// Create writes the object through a storage Writer; when write fails the upload is cancelled,
// so that no object appears (an object is made only when its Writer closes without error).
func (g *gcsStore) Create(ctx context.Context, name string, write func(io.Writer) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w := g.bucket.Object(g.prefix + name).NewWriter(ctx)
	if err := write(w); err != nil {
		cancel()
		w.Close()
		return fmt.Errorf("upload %s%s: %w", g.url, name, err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("upload %s%s: %w", g.url, name, err)
	}
	return nil
}

// List lists the objects under PREFIX/dir/.
func (g *gcsStore) List(ctx context.Context, dir string) ([]string, error) {
	var names []string
	it := g.bucket.Objects(ctx, &storage.Query{Prefix: g.prefix + dirPrefix(dir)})
	for {
		a, err := it.Next()
		if errors.Is(err, iterator.Done) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("list %s%s/: %w", g.url, dir, err)
		}
		names = append(names, strings.TrimPrefix(a.Name, g.prefix))
	}
	slices.Sort(names)
	return names, nil
}

// Remove deletes the object; one already gone is no error (a retried final step).
func (g *gcsStore) Remove(ctx context.Context, name string) error {
	err := g.bucket.Object(g.prefix + name).Delete(ctx)
	if err != nil && !errors.Is(err, storage.ErrObjectNotExist) {
		return fmt.Errorf("remove stray part object %s%s: %w", g.url, name, err)
	}
	return nil
}

// Open reads the object.
func (g *gcsStore) Open(ctx context.Context, name string) (io.ReadCloser, error) {
	r, err := g.bucket.Object(g.prefix + name).NewReader(ctx)
	if err != nil {
		return nil, fmt.Errorf("%s%s: %w", g.url, name, err)
	}
	return r, nil
}

// dirPrefix is the prefix of the names under the folder dir: "" for the root, else dir/.
func dirPrefix(dir string) string {
	if dir == "" {
		return ""
	}
	return dir + "/"
}

// upload publishes the files a shard wrote under the local folder dir (names TABLE/REL
// relative to it) to the outputs of the run, each where locate puts it. The first failure
// removes what was published and fails: the shard's attempt leaves no object. The local files
// stay (ScanShard removes their folder).
func upload(ctx context.Context, locate func(string) (store, string, error), dir string, names []string) error {
	for i, name := range names {
		local := filepath.Join(dir, filepath.FromSlash(name))
		st, dst, err := locate(name)
		if err != nil {
			return err
		}
		err = st.Create(ctx, dst, func(w io.Writer) error {
			f, err := os.Open(local)
			if err != nil {
				return err
			}
			defer f.Close()
			_, err = io.Copy(w, f)
			return err
		})
		if err != nil {
			for _, done := range names[:i] {
				if st, dst, err := locate(done); err == nil {
					st.Remove(ctx, dst)
				}
			}
			return err
		}
	}
	return nil
}

package pipeline

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/report"
)

// fakeS3 is an in-memory S3 of path-style requests (ENDPOINT/BUCKET/KEY) that serves exactly
// the five calls pgnscan makes: GetObject (whole, or with Range: bytes=A- or bytes=A-B),
// HeadObject, PutObject, ListObjectsV2 (GET BUCKET?list-type=2&prefix=P, one page) and
// DeleteObject. No maintained fake S3 is in the module graph. It checks no signature.
type fakeS3 struct {
	mu      sync.Mutex
	objects map[string][]byte // BUCKET/KEY → bytes
}

// startFakeS3 starts a fakeS3 and points the S3 client at it (AWS_ENDPOINT_URL, a region,
// static credentials, no config files).
func startFakeS3(t *testing.T) *fakeS3 {
	t.Helper()
	f := &fakeS3{objects: map[string][]byte{}}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	for k, v := range map[string]string{
		"AWS_ENDPOINT_URL": srv.URL, "AWS_REGION": "us-east-1",
		"AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test",
		"AWS_CONFIG_FILE": os.DevNull, "AWS_SHARED_CREDENTIALS_FILE": os.DevNull, "AWS_PROFILE": "",
	} {
		t.Setenv(k, v)
	}
	return f
}

func (f *fakeS3) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	path := strings.TrimPrefix(r.URL.Path, "/")
	bucket, key, _ := strings.Cut(path, "/")
	q := r.URL.Query()
	switch {
	case r.Method == http.MethodGet && q.Get("list-type") == "2" && key == "":
		f.list(w, bucket, q.Get("prefix"))
	case r.Method == http.MethodPut && key != "":
		b, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		f.objects[path] = b
	case r.Method == http.MethodDelete && key != "":
		delete(f.objects, path)
		w.WriteHeader(http.StatusNoContent)
	case (r.Method == http.MethodGet || r.Method == http.MethodHead) && key != "":
		f.get(w, r, path)
	default:
		http.Error(w, "not served by the fake: "+r.Method+" "+r.URL.String(), http.StatusNotImplemented)
	}
}

// get serves GetObject and HeadObject, with a Range of bytes=A- or bytes=A-B.
func (f *fakeS3) get(w http.ResponseWriter, r *http.Request, path string) {
	b, ok := f.objects[path]
	if !ok {
		w.Header().Set("Content-Type", "application/xml")
		w.WriteHeader(http.StatusNotFound)
		if r.Method == http.MethodGet {
			fmt.Fprint(w, `<Error><Code>NoSuchKey</Code><Message>no such key</Message></Error>`)
		}
		return
	}
	status := http.StatusOK
	if rg := r.Header.Get("Range"); rg != "" {
		a, z, ok := strings.Cut(strings.TrimPrefix(rg, "bytes="), "-")
		from, err1 := strconv.Atoi(a)
		to, err2 := len(b)-1, error(nil)
		if z != "" {
			to, err2 = strconv.Atoi(z)
		}
		if !ok || err1 != nil || err2 != nil || from >= len(b) {
			http.Error(w, "bad range "+rg, http.StatusRequestedRangeNotSatisfiable)
			return
		}
		to = min(to, len(b)-1)
		w.Header().Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", from, to, len(b)))
		b, status = b[from:to+1], http.StatusPartialContent
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	if r.Method == http.MethodGet {
		w.Write(b)
	}
}

// list serves one page of ListObjectsV2.
func (f *fakeS3) list(w http.ResponseWriter, bucket, prefix string) {
	type content struct {
		Key  string
		Size int
	}
	res := struct {
		XMLName     xml.Name `xml:"ListBucketResult"`
		Name        string
		Prefix      string
		KeyCount    int
		IsTruncated bool
		Contents    []content
	}{Name: bucket, Prefix: prefix}
	for path, b := range f.objects {
		if key, ok := strings.CutPrefix(path, bucket+"/"); ok && strings.HasPrefix(key, prefix) {
			res.Contents = append(res.Contents, content{key, len(b)})
		}
	}
	slices.SortFunc(res.Contents, func(a, b content) int { return strings.Compare(a.Key, b.Key) })
	res.KeyCount = len(res.Contents)
	w.Header().Set("Content-Type", "application/xml")
	xml.NewEncoder(w).Encode(res)
}

// put stores an object, as a client's PutObject would.
func (f *fakeS3) put(path string, b []byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.objects[path] = b
}

// download copies the objects of bucket under prefix into the folder dir, named as under
// prefix, and returns their keys, sorted.
func (f *fakeS3) download(t *testing.T, bucket, prefix, dir string) []string {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	var keys []string
	for path, b := range f.objects {
		rel, ok := strings.CutPrefix(path, bucket+"/"+prefix)
		if !ok {
			continue
		}
		keys = append(keys, strings.TrimPrefix(path, bucket+"/"))
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(keys)
	return keys
}

// renamed returns rows passed through rename, sorted.
func renamed(rows []string, rename func(string) string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = rename(r)
	}
	slices.Sort(out)
	return out
}

// TestPrismS3: a Prism run over two corpus files as s3://b/in/... objects (planned and scanned
// by ranged reads) with -o s3://b/out/findings/ --games s3://b/out/games --errors
// s3://b/out/errors.csv writes, as objects, the findings, games and errors of a run over the
// local files (but for the source column, which names the object; the errors as CSV), with the
// manifest and no temporary object; an extra attempt's objects are deleted by the final step;
// and s3:// paths with no bucket or no key, and an -o holding objects pgnscan-beam did not
// write, are usage errors.
func TestPrismS3(t *testing.T) {
	all := corpusInputs(t)
	local := []string{all[0], all[len(all)-1]} // lichess (text shards) and the framed file (frames shards)
	s3 := startFakeS3(t)
	var remote []string
	for _, p := range local {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s3.put("b/in/"+filepath.Base(p), data)
		remote = append(remote, "s3://b/in/"+filepath.Base(p))
	}
	toRemote := renamer(local, remote)

	ref := testOutputs(t.TempDir())
	if _, err := runJob(t, local, ref); err != nil {
		t.Fatal(err)
	}
	want := findingsUnder(t, ref.Findings, toRemote)
	if len(want) == 0 {
		t.Fatal("the local run has no findings: the comparison would prove nothing")
	}

	out := Outputs{Findings: "s3://b/out/findings/", Games: "s3://b/out/games", Errors: "s3://b/out/errors.csv"}
	if _, err := runJob(t, remote, out); err != nil {
		t.Fatal(err)
	}
	got := testOutputs(filepath.Join(t.TempDir(), "got"))
	got.Errors = filepath.Join(filepath.Dir(got.Errors), "errors.csv")
	before := s3.download(t, "b", "out/", filepath.Dir(got.Findings))
	for _, k := range []string{"out/findings/" + ManifestFile, "out/errors.csv"} {
		if !slices.Contains(before, k) {
			t.Errorf("no object %s among %q", k, before)
		}
	}
	for _, k := range before {
		if strings.Contains(k, ".parts/") || strings.HasSuffix(k, ".tmp") {
			t.Errorf("temporary object left: %s", k)
		}
	}
	sameRows(t, "findings of the run over s3://", findingsUnder(t, got.Findings, func(s string) string { return s }), want)
	sameRows(t, "games of the run over s3://", rowsUnder[report.Game](t, got.Games), renamed(rowsUnder[report.Game](t, ref.Games), toRemote))
	sameRows(t, "errors of the run over s3:// (CSV)", slices.Sorted(slices.Values(rowsOf[report.Error](t, got.Errors))), renamed(rowsUnder[report.Error](t, ref.Errors), toRemote))

	// A second attempt at a shard, uploaded but not in the manifest, is removed by Finish.
	out.Findings = "s3://b/out/findings"
	m := readManifest(t, got)
	sh, err := input.ParseShard(m.Parts[1].Shard)
	if err != nil {
		t.Fatal(err)
	}
	extra, err := ScanShard(context.Background(), sh, out, "0123456789abcdef", testOptions, objectOpener(context.Background()))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(s3.download(t, "b", "out/", t.TempDir())); n != len(before)+len(extra.Files) || len(extra.Files) == 0 {
		t.Fatalf("the extra attempt's %d files: %d objects, want %d", len(extra.Files), n, len(before)+len(extra.Files))
	}
	if err := Finish(context.Background(), out, remote, m, report.Options{}); err != nil {
		t.Fatal(err)
	}
	if after := s3.download(t, "b", "out/", t.TempDir()); !slices.Equal(after, before) {
		t.Errorf("after the final step: objects %q, want the run's %q", after, before)
	}

	for _, j := range []Job{
		{Inputs: remote, ShardSize: 1 << 20, Outputs: Outputs{Findings: "s3:///out"}, Options: testOptions},
		{Inputs: []string{"s3:///in/x.pgn"}, ShardSize: 1 << 20, Outputs: out, Options: testOptions},
		{Inputs: []string{"s3://b"}, ShardSize: 1 << 20, Outputs: out, Options: testOptions},
		{Inputs: remote, ShardSize: 1 << 20, Outputs: Outputs{Findings: "s3://b/in"}, Options: testOptions},
	} {
		if _, _, err := Run(context.Background(), j); !errors.Is(err, ErrUsage) {
			t.Errorf("inputs %q -o %s: err %v, want a usage error", j.Inputs, j.Outputs.Findings, err)
		}
	}
}

package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
)

// TestInputsFromGCS: inputs named gs://BUCKET/OBJECT are planned and scanned through ranged
// reads, with no file system shared by the workers: the plan of each object is the plan of the
// same local file (but for the path), and a Prism run over the objects writes the rows of a
// run over the local files, but for the source column, which names the object.
func TestInputsFromGCS(t *testing.T) {
	all := corpusInputs(t)
	local := []string{all[0], all[len(all)-1]} // lichess (text shards) and the framed file (frames shards)
	bkt := fakeGCS(t)
	ctx := context.Background()
	var remote []string
	for _, p := range local {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		name := "in/" + filepath.Base(p)
		w := bkt.Object(name).NewWriter(ctx)
		if _, err := w.Write(data); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		remote = append(remote, "gs://b/"+name)
	}
	toRemote := renamer(local, remote)

	want, err := Plan(ctx, local, testShardSize, 2)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Plan(ctx, remote, testShardSize, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(want) < 4 {
		t.Fatalf("the local plan has %d shards: the comparison would prove little", len(want))
	}
	for i := range want {
		want[i] = toRemote(want[i])
	}
	if !slices.Equal(got, want) {
		t.Fatalf("plan of the objects:\n%q\nwant the local plan's:\n%q", got, want)
	}

	rows := func(inputs []string) []string {
		out := testOutputs(t.TempDir())
		if _, err := runJob(t, inputs, out); err != nil {
			t.Fatal(err)
		}
		return findingsUnder(t, out.Findings, toRemote)
	}
	wantRows := rows(local)
	if len(wantRows) == 0 {
		t.Fatal("the local run has no findings: the comparison would prove nothing")
	}
	sameRows(t, "findings of the run over gs:// inputs", rows(remote), wantRows)
}

// findingsUnder returns the findings rows of the findings folder dir, each passed through
// rename (which names the inputs as another run named them), sorted.
func findingsUnder(t *testing.T, dir string, rename func(string) string) []string {
	t.Helper()
	var rs []string
	for _, r := range rowsUnder[report.Finding](t, dir) {
		rs = append(rs, rename(r))
	}
	slices.Sort(rs)
	return rs
}

// renamer returns a function that replaces, in a string, each path of from with the path of
// to at the same index (the inputs as another run named them).
func renamer(from, to []string) func(string) string {
	return func(s string) string {
		for i, p := range from {
			s = strings.ReplaceAll(s, p, to[i])
		}
		return s
	}
}

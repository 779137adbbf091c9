package pipeline

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// TestShardFromGCS: a shard of a gs:// object, read through ranged requests to a fake Cloud
// Storage (STORAGE_EMULATOR_HOST), gives the rows of the same shard of the local file, but
// for the source column, which names the object.
func TestShardFromGCS(t *testing.T) {
	local := testcorpus.Path(t, "lichess-2025-05-excerpt.pgn")
	data, err := os.ReadFile(local)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/b/lichess.pgn") && !strings.HasSuffix(r.URL.Path, "/b/o/lichess.pgn") { // XML or JSON API
			http.NotFound(w, r)
			return
		}
		http.ServeContent(w, r, "lichess.pgn", time.Time{}, bytes.NewReader(data))
	}))
	defer srv.Close()
	t.Setenv("STORAGE_EMULATOR_HOST", srv.URL)

	ctx := context.Background()
	size := int64(len(data))
	rows := func(path string) []string {
		out := Outputs{Findings: t.TempDir()}
		sh := input.Shard{Kind: input.ShardText, Path: path, Start: 300000, End: size}
		if _, err := ScanShard(ctx, sh, out, "a", testOptions, objectOpener(ctx)); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rowsUnder[report.Finding](t, out.Findings) {
			got = append(got, strings.ReplaceAll(r, path, "SOURCE"))
		}
		return got
	}
	want := rows(local)
	if len(want) == 0 {
		t.Fatal("the local shard has no findings: the comparison would prove nothing")
	}
	sameRows(t, "findings of the gs:// shard", rows("gs://b/lichess.pgn"), want)
}

package shardscan

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/rules"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// readAll returns the rows of the Parquet files, each printed with %+v, in (source, index,
// edition) order.
func readAll[R report.Row](t *testing.T, files []string) []string {
	t.Helper()
	var out []string
	for _, f := range files {
		if err := report.ReadRows(f, func(r *R) error { out = append(out, report.RowText(r)); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(out) // GameInfo first: Source, then the index, as text; order only matters for equality
	return out
}

// TestScanShardLikeWholeScan: the shards of a counted plan, each scanned by ScanShard through a
// reader that is no os.File (as an object store's ranged reads are), write part files whose
// findings and games rows are those of Scan over the whole file, and Stats that add up to its
// counts.
func TestScanShardLikeWholeScan(t *testing.T) {
	path := testcorpus.Path(t, "lichess-2025-05-excerpt.pgn")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	opt := Options{Selection: selection(t, "auto,lichess"), Workers: 2,
		Out: filepath.Join(dir, "whole.parquet"), Games: filepath.Join(dir, "whole-games.parquet")}
	src, err := input.Resolve([]string{path})
	if err != nil {
		t.Fatal(err)
	}
	whole, err := Scan(context.Background(), src, opt)
	if err != nil {
		t.Fatal(err)
	}
	shards, err := input.Plan(path, int64(len(data)/5))
	if err != nil {
		t.Fatal(err)
	}
	if len(shards) < 4 {
		t.Fatalf("plan gave %d shards", len(shards))
	}
	// Counted, each shard reads only its range (scan's tests check where the reading starts).
	if err := input.CountShards(context.Background(), bytes.NewReader(data), int64(len(data)), shards, 2); err != nil {
		t.Fatal(err)
	}
	var opened []string
	sopt := Options{Selection: selection(t, "auto,lichess"), Workers: 2, Partition: []string{"edition"},
		Out: filepath.Join(dir, "f"), Games: filepath.Join(dir, "g"),
		Open: func(p string) (io.ReaderAt, int64, error) {
			opened = append(opened, p)
			return bytes.NewReader(data), int64(len(data)), nil
		}}
	var sum Stats
	var findings, games []string
	for _, sh := range shards {
		st, err := ScanShard(context.Background(), sh, sopt)
		if err != nil {
			t.Fatalf("%s: %v", sh, err)
		}
		sum.Games += st.Games
		sum.Findings += st.Findings
		sum.ErrorGames += st.ErrorGames
		summary := filepath.Join(sopt.Out, SummaryName(sh.PartName()))
		if !slices.Contains(st.Files, summary) {
			t.Errorf("%s: Files %v do not list the summary %s", sh, st.Files, summary)
		}
		if _, err := os.Stat(summary); err != nil {
			t.Errorf("%s: %v", sh, err)
		}
		for _, f := range st.Files {
			switch {
			case strings.HasPrefix(f, sopt.Out+string(filepath.Separator)) && strings.HasSuffix(f, ".parquet"):
				findings = append(findings, f)
			case strings.HasPrefix(f, sopt.Games+string(filepath.Separator)):
				games = append(games, f)
			}
		}
	}
	if len(opened) != len(shards) || opened[0] != path {
		t.Errorf("Open was called for %v, want %s once per shard", opened, path)
	}
	if sum.Games != whole.Games || sum.Findings != whole.Findings || sum.ErrorGames != whole.ErrorGames || whole.Games == 0 || whole.Findings == 0 {
		t.Errorf("shards count %d games, %d findings, %d with errors; the whole scan %d, %d, %d",
			sum.Games, sum.Findings, sum.ErrorGames, whole.Games, whole.Findings, whole.ErrorGames)
	}
	if got, want := readAll[report.Finding](t, findings), readAll[report.Finding](t, []string{opt.Out}); !slices.Equal(got, want) {
		t.Errorf("findings rows of the shards (%d) differ from the whole scan's (%d)", len(got), len(want))
	}
	if got, want := readAll[report.Game](t, games), readAll[report.Game](t, []string{opt.Games}); !slices.Equal(got, want) {
		t.Errorf("games rows of the shards (%d) differ from the whole scan's (%d)", len(got), len(want))
	}
}

// selection parses an --edition list.
func selection(t *testing.T, editions string) *rules.Selection {
	t.Helper()
	sel, err := rules.Flags{Editions: editions}.Selection()
	if err != nil {
		t.Fatal(err)
	}
	return sel
}

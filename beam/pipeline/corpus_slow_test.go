//go:build slow

package pipeline

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// TestPrismWholeCorpus: the whole shared corpus, otb-masters.pgn.zst's 344,085 games too (one
// whole shard: single-frame zstd), on Prism gives the findings, errors and summary of `pgnscan
// scan` of the same inputs. Without the games table, whose 700,000 rows the comparison would
// hold in memory twice.
func TestPrismWholeCorpus(t *testing.T) {
	inputs := append(corpusInputs(t), testcorpus.Path(t, "otb-masters.pgn.zst"))
	o := testOptions
	o.Games = false
	dir := t.TempDir()
	ref, out := filepath.Join(dir, "ref"), filepath.Join(dir, "out")
	referenceScanWith(t, ref, inputs, o)
	m, err := runJobWith(t, inputs, out, o)
	if err != nil {
		t.Fatal(err)
	}
	sameRows(t, "findings", rowsUnder[report.Finding](t, filepath.Join(out, FindingsDir)), rowsUnder[report.Finding](t, filepath.Join(ref, FindingsDir)))
	sameRows(t, "errors", rowsUnder[report.Error](t, filepath.Join(out, ErrorsDir)), rowsUnder[report.Error](t, filepath.Join(ref, "errors.parquet")))
	want, err := report.ReadSummaryJSON(filepath.Join(ref, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	sameSummary(t, filepath.Join(out, SummaryJSONFile), want)
	if m.Games != want.Games() || want.Games() < 350000 {
		t.Errorf("%d games counted, the reference scan %d (the corpus has over 350,000)", m.Games, want.Games())
	}
}

// runJobWith runs the pipeline with options o and returns its manifest.
func runJobWith(t *testing.T, inputs []string, out string, o Options) (Manifest, error) {
	t.Helper()
	if _, err := Run(context.Background(), Job{Inputs: inputs, ShardSize: testShardSize, Out: out, Options: o, Parallel: 2}); err != nil {
		return Manifest{}, err
	}
	return readManifest(t, out), nil
}

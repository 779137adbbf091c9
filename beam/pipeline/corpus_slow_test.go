//go:build slow

package pipeline

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/scan"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// TestPrismWholeCorpus: the whole shared corpus, otb-masters.pgn.zst's 344,085 games too (one
// whole shard: single-frame zstd), on Prism gives the findings, errors and summary of `pgnscan
// scan` of the same inputs. Without the games table, whose 700,000 rows the comparison would
// hold in memory twice.
func TestPrismWholeCorpus(t *testing.T) {
	inputs := append(corpusInputs(t), testcorpus.Path(t, "otb-masters.pgn.zst"))
	dir := t.TempDir()
	ref, out := testOutputs(filepath.Join(dir, "ref")), testOutputs(filepath.Join(dir, "out"))
	ref.Games, out.Games = "", ""
	refSummary := filepath.Join(dir, "ref", "summary.json")
	referenceScanWith(t, ref, refSummary, inputs, testOptions)
	m, err := runJobWith(t, inputs, out, testOptions)
	if err != nil {
		t.Fatal(err)
	}
	sameRows(t, "findings", rowsUnder[report.Finding](t, out.Findings), rowsUnder[report.Finding](t, ref.Findings))
	if got, want := rowsOf[report.Error](t, out.Errors), rowsOf[report.Error](t, ref.Errors); !slices.Equal(got, want) {
		sameRows(t, "errors", slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want)))
		t.Errorf("errors: the rows are not in the reference scan's order")
	}
	want, err := report.ReadSummaryJSON(refSummary, scan.Names())
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadSummary(context.Background(), out)
	if err != nil {
		t.Fatal(err)
	}
	sameSummary(t, got, want)
	if m.Games != want.Games() || want.Games() < 350000 {
		t.Errorf("%d games counted, the reference scan %d (the corpus has over 350,000)", m.Games, want.Games())
	}
}

// runJobWith runs the pipeline with options o and returns its manifest.
func runJobWith(t *testing.T, inputs []string, out Outputs, o Options) (Manifest, error) {
	t.Helper()
	if _, _, err := Run(context.Background(), Job{Inputs: inputs, ShardSize: testShardSize, Outputs: out, Options: o, Parallel: 2}); err != nil {
		return Manifest{}, err
	}
	return readManifest(t, out), nil
}

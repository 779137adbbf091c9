//go:build slow

package main

import (
	"testing"

	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// TestCorpusCountsOTB scans the 344,085 OTB master games (corpus README): every game is
// accounted for, with its games row or its errors row.
func TestCorpusCountsOTB(t *testing.T) {
	checkCorpusFile(t, testcorpus.Path(t, "otb-masters.pgn.zst"), 344085)
}

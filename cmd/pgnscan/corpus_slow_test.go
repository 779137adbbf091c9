//go:build slow

package main

import "testing"

// TestCorpusCountsOTB scans the 344,085 OTB master games (corpus README): every game is
// accounted for, with its games row or its errors row.
func TestCorpusCountsOTB(t *testing.T) {
	checkCorpusFile(t, corpusPath(t, "otb-masters.pgn.zst"), 344085)
}

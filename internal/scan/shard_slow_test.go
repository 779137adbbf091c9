//go:build slow

package scan

import "testing"

// TestShardsLikeWholeScanAll is TestShardsLikeWholeScan over the whole corpus files (the zstd
// ones repacked as frames of 4 MiB of text), with many more cuts.
func TestShardsLikeWholeScanAll(t *testing.T) {
	shardCorpus(t, 0, 4<<20, 6, 12)
}

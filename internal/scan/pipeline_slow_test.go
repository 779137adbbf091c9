//go:build slow

package scan

import "testing"

// TestRunMemoryFlatLarge scans 512 MB and 1 GB generated on the fly, findings to Parquet: the
// peak heap stays under heapBoundParquet and does not grow with the input.
func TestRunMemoryFlatLarge(t *testing.T) {
	checkFlatMemory(t, 512<<20, false)
}

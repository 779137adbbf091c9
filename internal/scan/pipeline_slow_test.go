//go:build slow

package scan

import "testing"

// TestRunMemoryFlatLarge scans 512 MB and 1 GB generated on the fly, findings to Parquet: the
// peak heap stays under heapBoundParquet and does not grow with the input.
func TestRunMemoryFlatLarge(t *testing.T) {
	checkFlatMemory(t, 512<<20, false)
}

// TestHostileShapesMemoryLarge scans the hostile shapes of issue 14 at its sizes: 3M tiny games,
// 1M short games, a 2M-ply game and two 7.8M-ply games.
func TestHostileShapesMemoryLarge(t *testing.T) {
	hostileShapes(t, 10)
}

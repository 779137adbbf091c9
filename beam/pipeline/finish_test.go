package pipeline

import "testing"

// TestIsPartFile: the names the shards write, final and temporary, are part files; others are
// not, so that Finish leaves them alone.
func TestIsPartFile(t *testing.T) {
	for name, want := range map[string]bool{
		"part-a.pgn@0-10~0123456789abcdef.parquet":   true,
		"part-a.pgn@0-10~0123456789abcdef-1.parquet": true,
		".part-a.pgn@0-10~01.parquet.4242.tmp":       true,
		".part-a.pgn@0-10~01.parquet.4242-3.tmp":     true,
		"_summary-a.pgn@0-10~01.json":                true,
		"._summary-a.pgn@0-10~01.json.77.tmp":        true,
		"part-a.csv":                                 false,
		"notes.txt":                                  false,
		".x.tmp":                                     false,
		".tmp":                                       false,
		".part-a.parquet":                            false,
		"summary.json":                               false,
		"_summary-a.json.bak":                        false,
		".part-a.pgn@0-10~01.parquet.tmp.gz":         false,
		"part-0.parquet":                             false, // a scan's, not a shard's
		"part-a.pgn@0-10.parquet":                    false, // scan --shard's
		"_summary-a.pgn@0-10.json":                   false,
		"part-a.pgn@0-10~xyz.parquet":                false,
		"._manifest.json.12.tmp":                     false,
	} {
		if got := isPartFile(name); got != want {
			t.Errorf("isPartFile(%q) = %v, want %v", name, got, want)
		}
	}
}

//go:build slow

package board

// With -tags slow, TestPerft runs every depth of testdata/perft.epd (the full published counts).
func init() { perftNodeCap = 1 << 62 }

//go:build slow

package board

// With -tags slow: every perft count of testdata/perft.epd (the deeper ones take a few
// seconds), the Chess960 tables to depth 5, and larger slices of otb-masters for the notnil differential and the corpus
// invariants.
func init() {
	perftNodeCap = 1 << 62
	perft960Depth = 5
	otbDiffGames = 10_000
	otbInvariantGames = 30_000
}

//go:build slow

package board

// With -tags slow: every perft count of testdata/perft.epd (the deeper ones take a few
// seconds), and larger slices of otb-masters for the notnil differential and the corpus
// invariants.
func init() {
	perftNodeCap = 1 << 62
	otbDiffGames = 10_000
	otbInvariantGames = 30_000
}

//go:build slow

package board

import "testing"

// TestReplayWholeCorpus replays every game of the two large corpus files with the cheap checks
// only (incremental key against a recomputation, SAN round trip of every move) and lists the
// games that stop at a token we cannot read, so gaps in SAN coverage show up.
func TestReplayWholeCorpus(t *testing.T) {
	for _, name := range []string{"otb-masters.pgn.zst", "tcec-engines.pgn.zst"} {
		t.Run(name, func(t *testing.T) {
			games := loadGames(t, name, 0)
			plies, stopped := 0, 0
			var buf []byte
			for i := range games {
				g := &games[i]
				if g.variant != "" && g.variant != "Standard" && g.variant != "From Position" {
					continue
				}
				p, err := startOf(g)
				if err != nil {
					t.Errorf("%s: FEN %q: %v", g.where(), g.fen, err)
					continue
				}
				for ply, tok := range g.sans {
					m, err := p.ParseSAN([]byte(tok))
					if err != nil {
						stopped++
						t.Logf("%s ply %d: %v", g.where(), ply, err)
						break
					}
					buf = p.AppendSAN(buf[:0], m)
					if back, err := p.ParseSAN(buf); err != nil || back != m {
						t.Fatalf("%s ply %d: SAN round trip of %v: %q gives %v, %v", g.where(), ply, m, buf, back, err)
					}
					p.Play(m)
					if p.key != p.computeKey() {
						t.Fatalf("%s ply %d: incremental key differs from recomputation", g.where(), ply)
					}
					plies++
				}
			}
			t.Logf("%d games, %d plies, %d games stopped at a token we cannot read", len(games), plies, stopped)
		})
	}
}

package rules

import "testing"

// TestRecountByCounting: finalCount's recount (a row at Pn after every edition of its tally
// ended) counts Pn the way the edition counts, each way worked by hand on two games whose
// final position repeats earlier ones by placement but not by identity.
func TestRecountByCounting(t *testing.T) {
	byPlacement := Counting{ByPlacement: true, Uncounted: UncountedWindowStart} // lichess before scalachess #56
	cases := []struct {
		name, fen, moves string
		c                Counting
		want             int
	}{
		// P0 = P4 (castling right K), P8 the same placement without it (62. Rh2 gave it up),
		// white to move at all three; no capture, pawn move or castling.
		// rules.md 1: the change of rights at ply 5 starts the window; P8 stands once.
		{"rights, rules.md 1", "4k3/8/8/8/8/8/8/n3K1NR w K - 0 60",
			"60. Nf3 Nb3 61. Ng1 Na1 62. Rh2 Nb3 63. Rh1 Na1", Counting{}, 1},
		// lichess before #56: one window from P0, compared by placement; P0, its first
		// position, is not counted, P4 is: 2.
		{"rights, by placement", "4k3/8/8/8/8/8/8/n3K1NR w K - 0 60",
			"60. Nf3 Nb3 61. Ng1 Na1 62. Rh2 Nb3 63. Rh1 Na1", byPlacement, 2},
		// The same with every position counted: P0, P4 and P8: 3.
		{"rights, by placement, all counted", "4k3/8/8/8/8/8/8/n3K1NR w K - 0 60",
			"60. Nf3 Nb3 61. Ng1 Na1 62. Rh2 Nb3 63. Rh1 Na1", Counting{ByPlacement: true}, 3},
		// lichess from #56 to #204: rules.md 1's identity, P0 not counted; the window starts
		// at ply 5 anyway: 1.
		{"rights, start uncounted", "4k3/8/8/8/8/8/8/n3K1NR w K - 0 60",
			"60. Nf3 Nb3 61. Ng1 Na1 62. Rh2 Nb3 63. Rh1 Na1", Counting{Uncounted: UncountedStart}, 1},
		// P8 has P0's placement again after castling and walking back (the rook by f1-h1):
		// by placement a castling move starts the window (P1), so P0 is not among the
		// positions compared, even with every position counted: 1.
		{"castling, by placement", "4k3/8/8/8/8/8/8/n3K2R w K - 0 60",
			"60. O-O Nb3 61. Kf2 Na1 62. Rh1 Nb3 63. Ke1 Na1", Counting{ByPlacement: true}, 1},
		// Four knight moves back and forth from P0, counted by rules.md 1: P0, P4, P8: 3;
		// lichess before #204 leaves P0 out: 2.
		{"start, rules.md 1", "", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8", Counting{}, 3},
		{"start, uncounted", "", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8", Counting{Uncounted: UncountedStart}, 2},
	}
	choices := all4(t)
	for _, tc := range cases {
		j := NewJudge()
		v := replay(t, j, tc.fen, tc.moves, Draw, choices)
		if v.Failed || v.Plies != 8 {
			t.Fatalf("%s: failed=%t plies=%d, want a whole game of 8 plies", tc.name, v.Failed, v.Plies)
		}
		if got := j.recount(tc.c); got != tc.want {
			t.Errorf("%s: recount %d, want %d", tc.name, got, tc.want)
		}
	}
}

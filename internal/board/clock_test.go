package board

import "testing"

// TestClocksByHand: the halfmove clock restarts exactly on a capture or a pawn move (a
// promotion is a pawn move; castling is neither), and the fullmove number grows after Black's
// move. Each FEN after the move is worked by hand from the one before (issue 14: a castling
// move that reset the clock, and a promotion that did not, survived the tests).
func TestClocksByHand(t *testing.T) {
	cases := []struct{ name, fen, san, want string }{
		{"white castles kingside", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 10 20", "O-O",
			"r3k2r/8/8/8/8/8/8/R4RK1 b kq - 11 20"},
		{"black castles queenside", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 11 20", "O-O-O",
			"2kr3r/8/8/8/8/8/8/R4RK1 w - - 12 21"},
		{"a quiet promotion", "8/P6k/8/8/8/8/8/K7 w - - 30 50", "a8=Q",
			"Q7/7k/8/8/8/8/8/K7 b - - 0 50"},
		{"a capturing promotion by Black", "1R6/8/8/8/8/7k/p7/1R5K b - - 41 60", "axb1=N",
			"1R6/8/8/8/8/7k/8/1n5K w - - 0 61"},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 30", "exd6",
			"4k3/8/3P4/8/8/8/8/4K3 b - - 0 30"},
		{"a capture by a piece", "4k3/8/8/3p4/8/8/8/3QK3 w - - 17 30", "Qxd5",
			"4k3/8/8/3Q4/8/8/8/4K3 b - - 0 30"},
		{"a quiet piece move", "4k3/8/8/8/8/8/8/3QK3 b - - 17 30", "Kf7",
			"8/5k2/8/8/8/8/8/3QK3 w - - 18 31"},
	}
	for _, tc := range cases {
		p, err := FromFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		m, err := p.ParseSAN([]byte(tc.san))
		if err != nil {
			t.Fatalf("%s: %s: %v", tc.name, tc.san, err)
		}
		p.Play(m)
		if got := p.FEN(); got != tc.want {
			t.Errorf("%s: %s after %s is\n %s, want\n %s", tc.name, tc.fen, tc.san, got, tc.want)
		}
	}
}

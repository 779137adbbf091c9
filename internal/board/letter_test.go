package board

import "testing"

// Letter writes pieces as FEN does: PNBRQK for White, pnbrqk for Black, nothing for no piece.
func TestPieceLetter(t *testing.T) {
	want := map[Color]string{White: "PNBRQK", Black: "pnbrqk"}
	for c, letters := range want {
		for i, r := range []Role{Pawn, Knight, Bishop, Rook, Queen, King} {
			if got := MakePiece(c, r).Letter(); got != letters[i] {
				t.Errorf("MakePiece(%v, %v).Letter() = %q, want %q", c, r, got, letters[i])
			}
		}
	}
	if got := NoPiece.Letter(); got != 0 {
		t.Errorf("NoPiece.Letter() = %q, want 0", got)
	}
}

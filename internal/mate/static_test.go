package mate

import (
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// mustPosition parses fen or fails the test.
func mustPosition(tb testing.TB, fen string) board.Position {
	tb.Helper()
	p, err := board.FromFEN(fen)
	if err != nil {
		tb.Fatalf("%s: %v", fen, err)
	}
	return p
}

// The hand-worked positions of the static layer. Each comment says why the answer is what it is,
// worked from the rules, not from the code.
var staticCases = []struct {
	name         string
	fen          string
	white, black bool // staticNo for White, for Black
}{
	// rules.md 6: no pawn can move or ever capture (every capture square is guarded by an enemy
	// pawn, so neither king may stand there, and there are no other men), and neither king can
	// cross the fourth or fifth rank. Dead.
	{"wall", "8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1", true, true},
	// rules.md 6: without the h-pawns a king walks round by the h-file, takes a pawn, and the
	// freed pawns promote: not dead, and no static proof may say otherwise.
	{"wall with an open file", "8/8/4k3/1p1p1p2/1P1P1P2/8/4K3/8 w - - 0 1", false, false},
	// rules.md 6: the dark-squared bishop, like the white king, can never cross the wall (the
	// wall's dark squares on the fourth rank are White's own pawns), and no black man ever
	// comes to White's side. Dead.
	{"bishop behind the wall", "8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/2B5 b - - 0 1", true, true},
	// Same-coloured bishops behind the wall: White's two dark-squared bishops are walled in as
	// above; Black's light-squared bishop finds the wall's light squares on the fifth rank all
	// held by Black's own pawns, and the white pawns it could attack stand on dark squares.
	{"same-coloured bishops behind the wall", "4b3/8/4k3/1p1p1p1p/1P1P1P1P/4B3/4K3/2B5 w - - 0 1", true, true},
	// The same with Black's bishop on the dark squares: it goes to c5 (dark, not a king's
	// square but a bishop may stand there) and takes b4 or d4; the wall opens. Not dead.
	{"opposite bishop opens the wall", "5b2/8/4k3/1p1p1p1p/1P1P1P1P/4B3/4K3/2B5 w - - 0 1", false, false},
	// A knight jumps the wall: from c3 it attacks b5 and d5 and takes one. Not dead.
	{"knight jumps the wall", "8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/6N1 w - - 0 1", false, false},
	// A white bishop on Black's side attacks b5 and d5 from behind. It can never reach their
	// capture squares (the wall's light squares on the fifth rank are Black's pawns), but it can
	// take them: Bxb5, and the wall is open. Not dead.
	{"bishop attacks the wall from behind", "8/8/2B1k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1", false, false},
	// A black man on a capture square: the b4 (or d4) pawn takes the knight on c5, walks to c8
	// and promotes, so White can mate; Black's pawns are then free too.
	{"wall pawn can capture", "8/8/4k3/1pnp1p1p/1P1P1P1P/8/4K3/8 w - - 0 1", false, false},
	// The black king is held on the eighth rank (b7, d7, f7, h7 are guarded by White's pawns,
	// a7, c7, e7, g7 are Black's locked pawns), and White's light-squared bishop inside can
	// check it on c8, e8 or g8, but each of those has dark neighbours on the eighth rank that
	// nothing of White's can ever attack and no black man can fill (Black has none): the king
	// always has a flight, so it can only ever be stalemated, never mated. Dead.
	{"king reaches only squares with a flight", "4k3/p1pBp1p1/P1P1P1P1/8/8/8/8/4K3 b - - 0 1", true, true},
	// The same wall with a white knight outside: it jumps to b6, a8 and takes c7. Not dead.
	{"knight reaches the king's side", "4k3/p1p1p1p1/P1P1P1P1/8/8/8/3N4/4K3 b - - 0 1", false, false},
	// Bishops of opposite colours behind a wall, one each: the white king is held below the
	// wall (ranks 1-3; the fourth rank's dark squares are guarded by Black's pawns, its light
	// ones are White's), with Black's dark-squared bishop but not Black's king. Mated on a dark
	// square, the king's light neighbours on ranks 1-3 (at least two: a1 has a2 and b1) can be
	// filled only by White's men, and White has one, the light-squared bishop. White's bishop
	// can never cross (the fourth rank's light squares are its own pawns). Dead.
	{"one blocker where a mate needs two", "7k/8/8/p1p1p1p1/P1P1P1P1/8/8/4bB1K b - - 0 1", true, true},
	// The same with a second white light-squared bishop: Ka1, Bb1, Ba2 and a black bishop
	// checking from c3 is a mate (b2 lies on the check's line), so Black can mate.
	{"two blockers make the mate", "7k/8/8/p1p1p1p1/P1P1P1P1/8/8/3BbB1K b - - 0 1", true, false},
	// A second white light-squared bishop, but on Black's side of the wall (b7): it can never
	// come down (the fourth rank's light squares are White's pawns), so only one white man can
	// ever fill the king's light neighbours on ranks 1-3, and Black still cannot mate. White
	// cannot either: its bishop checks the black king only on light squares, whose dark
	// neighbours nothing of White's covers and Black's only man, walled in below, never fills.
	{"the second blocker is walled away", "7k/1B6/8/p1p1p1p1/P1P1P1P1/8/8/4bB1K b - - 0 1", true, true},
	// No locked pawns at all: the start position, and a queen against a bare king. A bare king
	// has no man to check with, so that side is "no"; the queen's side mates.
	{"start position", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, false},
	{"queen against a bare king", "8/8/8/4k3/8/8/8/3QK3 w - - 0 1", false, true},
	// A wall with one more black pawn on b6: every pawn is blocked head-on and every capture
	// square is empty or a pawn of the same colour, so, kings apart, nothing moves. Dead.
	{"wall with a chain", "8/8/1p2k3/pPp1p1p1/P1P1P1P1/8/4K3/8 w - - 0 1", true, true},
	// The same position just after ...c7-c5: b5xc6 e.p. is legal, the wall opens and the c6
	// pawn runs on to promote. Not dead.
	{"en passant opens the wall", "8/8/1p2k3/pPp1p1p1/P1P1P1P1/8/4K3/8 w - c6 0 1", false, false},
	// A king that never moves locks the pawn in front of it. White's king on a1: b1 is
	// guarded by the a2 pawn, a2 by the b3 pawn, b2 is White's own pawn, blocked by b3. The
	// b2 pawn's capture squares a3 and c3 are dark, where Black's light-squared bishop never
	// stands, and the king, which never leaves a1, guards b2 against Black's king. So a2 is
	// never pushed (a1 stays occupied), and nothing ever moves but Black's king and bishop:
	// White has no man to check with; Black's bishop never checks the king on dark a1. Dead.
	{"king that never moves blocks a pawn", "k7/8/8/8/4b3/1p6/pP6/K7 w - - 0 1", true, true},
	// The same with Black's bishop on the dark squares: it goes to c3 (or a3), b2 takes it (or
	// it takes b2), White's king is free and the a2 pawn may promote. Not dead, and nothing
	// stays locked for a proof.
	{"bishop that reaches the capture square", "k7/8/8/8/3b4/1p6/pP6/K7 w - - 0 1", false, false},
	// White's king on h1 never moves (g1 is guarded by h2, h2 by g3, g2 is its own pawn,
	// blocked by g3), and it guards g2 against Black's king, which could otherwise walk round
	// to f1 and take it. Black's bishop is dark-squared, the king's square light: Black never
	// checks. White's light-squared bishop checks only on light squares, and every light
	// square the black king can reach has at least two dark neighbours that White never
	// covers (a8: a7 and b8), with one black man, the bishop, to fill them. Dead.
	{"king that never moves guards its pawn", "k7/8/8/5B2/8/6p1/6Pp/2b4K w - - 0 1", true, true},
	// The same with White's king on g1: h1 is free, so the h2 pawn can promote. No proof.
	// Pawns that never pass each other: no pawn stands on the b, d, f or h files and no piece
	// is left, so no pawn can ever capture, and each keeps its file. The fifth rank's black
	// pawns march down toward White's second-rank pawns but can never pass them: those are
	// never captured (Black's king is held on the eighth rank: b7, d7, f7, h7 are guarded by
	// the locked sixth-rank pawns), so no black pawn promotes; White's lower pawns stop below
	// their own sixth-rank pawns. Neither side ever has a man that can give check. Dead.
	{"pawns that never pass each other", "1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - - 0 1", true, true},
	// The same with Black's g5 pawn on b4 instead: it takes on a3 or c3 when a white pawn gets there,
	// and the black pawn left alone on that file promotes. No proof.
	{"a pawn that can capture lets one pass", "1k6/p1p1p1p1/P1P1P1P1/p1p1p3/1p6/8/P1P1P1P1/4K3 w - - 0 1", false, false},
	// Without the g-pawns of the sixth and seventh ranks Black's king walks down the g-file,
	// takes White's lower pawns, and Black's fifth-rank pawns promote. No proof.
	{"a king that can take the lower pawns", "1k6/p1p1p3/P1P1P3/p1p1p1p1/8/8/P1P1P1P1/4K3 w - - 0 1", false, false},
	{"king that can step aside", "k7/8/8/5B2/8/6p1/6Pp/2b3K1 w - - 0 1", false, false},
}

func TestStaticNoHandWorked(t *testing.T) {
	for _, tc := range staticCases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPosition(t, tc.fen)
			if got := staticNo(&p, board.White); got != tc.white {
				t.Errorf("staticNo(%s, white) = %v, want %v", tc.fen, got, tc.white)
			}
			if got := staticNo(&p, board.Black); got != tc.black {
				t.Errorf("staticNo(%s, black) = %v, want %v", tc.fen, got, tc.black)
			}
		})
	}
}

// TestStaticNoFlightHalf makes sure the "king reaches only squares with a flight" case is
// proved by the flight argument, not by the absence of checks: White's bishop can check the
// king on c8, e8 and g8.
func TestStaticNoFlightHalf(t *testing.T) {
	p := mustPosition(t, "4k3/p1pBp1p1/P1P1P1P1/8/8/8/8/4K3 b - - 0 1")
	_, r := lockedPawns(&p)
	const c8e8g8 = 1<<58 | 1<<60 | 1<<62
	if got := r[board.White].hits & r[board.Black].king; got&c8e8g8 != c8e8g8 {
		t.Errorf("white's check squares within the black king's reach = %#x, want c8, e8 and g8 among them", got)
	}
}

// TestKingsOnlyAgrees: at every step of dropCheaply's first loop, stillLocked drops the same
// pawns against kingsOnly's reaches, whose kings' floods stop early, as against kingReach's
// whole floods, on the shortcut positions; and some flood stopped early, so the check can fail.
func TestKingsOnlyAgrees(t *testing.T) {
	early := 0
	for _, p := range shortcutPositions(t) {
		for locked := headOn(&p); locked != 0; {
			var part, whole [2]reach
			for c := board.White; c <= board.Black; c++ {
				kingsOnly(&p, c, locked, &part[c])
				kingReach(&p, c, locked, &whole[c])
				if part[c].king != whole[c].king {
					early++
				}
			}
			next := stillLocked(&p, board.White, locked, &part) | stillLocked(&p, board.Black, locked, &part)
			want := stillLocked(&p, board.White, locked, &whole) | stillLocked(&p, board.Black, locked, &whole)
			if next != want {
				t.Errorf("%s: locked %#x: kingsOnly keeps %#x, kingReach %#x", p.FEN(), locked, next, want)
				break
			}
			if next == locked {
				break
			}
			locked = next
		}
	}
	t.Logf("a king's flood stopped early %d times", early)
	if early == 0 {
		t.Error("no flood stopped early: the check proves nothing")
	}
}

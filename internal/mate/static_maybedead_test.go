package mate

import (
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
	"github.com/pgnscan/pgnscan/internal/pgn"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// finalPositions replays every standard game of a corpus file with internal/pgn and
// internal/board and returns the positions the games stop in. Games with a FEN tag are left
// out (skipped counts them), as are games whose moves do not replay (a corpus error, fatal).
func finalPositions(tb testing.TB, name string) (finals []board.Position, skipped int) {
	tb.Helper()
	f := testcorpus.Open(tb, name)
	defer f.Close()
	r := pgn.NewReader(f, pgn.SplitterOptions{Source: name})
	for r.Next() {
		tok := r.Tokenizer()
		p := board.StartPosition()
		setUp := false
		for k := tok.Next(); k != pgn.TokEnd; k = tok.Next() {
			switch k {
			case pgn.TokTag:
				setUp = setUp || string(tok.TagName()) == "FEN"
			case pgn.TokSAN:
				if setUp {
					continue
				}
				m, err := p.ParseSAN(tok.Bytes())
				if err != nil {
					tb.Fatalf("%s game %d: %s: %v", name, r.Game().Index, tok.Bytes(), err)
				}
				p.Play(m)
			}
		}
		if err := tok.Err(); err != nil {
			tb.Fatalf("%s game %d: %v", name, r.Game().Index, err)
		}
		if setUp {
			skipped++
			continue
		}
		finals = append(finals, p)
	}
	if err := r.Err(); err != nil {
		tb.Fatal(err)
	}
	return finals, skipped
}

// TestMayBeDeadOnDeadPositions: MayBeDead must be true on every position labelled dead, and on
// the positions its doc comment gives as counter-examples to the tempting shortcuts.
func TestMayBeDeadOnDeadPositions(t *testing.T) {
	positions, _ := unwinnableFile(t, "labelled-dev.txt", true)
	dead := 0
	for _, lp := range positions {
		if lp.canW || lp.canB {
			continue
		}
		dead++
		if !MayBeDead(&lp.pos) {
			t.Errorf("labelled-dev.txt:%d: %s is labelled dead, MayBeDead says certainly not", lp.line, lp.fen)
		}
	}
	t.Logf("%d dead positions", dead)
	for _, fen := range []string{
		"1k6/1P5p/BP3p2/1P6/8/6K1/5P1P/8 w - - 0 1",   // labelled dead; pawns move, many legal moves
		"k7/2Q5/3Q4/1p6/8/KP6/P1P5/8 b - - 2 52",      // two queens; b5-b4+ then stalemate
		"8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1", // rules.md 6
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",              // stalemate: no series of moves mates
	} {
		p := mustPosition(t, fen)
		if !MayBeDead(&p) {
			t.Errorf("%s: MayBeDead = false, want true", fen)
		}
	}
	// A checkmate is the one position it rules out.
	p := mustPosition(t, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
	if MayBeDead(&p) {
		t.Errorf("fool's mate: MayBeDead = true, want false")
	}
}

// TestMayBeDeadRates reports how often MayBeDead rules a position out on the ordinary lichess
// timeouts and on the final positions of a corpus file, and checks that it rules out exactly
// the checkmates (its one certificate).
func TestMayBeDeadRates(t *testing.T) {
	timeouts, _ := unwinnableFile(t, "lichess-timeouts-15k-dev.txt", false)
	falses := 0
	for _, lp := range timeouts {
		if !MayBeDead(&lp.pos) {
			falses++
		}
	}
	t.Logf("lichess-timeouts-15k-dev.txt: false on %d of %d", falses, len(timeouts))
	const name = "lichess-2025-05-excerpt.pgn"
	finals, skipped := finalPositions(t, name)
	falses = 0
	for i := range finals {
		got, mate := MayBeDead(&finals[i]), finals[i].IsCheckmate()
		if got == mate {
			t.Errorf("%s: final position %s: MayBeDead = %v, checkmate = %v", name, finals[i].FEN(), got, mate)
		}
		if !got {
			falses++
		}
	}
	t.Logf("%s: false on %d of %d final positions (%.1f %%; %d set-up games left out)",
		name, falses, len(finals), 100*float64(falses)/float64(len(finals)), skipped)
}

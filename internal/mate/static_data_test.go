package mate

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// labelledPosition is one line of a file in ../shared/unwinnable: a position and, where the
// file says so, whether each side can mate.
type labelledPosition struct {
	line   int
	fen    string
	pos    board.Position
	canW   bool // labelled-dev: White can mate
	canB   bool // labelled-dev: Black can mate
	gameID string
}

// unwinnableFile reads ../shared/unwinnable/name (see unwinnablePath).
// labelled says the lines are "XX FEN" (labelled-dev.txt); otherwise they are "FEN gameId".
// Positions that internal/board rejects (labelled-dev.txt has a few composed ones with more
// material than promotions explain) are returned in rejected, not in positions.
func unwinnableFile(tb testing.TB, name string, labelled bool) (positions []labelledPosition, rejected []string) {
	tb.Helper()
	f, err := os.Open(unwinnablePath(tb, name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		lp := labelledPosition{line: n}
		if labelled {
			if len(fields) != 5 || len(fields[0]) != 2 {
				tb.Fatalf("%s:%d: want \"XX FEN\", got %q", name, n, sc.Text())
			}
			lp.canW, lp.canB = fields[0][0] == 'W', fields[0][1] == 'B'
			fields = fields[1:]
		} else {
			if len(fields) != 7 {
				tb.Fatalf("%s:%d: want \"FEN gameId\", got %q", name, n, sc.Text())
			}
			lp.gameID = fields[6]
			fields = fields[:6]
		}
		lp.fen = strings.Join(fields, " ")
		lp.pos, err = board.FromFEN(lp.fen)
		if err != nil {
			rejected = append(rejected, sc.Text()+": "+err.Error())
			continue
		}
		positions = append(positions, lp)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return positions, rejected
}

// TestStaticNoLabelled checks staticNo against the reference tool's labels: it must never say
// "no" for a side labelled able to mate. It also holds the share of "-" labels proved to its
// floor, so that a change that loses proofs is seen.
func TestStaticNoLabelled(t *testing.T) {
	positions, rejected := unwinnableFile(t, "labelled-dev.txt", true)
	for _, r := range rejected {
		t.Logf("not a position for internal/board: %s", r)
	}
	var cannot, proved [2]int
	for _, lp := range positions {
		for c, can := range [2]bool{lp.canW, lp.canB} {
			got := staticNo(&lp.pos, board.Color(c))
			if got && can {
				t.Errorf("labelled-dev.txt:%d: %s: staticNo says %v cannot mate; labelled able", lp.line, lp.fen, board.Color(c))
			}
			if !can {
				cannot[c]++
				if got {
					proved[c]++
				}
			}
		}
	}
	t.Logf("%d positions (%d rejected); proved no: white %d of %d, black %d of %d",
		len(positions), len(rejected), proved[0], cannot[0], proved[1], cannot[1])
	if proved[0]+proved[1] < 265 {
		t.Errorf("proved %d labelled \"no\" answers, want at least 265 (the layer's measured figure is 267)", proved[0]+proved[1])
	}
}

// TestStaticNoUnfairTimeouts: on every line the side not to move cannot mate, so no answer can
// be wrong; the test reports the share proved and holds it to its floor.
func TestStaticNoUnfairTimeouts(t *testing.T) {
	positions, rejected := unwinnableFile(t, "lichess-unfair-timeouts-dev.txt", false)
	if len(rejected) > 0 {
		t.Fatalf("rejected lines: %v", rejected[:min(3, len(rejected))])
	}
	proved := 0
	for _, lp := range positions {
		if staticNo(&lp.pos, lp.pos.Turn().Other()) {
			proved++
		}
	}
	t.Logf("proved %d of %d (%.1f %%)", proved, len(positions), 100*float64(proved)/float64(len(positions)))
	if proved < 13_650 {
		t.Errorf("proved %d, want at least 13,650 (measured 13,697)", proved)
	}
}

// TestStaticNoOrdinaryTimeouts: in ordinary lichess timeouts the side that did not flag can
// mate in all but a handful (the reference tool's finding), so a static "no" here is almost
// surely a bug. The layer proves only lines of timeoutNo, each checked by hand (tapdr97m, since
// a king that never moves locks the pawn in front of it); any other would be printed here.
func TestStaticNoOrdinaryTimeouts(t *testing.T) {
	positions, rejected := unwinnableFile(t, "lichess-timeouts-15k-dev.txt", false)
	if len(rejected) > 0 {
		t.Fatalf("rejected lines: %v", rejected[:min(3, len(rejected))])
	}
	for _, lp := range positions {
		if _, checked := timeoutNo[lp.gameID]; checked {
			continue
		}
		if winner := lp.pos.Turn().Other(); staticNo(&lp.pos, winner) {
			t.Errorf("line %d (%s): staticNo says %v cannot mate in %s", lp.line, lp.gameID, winner, lp.fen)
		}
	}
}

// TestStaticNoStaysTrue walks random legal games from every position where staticNo proves a
// side cannot mate. The proof is an invariant of play (the locked pawns stay locked and every
// reach can only shrink), so it must hold after every move, and no position on the way may be
// a checkmate by that side. A missed way for a man to move (castling, en passant, promotion,
// a capture of a "locked" pawn) shows up here as a proof that is lost after a move.
func TestStaticNoStaysTrue(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 7))
	walks, plies := 0, 0
	for _, file := range []struct {
		name     string
		labelled bool
	}{{"labelled-dev.txt", true}, {"lichess-unfair-timeouts-dev.txt", false}} {
		positions, _ := unwinnableFile(t, file.name, file.labelled)
		for _, lp := range positions {
			for _, side := range [2]board.Color{board.White, board.Black} {
				if !staticNo(&lp.pos, side) {
					continue
				}
				walks++
				p := lp.pos
				var moves board.MoveList
				for ply := 0; ply < 24; ply++ {
					p.LegalMoves(&moves)
					if moves.N == 0 {
						break
					}
					m := moves.Moves[rng.IntN(moves.N)]
					p.Play(m)
					plies++
					if p.Turn() != side && p.IsCheckmate() {
						t.Fatalf("%s:%d: %s: staticNo(%v) but a random walk reached a checkmate by it: %s", file.name, lp.line, lp.fen, side, p.FEN())
					}
					if !staticNo(&p, side) {
						t.Fatalf("%s:%d: %s: staticNo(%v) lost after %v, at %s", file.name, lp.line, lp.fen, side, m, p.FEN())
					}
				}
			}
		}
	}
	t.Logf("%d walks, %d plies", walks, plies)
}

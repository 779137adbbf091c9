package board

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// perft960Depth is the deepest count of the Chess960 tables checked: 4 by default (every
// position of both tables), 5 under the slow build tag.
var perft960Depth = 4

// perft960Case is one position of a Chess960 perft table with its counts from depth 1.
type perft960Case struct {
	line   int
	fen    string
	counts []uint64
}

// readPerft960 reads a table of testdata: comment lines start with '#'; parse splits a line
// into the FEN and the counts' fields.
func readPerft960(t *testing.T, name string, parse func(string) (string, []string)) []perft960Case {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perft960Case
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fen, fs := parse(text)
		c := perft960Case{line: line, fen: fen}
		for _, s := range fs {
			n, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				t.Fatalf("%s:%d: %v", name, line, err)
			}
			c.counts = append(c.counts, n)
		}
		if len(c.counts) != 6 {
			t.Fatalf("%s:%d: %d counts, want 6", name, line, len(c.counts))
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// startFEN960 returns the Shredder-FEN of the Chess960 start position with white back rank
// rank ("RKQRBBNN"): Black mirrors it, and both rooks of each side may castle.
func startFEN960(rank string) string {
	king := strings.IndexByte(rank, 'K')
	var rooks []byte // kingside first, as the table's source writes them
	for f := 7; f >= 0; f-- {
		if rank[f] == 'R' && f > king {
			rooks = append(rooks, byte('A'+f))
		}
	}
	for f := 0; f < king; f++ {
		if rank[f] == 'R' {
			rooks = append(rooks, byte('A'+f))
		}
	}
	return strings.ToLower(rank) + "/pppppppp/8/8/8/8/PPPPPPPP/" + rank + " w " +
		string(rooks) + strings.ToLower(string(rooks)) + " - 0 1"
}

func checkPerft960(t *testing.T, name string, cases []perft960Case) {
	for _, c := range cases {
		p, err := FromFEN(c.fen)
		if err != nil {
			t.Fatalf("%s:%d: %v", name, c.line, err)
		}
		if sq := castleSquaresWrong(&p, 3); sq != "" {
			t.Errorf("%s:%d: %s", name, c.line, sq)
		}
		for d := 1; d <= perft960Depth && d <= len(c.counts); d++ {
			if got := p.perft(d); got != c.counts[d-1] {
				t.Errorf("%s:%d: perft(%d) of %s = %d, want %d", name, c.line, d, c.fen, got, c.counts[d-1])
				break
			}
		}
	}
}

// TestPerft960Start: the published counts of all 960 Chess960 start positions (testdata/
// chess960-start.perft), to depth 4 (5 under the slow tag). Each start position's rights are those of both rooks, and X-FEN
// writes them as KQkq, which a Chess960 reading takes back to the same position.
func TestPerft960Start(t *testing.T) {
	cases := readPerft960(t, "chess960-start.perft", func(line string) (string, []string) {
		fs := strings.Fields(line)
		if len(fs) != 7 || len(fs[0]) != 8 {
			t.Fatalf("chess960-start.perft: bad line %q", line)
		}
		return startFEN960(fs[0]), fs[1:]
	})
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.fen] = true
	}
	if len(cases) != 960 || len(seen) != 960 {
		t.Fatalf("%d start positions, %d different, want 960", len(cases), len(seen))
	}
	for _, c := range cases {
		p, err := FromFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if p.Castling() != AllCastling || p.FEN() != strings.Replace(c.fen, strings.Fields(c.fen)[2], "KQkq", 1) {
			t.Errorf("%s: rights %v, written %s", c.fen, p.Castling(), p.FEN())
		}
		if q, err := FromFEN960(p.FEN()); err != nil || q != p {
			t.Errorf("%s: X-FEN %s reads back differently: %v", c.fen, p.FEN(), err)
		}
	}
	checkPerft960(t, "chess960-start.perft", cases)
}

// TestPerft960Middlegame: the published counts of Chess960 middlegame positions
// (testdata/chess960-middlegame.perft), with rights of inner and outer rooks, of one side only,
// and kings beside their castling squares.
func TestPerft960Middlegame(t *testing.T) {
	cases := readPerft960(t, "chess960-middlegame.perft", func(line string) (string, []string) {
		fen, counts, ok := strings.Cut(line, ";")
		if !ok {
			t.Fatalf("chess960-middlegame.perft: bad line %q", line)
		}
		return strings.TrimSpace(fen), strings.Fields(counts)
	})
	checkPerft960(t, "chess960-middlegame.perft", cases)
}

// castleSquaresWrong walks every line of depth plies from p and describes the first position
// whose castleSquares (kept incrementally by Play) differs from a recomputation, else "".
func castleSquaresWrong(p *Position, depth int) string {
	if p.castleSquares != p.rightsSquares() {
		return fmt.Sprintf("castleSquares %x, recomputed %x, in %s", p.castleSquares, p.rightsSquares(), p.FEN())
	}
	if depth == 0 || p.castling == 0 {
		return ""
	}
	var l MoveList
	p.LegalMoves(&l)
	for _, m := range l.Slice() {
		q := *p
		q.Play(m)
		if s := castleSquaresWrong(&q, depth-1); s != "" {
			return s
		}
	}
	return ""
}

package board

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

type perftCase struct {
	fen   string
	depth int
	nodes uint64
}

// readPerftFile reads testdata/perft.epd: "epd <FEN>" lines followed by "perft <depth> <nodes>".
func readPerftFile(t testing.TB) []perftCase {
	t.Helper()
	f, err := os.Open("testdata/perft.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	var fen string
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		switch {
		case text == "" || strings.HasPrefix(text, "#"):
		case strings.HasPrefix(text, "epd "):
			fen = strings.TrimPrefix(text, "epd ")
		case strings.HasPrefix(text, "perft "):
			var c perftCase
			fs := strings.Fields(text)
			if len(fs) != 3 || fen == "" {
				t.Fatalf("perft.epd:%d: bad line %q", line, text)
			}
			c.fen = fen
			c.depth, err = strconv.Atoi(fs[1])
			if err != nil {
				t.Fatalf("perft.epd:%d: %v", line, err)
			}
			c.nodes, err = strconv.ParseUint(fs[2], 10, 64)
			if err != nil {
				t.Fatalf("perft.epd:%d: %v", line, err)
			}
			cases = append(cases, c)
		default:
			t.Fatalf("perft.epd:%d: bad line %q", line, text)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// perftNodeCap keeps the default run quick (it covers every count issue 2 lists); the slow
// build tag lifts it (perft_slow_test.go).
var perftNodeCap uint64 = 5_000_000

func TestPerft(t *testing.T) {
	for _, c := range readPerftFile(t) {
		if c.nodes > perftNodeCap {
			continue
		}
		p, err := FromFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		if got := p.perft(c.depth); got != c.nodes {
			t.Errorf("perft(%d) of %s = %d, want %d", c.depth, c.fen, got, c.nodes)
		}
	}
}

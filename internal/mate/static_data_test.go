package mate

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
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

// unwinnableFile reads ../shared/unwinnable/name, skipping the test when the folder is absent.
// labelled says the lines are "XX FEN" (labelled-dev.txt); otherwise they are "FEN gameId".
// Positions that internal/board rejects (labelled-dev.txt has a few composed ones with more
// material than promotions explain) are returned in rejected, not in positions.
func unwinnableFile(tb testing.TB, name string, labelled bool) (positions []labelledPosition, rejected []string) {
	tb.Helper()
	_, file, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "unwinnable", name)
	f, err := os.Open(path)
	if err != nil {
		tb.Skipf("labelled positions not found: %v", err)
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

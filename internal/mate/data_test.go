package mate

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// labelledLine is one line of a file of ../shared/unwinnable: a position and, for
// labelled-dev.txt, whether each side can mate.
type labelledLine struct {
	fen       string
	pos       board.Position
	label     string // labelled-dev.txt: "WB", "W-", "-B" or "--"; else ""
	gameID    string // the lichess files: the game's id
	lineNo    int
	loserSide board.Color // the lichess files: the side to move, which flagged
}

// unwinnablePath returns the path of a file of ../shared/unwinnable beside the repository; when
// it is absent it skips tb, or in CI fails it (testcorpus.SharedPath).
func unwinnablePath(tb testing.TB, name string) string {
	tb.Helper()
	return testcorpus.SharedPath(tb, "unwinnable/"+name)
}

// readUnwinnable reads every every-th line of the named file (every = 1: all of it).
func readUnwinnable(tb testing.TB, name string, every int) []labelledLine {
	tb.Helper()
	f, err := os.Open(unwinnablePath(tb, name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []labelledLine
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if (n-1)%every != 0 {
			continue
		}
		fields := strings.Fields(sc.Text())
		var l labelledLine
		l.lineNo = n
		switch {
		case name == "labelled-dev.txt" && len(fields) == 5:
			l.label, l.fen = fields[0], strings.Join(fields[1:], " ")
		case len(fields) == 7:
			l.fen, l.gameID = strings.Join(fields[:6], " "), fields[6]
		default:
			tb.Fatalf("%s:%d: unexpected line %q", name, n, sc.Text())
		}
		// labelled-dev.txt holds a few composed positions with more promoted pieces than
		// missing pawns, which no game reaches but from which moves can be played (Playable);
		// they are answered like the others. The lichess files hold only reachable ones.
		s, err := board.ParseFEN(l.fen)
		var unreachable error
		if err == nil {
			l.pos, unreachable, err = s.Playable()
		}
		if err == nil && unreachable != nil && name != "labelled-dev.txt" {
			err = unreachable
		}
		if err != nil {
			tb.Fatalf("%s:%d: %v", name, n, err)
		}
		l.loserSide = l.pos.Turn()
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

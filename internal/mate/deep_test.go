package mate

import (
	"runtime"
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// deepCase is a question the plan leaves unknown at the default budget and the deep steps
// settle. want is No or Yes; a Yes is checked by replaying its witness, a No by the label
// of the position in labelled-dev.txt (labelled true), or by the argument in its comment.
type deepCase struct {
	fen      string
	side     board.Color
	want     Answer
	labelled bool
}

// deepCases are the two the default test asks (a few seconds each: the whole plan runs first).
var deepCases = []deepCase{
	// No: the exhaustive search resumed completes (110,000 positions). Labelled "--".
	{"k7/2K5/3p1p2/3PbP2/3pBp2/3P1P2/4B3/8 w - -", board.White, No, true},
	// Yes: White's lone bishop mates a king its own men wall in (the cage search beyond the
	// plan's limit); the witness replays. lichess-timeouts-15k-dev.txt, game ODqY0sVz.
	{"8/8/5p2/8/B2k3K/3b4/8/2q5 w - -", board.White, Yes, false},
}

// TestDeepSettles wants each case settled at the default budget, as its label says, and
// unknown without the deep steps: the test fails if they are removed or stop settling it.
func TestDeepSettles(t *testing.T) {
	checkDeep(t, deepCases)
}

// checkDeep asks each case with the deep steps and without them.
func checkDeep(t *testing.T, cases []deepCase) {
	labels := map[string]string{}
	for _, l := range readUnwinnable(t, "labelled-dev.txt", 1) {
		labels[l.fen] = l.label
	}
	d := NewDecider(0)
	for _, c := range cases {
		s, err := board.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		p, _, err := s.Playable()
		if err != nil {
			t.Fatal(err)
		}
		if c.labelled {
			label, ok := labels[c.fen]
			if !ok {
				t.Fatalf("%s: not in labelled-dev.txt", c.fen)
			}
			if want := map[bool]Answer{true: Yes, false: No}[label[c.side] != '-']; want != c.want {
				t.Fatalf("%s: case wants %v, label %s", c.fen, c.want, label)
			}
		}
		before := heapHeld()
		r := d.CanMate(&p, c.side)
		// The deep steps' tables (each many times the plan's: 33 MB for the exhaustive search's,
		// 24 MB for a cage search's) are freed as each step ends (releaseStep): kept, they were
		// held beside the next step's, where canmate's peak memory was set.
		if held := int64(heapHeld()) - int64(before); held > 8<<20 {
			t.Errorf("%s %v: %d bytes held after the question", c.fen, c.side, held)
		}
		checkResult(t, c.fen, &p, c.side, r)
		if r.Answer != c.want {
			t.Errorf("%s %v: %v after %d nodes, want %v", c.fen, c.side, r.Answer, r.Nodes, c.want)
		}
		// A lone minor piece's mate is the deep cage search's: its arrays, sized for the deep
		// share, must not outlive the question (release), or they hold canmate's heap near its
		// memory limit for the rest of the run; the plan's pattern search (which ran: the case
		// has few men) gets its own arrays back for the next question (cageRoom), or they are
		// grown again from nothing, in memory the kernel must fault in again.
		if _, _, lone := loneMinor(&p, c.side); lone && r.Answer == Yes {
			if n := cap(d.pattern.seen.entries); n > 2*patternMaxNodes {
				t.Errorf("%s %v: the deep cage search's arrays (%d entries) kept after the question", c.fen, c.side, n)
			} else if n == 0 {
				t.Errorf("%s %v: the plan's pattern arrays dropped after the deep cage search", c.fen, c.side)
			}
		}
		saved := deepPlan
		deepPlan = nil
		r = d.CanMate(&p, c.side)
		deepPlan = saved
		if r.Answer != Unknown {
			t.Errorf("%s %v: %v without the deep steps: the case no longer tests them", c.fen, c.side, r.Answer)
		}
	}
}

// heapHeld returns the live heap after a collection.
func heapHeld() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

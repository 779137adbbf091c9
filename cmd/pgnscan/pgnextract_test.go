package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
)

// pgnExtractFixture is testdata/sample.pgn-extract.txt read back.
type pgnExtractFixture struct {
	lists map[string][]rosterKey // "repetition", "fifty": the games pgn-extract lists
	// known differences: list -> game index -> who lists the game alone ("ours" or
	// "pgn-extract"), with the reason written in the fixture.
	differ map[string]map[int64]string
}

// rosterKey identifies a game by its seven-tag roster, as pgn-extract writes it ("?" for a
// missing tag, "????.??.??" for a missing date).
type rosterKey struct{ event, site, date, round, white, black, result string }

func keyOf(g *report.GameInfo) rosterKey {
	q := func(s, missing string) string {
		if s == "" {
			return missing
		}
		return s
	}
	return rosterKey{q(g.Event, "?"), q(g.Site, "?"), q(g.Date, "????.??.??"), q(g.Round, "?"),
		q(g.White, "?"), q(g.Black, "?"), q(g.Result, "*")}
}

func readPgnExtractFixture(t testing.TB) pgnExtractFixture {
	t.Helper()
	f, err := os.Open(testdataPath(t, "sample.pgn-extract.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fx := pgnExtractFixture{lists: map[string][]rosterKey{}, differ: map[string]map[int64]string{}}
	list := ""
	tags := map[string]string{}
	flush := func() {
		if len(tags) == 0 {
			return
		}
		fx.lists[list] = append(fx.lists[list], rosterKey{tags["Event"], tags["Site"], tags["Date"],
			tags["Round"], tags["White"], tags["Black"], tags["Result"]})
		clear(tags)
	}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "## "):
			flush()
			list, _, _ = strings.Cut(strings.TrimPrefix(l, "## "), ":")
		case strings.HasPrefix(l, "!"):
			// ! LIST GAME_INDEX ours|pgn-extract: why
			head, why, _ := strings.Cut(strings.TrimSpace(l[1:]), ":")
			f := strings.Fields(head)
			idx, err := strconv.ParseInt(f[min(1, len(f)-1)], 10, 64)
			if len(f) != 3 || err != nil || (f[2] != "ours" && f[2] != "pgn-extract") || strings.TrimSpace(why) == "" {
				t.Fatalf("sample.pgn-extract.txt:%d: want \"! LIST GAME_INDEX ours|pgn-extract: why\", got %q", n, l)
			}
			if fx.differ[f[0]] == nil {
				fx.differ[f[0]] = map[int64]string{}
			}
			fx.differ[f[0]][idx] = f[2]
		case strings.HasPrefix(l, "["):
			name, val, ok := strings.Cut(strings.TrimSuffix(strings.TrimPrefix(l, "["), "]"), " ")
			if !ok {
				t.Fatalf("sample.pgn-extract.txt:%d: bad tag %q", n, l)
			}
			v, err := strconv.Unquote(val)
			if err != nil {
				t.Fatalf("sample.pgn-extract.txt:%d: %v", n, err)
			}
			tags[name] = v
		case strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#"):
			flush()
		}
	}
	flush()
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return fx
}

// TestPgnExtractAgrees compares a fide2009 scan of the sample with pgn-extract's lists: a game
// has a threefold repetition (max_repetitions >= 3) exactly when pgn-extract --repetition lists
// it, and fifty moves without a capture or pawn move (max_halfmove_clock >= 100) exactly when
// pgn-extract --fifty lists it, except the differences the fixture explains. fide2009 has no
// automatic ending but checkmate, stalemate and dead positions, so its games rows span whole
// games, like pgn-extract.
func TestPgnExtractAgrees(t *testing.T) {
	fx := readPgnExtractFixture(t)
	if len(fx.lists["repetition"]) < 20 || len(fx.lists["fifty"]) < 4 {
		t.Fatalf("fixture lists %d repetition and %d fifty games: too few to compare", len(fx.lists["repetition"]), len(fx.lists["fifty"]))
	}
	s := scanSample(t, t.TempDir(), ".csv", "--edition", "fide2009")

	index := map[rosterKey]int64{}
	ours := map[string]map[int64]bool{"repetition": {}, "fifty": {}}
	for i := range s.games {
		g := &s.games[i]
		k := keyOf(g.GameInfo)
		if j, dup := index[k]; dup && j != g.GameIndex {
			t.Fatalf("games %d and %d have the same seven-tag roster %v: pgn-extract's lists cannot tell them apart", j, g.GameIndex, k)
		}
		index[k] = g.GameIndex
		if g.MaxRepetitions >= 3 {
			ours["repetition"][g.GameIndex] = true
		}
		if g.MaxHalfmoveClock >= 100 {
			ours["fifty"][g.GameIndex] = true
		}
	}
	for _, list := range []string{"repetition", "fifty"} {
		theirs := map[int64]bool{}
		for _, k := range fx.lists[list] {
			idx, ok := index[k]
			if !ok {
				t.Errorf("%s: pgn-extract lists a game that has no games row: %v", list, k)
				continue
			}
			theirs[idx] = true
		}
		var diffs []string
		for _, idx := range union(ours[list], theirs) {
			var who string
			switch {
			case ours[list][idx] && !theirs[idx]:
				who = "ours"
			case !ours[list][idx] && theirs[idx]:
				who = "pgn-extract"
			default:
				continue
			}
			if fx.differ[list][idx] == who {
				continue
			}
			diffs = append(diffs, fmt.Sprintf("! %s %d %s", list, idx, who))
		}
		for idx, who := range fx.differ[list] {
			listed := map[string]bool{"ours": ours[list][idx] && !theirs[idx], "pgn-extract": theirs[idx] && !ours[list][idx]}
			if !listed[who] {
				t.Errorf("%s: the fixture explains a difference at game %d (%s only) that no longer exists", list, idx, who)
			}
		}
		if len(diffs) > 0 {
			t.Errorf("%s: %d unexplained differences with pgn-extract (game index, who lists it alone):\n%s",
				list, len(diffs), strings.Join(diffs, "\n"))
		}
		t.Logf("%s: pgn-extract lists %d games, we list %d, %d known differences", list, len(theirs), len(ours[list]), len(fx.differ[list]))
	}
}

func union(a, b map[int64]bool) []int64 {
	var out []int64
	for k := range a {
		out = append(out, k)
	}
	for k := range b {
		if !a[k] {
			out = append(out, k)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

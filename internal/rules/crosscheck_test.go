//go:build slow

package rules

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
	"github.com/pgnscan/pgnscan/internal/mate"
)

// The cross-check compares the Judge with pgn-extract (the Debian package),
// an independent program: `pgn-extract --repetition` keeps the games in which
// some position stands three times, `--fifty` those with fifty moves (100
// half-moves) without a capture or pawn move. Ours are the fide2009 game rows
// with max_repetitions >= 3 and max_halfmove_clock >= 100. Every game on
// which the two disagree must be listed, with the reason, in
// testdata/pgnextract-differences.txt; every other game must agree.

// pgnExtract returns the pgn-extract executable, or skips the test.
func pgnExtract(t *testing.T) string {
	for _, p := range []string{"pgn-extract", "/usr/games/pgn-extract"} {
		if exe, err := exec.LookPath(p); err == nil {
			return exe
		}
	}
	t.Skip("pgn-extract not installed (apt-get install pgn-extract)")
	return ""
}

// ourGame is what the cross-check keeps of a game: our two verdicts and what
// explains a disagreement.
type ourGame struct {
	rep3, fifty bool // fide2009: max_repetitions >= 3, max_halfmove_clock >= 100
	diag        string
}

// naiveRepetitions counts positions the way a program does that takes the
// en passant square from every double push, legal capture or not: the
// largest count of such a position over the whole game.
func naiveRepetitions(start board.Position, moves []board.Move) int {
	p := start
	key := func(ep string) string {
		f := strings.Fields(p.FEN())
		return f[0] + " " + f[1] + " " + f[2] + " " + ep
	}
	ep0 := "-"
	if sq := p.EnPassant(); sq != board.NoSquare {
		ep0 = sq.String()
	}
	seen := map[string]int{key(ep0): 1}
	best := 1
	for _, m := range moves {
		ep := "-"
		if m.Role() == board.Pawn && (m.To()-m.From() == 16 || m.From()-m.To() == 16) {
			ep = board.Square((m.From() + m.To()) / 2).String()
		}
		p.Play(m)
		k := key(ep)
		seen[k]++
		best = max(best, seen[k])
	}
	return best
}

// judgeOurs judges one game under fide2009 alone and describes it.
func judgeOurs(j *Judge, g *corpusGame, choices []Choice, withDiag bool) ourGame {
	var o ourGame
	if !g.standard() {
		o.diag = "variant " + g.variant
		return o
	}
	start, ok := g.start()
	if !ok {
		o.diag = "unusable FEN"
		return o
	}
	j.Begin(&start, ParseResult(g.result), choices)
	var moves []board.Move
	for _, san := range g.sans {
		m, err := j.Position().ParseSAN(san)
		if err != nil {
			j.Fail()
			break
		}
		moves = append(moves, m)
		j.Play(m)
	}
	v := j.Finish()
	s := &v.Games[0]
	o.rep3 = s.MaxRepetitions >= 3
	o.fifty = s.MaxHalfmoveClock >= 100
	if !withDiag {
		return o
	}
	ref := newRefGame(start, g.sans, ParseResult(g.result))
	fullReps, fullHmc := 0, 0
	for i := range ref.pos {
		fullReps = max(fullReps, ref.count[i])
		fullHmc = max(fullHmc, ref.pos[i].HalfmoveClock())
	}
	o.diag = fmt.Sprintf("plies=%d/%d failed=%t readErr=%v end=%s@%d maxr=%d fullr=%d naiver=%d maxh=%d fullh=%d fenhmc=%d",
		v.Plies, len(g.sans), v.Failed, g.readErr != nil, s.EndRule, s.EndPly, s.MaxRepetitions, fullReps,
		naiveRepetitions(start, moves), s.MaxHalfmoveClock, fullHmc, start.HalfmoveClock())
	// Where the first threefold stands: its occurrences and the move into the first.
	for i := range ref.pos {
		if ref.count[i] == 3 {
			occ := ref.at[ref.ids[i]]
			o.diag += fmt.Sprintf(" third@%d occ=%v", i, occ)
			if k := occ[0]; k > 0 {
				o.diag += fmt.Sprintf(" into-first=%s(%s)", ref.pos[k-1].SAN(ref.moves[k-1]), ref.moves[k-1])
			}
			break
		}
	}
	return o
}

// runPgnExtract runs pgn-extract with flag on in and returns the PgnscanIndex
// values of the games it kept.
func runPgnExtract(t *testing.T, exe, flag, in string) map[int]bool {
	out := in + flag + ".pgn"
	cmd := exec.Command(exe, "-s", flag, "-o", out, in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("pgn-extract %s: %v\n%s", flag, err, stderr.String())
	}
	kept := map[int]bool{}
	forEachGameIn(t, out, 0, false, func(g *corpusGame) {
		i, err := strconv.Atoi(g.tagIndex)
		if err != nil {
			t.Fatalf("pgn-extract output game without PgnscanIndex: %q", g.tagIndex)
		}
		kept[i] = true
	})
	return kept
}

// difference is one game on which pgn-extract and we disagree.
type difference struct {
	file  string
	index int
	list  string // "repetition" or "fifty"
	who   string // "pgn-extract" (only it keeps the game) or "pgnscan"
}

func (d difference) key() string {
	return fmt.Sprintf("%s %d %s %s", d.file, d.index, d.list, d.who)
}

// fixture is testdata/pgnextract-differences.txt: the classes of
// difference with their reasons ("class NAME: reason"), then one line per
// game on which the two disagree: "file index list who class".
type fixture struct {
	reasons map[string]string // class -> reason
	games   map[string]string // "file index list who" -> class
}

func loadFixture(t *testing.T) fixture {
	f, err := os.Open(filepath.Join("testdata", "pgnextract-differences.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fx := fixture{reasons: map[string]string{}, games: map[string]string{}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "class "); ok {
			name, reason, ok := strings.Cut(rest, ":")
			if !ok || strings.TrimSpace(reason) == "" {
				t.Fatalf("class without a reason: %q", line)
			}
			fx.reasons[strings.TrimSpace(name)] = strings.TrimSpace(reason)
			continue
		}
		f := strings.Fields(line)
		if len(f) != 5 {
			t.Fatalf("fixture line is not \"file index list who class\": %q", line)
		}
		fx.games[strings.Join(f[:4], " ")] = f[4]
	}
	for k, class := range fx.games {
		if fx.reasons[class] == "" {
			t.Fatalf("%s: class %s has no reason", k, class)
		}
	}
	return fx
}

// classify says why we and pgn-extract disagree on g, from the game itself:
// the test recomputes it, so a fixture line cannot carry a wrong reason.
func classify(g *corpusGame, choices []Choice, d difference) string {
	if !g.standard() {
		return "variant-" + strings.ToLower(g.variant)
	}
	start, ok := g.start()
	if !ok {
		return "unusable-fen"
	}
	var moves []board.Move
	p := start
	for _, san := range g.sans {
		m, err := p.ParseSAN(san)
		if err != nil {
			break
		}
		moves = append(moves, m)
		p.Play(m)
	}
	if d.list == "repetition" && d.who == "pgnscan" && naiveRepetitions(start, moves) < 3 {
		return "naive-ep"
	}
	if d.who == "pgn-extract" && deadFirst(g, choices, start, moves, d.list) {
		return "dead-first"
	}
	return "unexplained"
}

// deadFirst reports whether our fide2009 judgement of g ends at a dead position beyond
// material before the repetition or fifty moves that pgn-extract counts: the judge's end is
// a dead_position at ply k, the full decider (not the scan's cheap layers) proves both sides
// unable to mate at P(k) while the material alone does not, and the positions P0 ... P(k-1)
// hold no threefold (no fifty-move clock of 100) by the reference judge's own count.
func deadFirst(g *corpusGame, choices []Choice, start board.Position, moves []board.Move, list string) bool {
	j := NewJudge()
	j.Begin(&start, ParseResult(g.result), choices)
	for _, m := range moves {
		j.Play(m)
	}
	s := &j.Finish().Games[0]
	if s.EndRule != DeadPosition || s.EndPly < 0 {
		return false
	}
	k := s.EndPly
	p := start
	for _, m := range moves[:k] {
		p.Play(m)
	}
	if dead, _ := mate.NewDecider(0).Dead(&p); !dead || p.IsDeadByMaterial() {
		return false
	}
	ref := newRefGame(start, g.sans[:k], ParseResult(g.result))
	for i := range ref.pos {
		if list == "repetition" && ref.count[i] >= 3 || list == "fifty" && ref.pos[i].HalfmoveClock() >= 100 {
			return false
		}
	}
	return true
}

var crossCheckFiles = strings.Fields(envOr("PGNSCAN_CROSSCHECK_FILES",
	"lichess-2025-05-excerpt.pgn twic1599-excerpt.pgn fics-2000-2199-crlf.pgn chesscom-one-player.pgn tcec-engines.pgn.zst otb-masters.pgn.zst"))

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func TestCrossCheckPgnExtract(t *testing.T) {
	exe := pgnExtract(t)
	fx := loadFixture(t)
	sel := mustSelection(t, "fide2009", "", "")
	choices := sel.Choose(nil, Date{}, Date{}, Date{})
	j := NewJudge()
	seen := map[string]bool{}
	checked := map[string]bool{}
	for _, name := range crossCheckFiles {
		checked[name] = true
		dir := t.TempDir()
		in := filepath.Join(dir, "in.pgn")
		f, err := os.Create(in)
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriterSize(f, 1<<20)
		n := 0
		forEachGame(t, name, 0, true, func(g *corpusGame) {
			fmt.Fprintf(w, "[PgnscanIndex \"%d\"]\n", g.index)
			w.Write(g.raw)
			w.WriteString("\n\n")
			n++
		})
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		f.Close()
		keptRep := runPgnExtract(t, exe, "--repetition", in)
		keptFifty := runPgnExtract(t, exe, "--fifty", in)
		var agreeRep, agreeFifty, ourRep, ourFifty int
		forEachGame(t, name, 0, false, func(g *corpusGame) {
			o := judgeOurs(j, g, choices, false)
			var diffs []difference
			for _, c := range []struct {
				list       string
				mine, kept bool
				agree, our *int
			}{
				{"repetition", o.rep3, keptRep[g.index], &agreeRep, &ourRep},
				{"fifty", o.fifty, keptFifty[g.index], &agreeFifty, &ourFifty},
			} {
				if c.mine {
					*c.our++
				}
				switch {
				case c.mine == c.kept:
					if c.mine {
						*c.agree++
					}
				case c.mine:
					diffs = append(diffs, difference{name, g.index, c.list, "pgnscan"})
				default:
					diffs = append(diffs, difference{name, g.index, c.list, "pgn-extract"})
				}
			}
			for _, d := range diffs {
				seen[d.key()] = true
				class := classify(g, choices, d)
				switch want, ok := fx.games[d.key()]; {
				case !ok:
					t.Errorf("difference not in the fixture: %s %s (%s)", d.key(), class, judgeOurs(j, g, choices, true).diag)
				case want != class:
					t.Errorf("%s: fixture says %s, the game says %s (%s)", d.key(), want, class, judgeOurs(j, g, choices, true).diag)
				}
			}
		})
		t.Logf("%s: %d games; --repetition: pgn-extract %d, pgnscan %d, both %d; --fifty: pgn-extract %d, pgnscan %d, both %d",
			name, n, len(keptRep), ourRep, agreeRep, len(keptFifty), ourFifty, agreeFifty)
	}
	for k := range fx.games {
		if file := strings.Fields(k)[0]; !seen[k] && checked[file] {
			t.Errorf("fixture lists %q, but the two agree on it now", k)
		}
	}
}

// TestAgainstReferenceLarge runs the reference comparison of
// reference_test.go on the TCEC games and the OTB masters (the first
// PGNSCAN_REFERENCE_OTB games, 50,000 by default; 0 for all 344,085).
func TestAgainstReferenceLarge(t *testing.T) {
	otb, err := strconv.Atoi(envOr("PGNSCAN_REFERENCE_OTB", "50000"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		max  int
	}{{"tcec-engines.pgn.zst", 0}, {"otb-masters.pgn.zst", otb}} {
		games, findings := compareWithReference(t, c.name, c.max)
		t.Logf("%s: %d games, %d findings agree with the reference", c.name, games, findings)
	}
}

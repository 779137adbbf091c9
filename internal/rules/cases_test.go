package rules

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
	"github.com/pgnscan/pgnscan/internal/pgn"
)

// TestTestdataCases runs the project's hand-built rule cases
// (testdata/cases.pgn at the repository root, written from rules.md by
// another hand, their format in testdata/README.md) through the Judge
// directly, ahead of the end-to-end tests of cmd/pgnscan: each carries the
// findings (Expect, Expect2009, ...) and game rows (End, End2009, ...) each
// edition must give, and the edition auto must choose (ExpectAuto).
func TestTestdataCases(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "cases.pgn")
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no %s (part of the repository): %v", path, err)
	}
	defer f.Close()
	suffix := map[string]string{"fide2009": "2009", "fide2014": "2014", "fide2017": "2017", "fide2023": "2023", "lichess": "Lichess"}
	auto := mustSelection(t, "auto", "", "")
	five, err := NewSelection("fide2009,fide2014,fide2017,fide2023,lichess", "", "")
	if err != nil {
		t.Fatal(err)
	}
	var choices []Choice
	j := NewJudge()
	lab := NewJudge()
	lab.decider = newLabelled() // hand-labelled answers: see decider_test.go
	ready := deciderReady()
	waiting := 0
	rd := pgn.NewReader(f, pgn.SplitterOptions{Source: "cases.pgn"})
	cases := 0
	for rd.Next() {
		tags, sans, last := readGame(rd) // last: the comment after the last move, if any
		name := tags["Event"]
		if name == "" {
			continue // the game without tags keeps its expectations in % lines
		}
		if want, ok := tags["ExpectAuto"]; ok {
			c := auto.Choose(nil, ParseDate(tags["EventDate"]), ParseDate(tags["Date"]), ParseDate(tags["UTCDate"]))
			if got := c[0].Edition.ID + " " + c[0].EditionSource.String(); got != want {
				t.Errorf("%s: auto chose %s, want %s", name, got, want)
			}
		}
		if !StandardVariant(tags["Variant"]) {
			if !strings.Contains(tags["ExpectError"], "judged=false") {
				t.Errorf("%s: variant %q is not judged, but the case expects it to be", name, tags["Variant"])
			}
			continue
		}
		g := &corpusGame{fen: tags["FEN"], setUp: tags["SetUp"], result: tags["Result"], sans: sans}
		start, ok := g.start()
		if !ok {
			if !strings.Contains(tags["ExpectError"], "judged=false") {
				t.Errorf("%s: bad FEN %q", name, g.fen)
			}
			continue // Chess960 castling letters: an unsupported variant, not judged
		}
		// lichess's rules by the game's date (rules.md 10); the FIDE editions are as listed.
		choices = five.Choose(choices[:0], ParseDate(tags["EventDate"]), ParseDate(tags["Date"]), ParseDate(tags["UTCDate"]))
		stop := TerminationOf([]byte(tags["Termination"]), []byte(tags["TerminationDetails"]), last)
		judges := []*Judge{j}
		if tags["Decider"] == "needed" {
			// The expectation needs answers beyond material: check it with the hand labels
			// always, and with the real decider once it gives them.
			judges = []*Judge{lab}
			if ready {
				judges = append(judges, j)
			} else {
				waiting++
			}
		}
		cases++
		for _, judge := range judges {
			checkCase(t, name, tags, suffix, judgeStop(judge, start, ParseResult(g.result), choices, sans, stop))
		}
	}
	if err := rd.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d cases judged", cases)
	if waiting > 0 {
		t.Logf("%d cases marked [Decider \"needed\"] were checked with hand labels only: the real decider does not yet prove them", waiting)
	}
}

// judgeStop is judgeSANs with the tags' word on how the game stopped (rules.md 8).
func judgeStop(j *Judge, start board.Position, res Result, choices []Choice, sans [][]byte, stop Stop) *Verdict {
	j.Begin(&start, res, choices)
	j.SetStop(stop)
	for _, san := range sans {
		m, err := j.Position().ParseSAN(san)
		if err != nil {
			j.Fail()
			break
		}
		j.Play(m)
	}
	return j.Finish()
}

// checkCase checks one case's verdict against its Expect*, End* and ExpectError tags.
func checkCase(t *testing.T, name string, tags, suffix map[string]string, v *Verdict) {
	t.Helper()
	if e, ok := tags["ExpectError"]; ok && strings.Contains(e, "ply=") && !strings.Contains(e, "ply=none") {
		if want := strings.Fields(strings.SplitN(e, "ply=", 2)[1])[0]; !v.Failed || strconv.Itoa(v.Plies+1) != want {
			t.Errorf("%s: failed=%t at ply %d, want an error at ply %s", name, v.Failed, v.Plies+1, want)
		}
	}
	for _, s := range v.Games {
		id := s.Edition.ID
		if exp, ok := tags["Expect"+suffix[id]]; ok || tags["Expect"] != "" || hasKey(tags, "Expect") {
			if !ok {
				exp = tags["Expect"]
			}
			var got []*Finding
			for i := range v.Findings {
				if v.Findings[i].Edition == s.Edition {
					got = append(got, &v.Findings[i])
				}
			}
			checkCaseFindings(t, name+" under "+id, exp, got)
		}
		end, ok := tags["End"+suffix[id]]
		if !ok {
			end = tags["End"]
		}
		checkCaseEnd(t, name+" under "+id, end, &s)
	}
}

func hasKey(m map[string]string, k string) bool { _, ok := m[k]; return ok }

func checkCaseFindings(t *testing.T, what, exp string, got []*Finding) {
	var want []string
	for _, part := range strings.Split(exp, ";") {
		if part = strings.TrimSpace(part); part != "" {
			want = append(want, part)
		}
	}
	if len(want) != len(got) {
		var g []string
		for _, f := range got {
			g = append(g, fmtFinding(f))
		}
		t.Errorf("%s: %d findings, want %d:\n got %s\nwant %s", what, len(got), len(want), strings.Join(g, "\n     "), strings.Join(want, "\n     "))
		return
	}
	for _, w := range want {
		fs := strings.Fields(w)
		var match *Finding
		for _, f := range got {
			if f.Rule.String() == fs[0] && f.Kind.String() == fs[1] && f.Side.String() == fs[2] && strconv.Itoa(f.Ply) == fs[3] {
				match = f
			}
		}
		if match == nil {
			t.Errorf("%s: no finding %q", what, w)
			continue
		}
		for _, kv := range fs[4:] {
			k, val, _ := strings.Cut(kv, "=")
			var g string
			switch k {
			case "move":
				g = strings.TrimRight(match.Move, "+#")
			case "rep":
				g = strconv.Itoa(match.Repetitions)
			case "hmc":
				g = strconv.Itoa(match.HalfmoveClock)
			case "opp":
				g = strconv.Itoa(match.Opportunities)
			case "after":
				g = strconv.Itoa(match.PliesAfter)
			case "missed":
				g = strconv.FormatBool(match.Missed)
			case "outcome":
				g = match.ClaimantOutcome.String()
			case "differs":
				g = strconv.FormatBool(match.ResultDiffers)
			case "mandated":
				g = match.Mandated()
			case "proof":
				g = match.Proof.Column()
			default:
				continue // clocks and evals belong to the pipeline
			}
			if g != val {
				t.Errorf("%s: %q: %s = %q, want %q", what, w, k, g, val)
			}
		}
	}
}

func checkCaseEnd(t *testing.T, what, end string, s *Judgment) {
	none := func(n int) string {
		if n < 0 {
			return "none"
		}
		return strconv.Itoa(n)
	}
	for _, kv := range strings.Fields(end) {
		k, val, _ := strings.Cut(kv, "=")
		var g string
		switch k {
		case "end":
			g = "none"
			if s.EndRule != NoRule {
				g = s.EndRule.String() + "@" + strconv.Itoa(s.EndPly)
			}
		case "plies":
			g = strconv.Itoa(s.Plies)
		case "ft":
			g = none(s.FirstThreefoldPly)
		case "ff":
			g = none(s.FirstFiftyPly)
		case "final":
			g = s.FinalClaims.String()
		case "maxrep":
			g = strconv.Itoa(s.MaxRepetitions)
		case "maxhmc":
			g = strconv.Itoa(s.MaxHalfmoveClock)
		case "ended":
			g = s.EndedBy.String()
		case "wcm":
			g = s.CanMate[board.White].String()
		case "bcm":
			g = s.CanMate[board.Black].String()
		default:
			t.Errorf("%s: unknown End key %q", what, k)
			continue
		}
		if g != val {
			t.Errorf("%s: %s = %q, want %q", what, k, g, val)
		}
	}
}

// readGame reads the game rd holds: its tags (as text), its SANs, and the comment after its
// last move (nil when none).
func readGame(rd *pgn.Reader) (tags map[string]string, sans [][]byte, last []byte) {
	tags = map[string]string{}
	tok := rd.Tokenizer()
	for k := tok.Next(); k != pgn.TokEnd; k = tok.Next() {
		switch k {
		case pgn.TokTag:
			tags[string(tok.TagName())] = pgn.TagText(tok.Bytes())
		case pgn.TokSAN:
			sans = append(sans, append([]byte(nil), tok.Bytes()...))
			last = nil
		case pgn.TokComment:
			last = append([]byte(nil), tok.Bytes()...)
		}
	}
	return tags, sans, last
}

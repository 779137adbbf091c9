package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// TestTCEC960Labels scans the whole TCEC corpus and checks every Chess960 game (Variant
// "fischerandom") and every standard game tagged Variant "normal", the games pgnscan refused
// before issue 15, as TestTCECLabels checks the sample's standard games: each is replayed
// without an error, its variant column says what it is, and the endings TCEC labels
// (TerminationDetails) agree with the fide2009 games row. Labels that claim nothing about the
// board (adjudications, tablebase, time) are only counted.
func TestTCEC960Labels(t *testing.T) {
	path := testcorpus.Path(t, "tcec-engines.pgn.zst")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var text []byte
	for _, f := range decodeFrames(t, data) {
		text = append(text, f...)
	}
	dir := t.TempDir()
	g := filepath.Join(dir, "games.csv")
	mustScan(t, "scan", "-q", "-o", filepath.Join(dir, "f.csv"), "--games", g, "--edition", "fide2009", path)
	games := byGame(readRows[report.Game](t, g), func(r *report.Game) int64 { return r.GameIndex })

	type tally struct{ games, labelled, held int }
	count := map[string]*tally{"chess960": {}, "standard": {}}
	for i, game := range pgnGames(text) {
		tags := map[string]string{}
		for _, m := range tagRE.FindAllStringSubmatch(string(game), -1) {
			tags[m[1]] = m[2]
		}
		want := map[string]string{"fischerandom": "chess960", "normal": "standard"}[tags["Variant"]]
		if want == "" {
			continue
		}
		rows := games[int64(i)]
		if len(rows) != 1 {
			t.Fatalf("game %d: %d games rows", i, len(rows))
		}
		r := rows[0]
		what := tags["Variant"] + " game " + tags["Event"] + " round " + tags["Round"]
		if r.Event != tags["Event"] || r.Round != tags["Round"] {
			t.Fatalf("%s: row is %s round %s: out of step", what, r.Event, r.Round)
		}
		c := count[want]
		c.games++
		if r.Error != "" || r.Variant != want {
			t.Errorf("%s: error %q, variant %q, want none and %q", what, r.Error, r.Variant, want)
			continue
		}
		held, labelled := tcecLabelHolds(tags["TerminationDetails"], r)
		if !labelled {
			continue
		}
		c.labelled++
		if held {
			c.held++
		} else {
			t.Errorf("%s: label %q, but end %s at %v after %d plies, max_repetitions %d, max_halfmove_clock %d, final_claims %q",
				what, tags["TerminationDetails"], r.EndRule, r.EndPly, r.Plies, r.MaxRepetitions, r.MaxHalfmoveClock, r.FinalClaims)
		}
	}
	for v, c := range count {
		t.Logf("%s: %d games, %d with a board label, %d labels hold", v, c.games, c.labelled, c.held)
	}
	// Issue 15 counts 446 fischerandom and 155 normal games in the corpus.
	if count["chess960"].games != 446 || count["standard"].games != 155 {
		t.Errorf("%d Chess960 and %d normal games, want 446 and 155", count["chess960"].games, count["standard"].games)
	}
	if count["chess960"].labelled < 300 {
		t.Errorf("only %d Chess960 games have a label this test checks", count["chess960"].labelled)
	}
}

// tcecLabelHolds reports whether a fide2009 games row agrees with TCEC's TerminationDetails
// label, and whether the label is one that says what stands on the board.
// deadBeforeStalemate reports whether a game that stopped in stalemate had already ended in a
// dead position before it: every series of moves from there ends in stalemate, so no series
// ends in checkmate (5.2.2), and the game was drawn as dead one ply or more earlier. The final
// position must really be a stalemate (checked here with the FEN of the row), and the dead
// position must be proved by search, not material.
func deadBeforeStalemate(g *report.Game) bool {
	p, err := board.FromFEN(g.FinalFEN)
	return err == nil && p.IsStalemate() && g.EndRule == "dead_position" && g.EndPly.Valid &&
		g.EndPly.Int32 < g.Plies
}

func tcecLabelHolds(label string, g *report.Game) (held, labelled bool) {
	endsThere := func(rule string) bool {
		return g.EndRule == rule && g.EndPly.Valid && g.EndPly.Int32 == g.Plies
	}
	switch strings.ToLower(label) {
	case "3-fold repetition":
		return g.MaxRepetitions >= 3 && strings.Contains(g.FinalClaims, "threefold"), true
	case "fifty moves rule":
		return g.MaxHalfmoveClock >= 100 && strings.Contains(g.FinalClaims, "fifty_move"), true
	case "insufficient material":
		return endsThere("dead_position"), true
	case "stalemate":
		return endsThere("stalemate") || deadBeforeStalemate(g), true
	case "white mates", "black mates":
		return endsThere("checkmate"), true
	}
	return false, false
}

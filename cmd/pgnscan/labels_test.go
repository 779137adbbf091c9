package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
)

var tagRE = regexp.MustCompile(`(?m)^\[(\w+) "((?:[^"\\]|\\.)*)"\]`)

// TestTCECLabels checks the sample's TCEC games against TCEC's own account of how each ended
// (the TerminationDetails tag, written by the tournament software, not by us): a game TCEC
// ended by threefold repetition must stand at a repetition that justifies the draw, one ended
// by the fifty-move rule at a clock of 100 half-moves, and the games ended by insufficient
// material, stalemate or mate must end there under every edition's first level of rules.md.
func TestTCECLabels(t *testing.T) {
	data, err := os.ReadFile(testdataPath(t, "sample.pgn.zst"))
	if err != nil {
		t.Fatal(err)
	}
	frames := decodeFrames(t, data)
	if len(frames) != len(sampleRecipe) {
		t.Fatalf("%d frames, want %d", len(frames), len(sampleRecipe))
	}
	base := int64(casesGames)
	for _, f := range frames[1 : len(frames)-1] {
		base += int64(len(pgnGames(f)))
	}
	tcec := pgnGames(frames[len(frames)-1])
	if len(tcec) != len(tcecLabels)*sampleRecipe[len(sampleRecipe)-1].games {
		t.Fatalf("%d TCEC games in the sample", len(tcec))
	}

	s := scanSample(t, t.TempDir(), ".csv", "--edition", "fide2009")
	games := byGame(s.games, func(r *report.Game) int64 { return r.GameIndex })
	seen := map[string]int{}
	for i, text := range tcec {
		tags := map[string]string{}
		for _, m := range tagRE.FindAllStringSubmatch(string(text), -1) {
			tags[m[1]] = m[2]
		}
		idx := base + int64(i)
		if len(games[idx]) != 1 {
			t.Fatalf("game %d: %d games rows", idx, len(games[idx]))
		}
		g := games[idx][0]
		if g.Event != tags["Event"] || g.Round != tags["Round"] || g.White != tags["White"] {
			t.Fatalf("game %d is %s %s %s in the rows, %s %s %s in the sample: out of step",
				idx, g.Event, g.Round, g.White, tags["Event"], tags["Round"], tags["White"])
		}
		label := tags["TerminationDetails"]
		seen[label]++
		what := label + ": game " + tags["Event"] + " round " + tags["Round"]
		if g.Error != "" {
			t.Errorf("%s: error %s", what, g.Error)
			continue
		}
		endsThere := func(rule string) {
			if g.EndRule != rule || !g.EndPly.Valid || g.EndPly.Int32 != g.Plies {
				t.Errorf("%s: end %s at %v after %d plies, want %s at the last ply", what, g.EndRule, g.EndPly, g.Plies, rule)
			}
		}
		switch label {
		case "3-Fold repetition":
			if g.MaxRepetitions < 3 || !strings.Contains(g.FinalClaims, "threefold") {
				t.Errorf("%s: max_repetitions %d, final_claims %q", what, g.MaxRepetitions, g.FinalClaims)
			}
		case "Fifty moves rule":
			if g.MaxHalfmoveClock < 100 || !strings.Contains(g.FinalClaims, "fifty_move") {
				t.Errorf("%s: max_halfmove_clock %d, final_claims %q", what, g.MaxHalfmoveClock, g.FinalClaims)
			}
		case "Insufficient material":
			endsThere("dead_position")
		case "Stalemate":
			if !deadBeforeStalemate(g) {
				endsThere("stalemate")
			}
		case "White mates", "Black mates":
			endsThere("checkmate")
		default:
			t.Errorf("game %d: label %q not in the recipe", idx, label)
		}
	}
	for _, l := range tcecLabels {
		if seen[l] == 0 {
			t.Errorf("no TCEC game ended by %q in the sample", l)
		}
	}
}

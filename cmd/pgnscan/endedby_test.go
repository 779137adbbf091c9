package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// endedByForms maps each way a corpus file says how a game stopped to the ended_by values
// rules.md 8 allows for it, written from the sites' own meaning of their words (not from our
// classifier): lowercase substrings, the first that occurs decides. A draw said to be agreed
// may be a claim where a claim was valid; a repetition may have gone on to a fivefold.
var endedByForms = map[string][]struct {
	text string
	want []string
}{
	"chesscom-one-player.pgn": { // Termination
		{"won on time", []string{"time"}},
		{"timeout vs insufficient material", []string{"time"}},
		{"won by resignation", []string{"resignation"}},
		{"won by checkmate", []string{"checkmate"}},
		{"game abandoned", []string{"abandoned"}},
		{"drawn by agreement", []string{"agreement", "claim"}},
		{"drawn by repetition", []string{"claim", "fivefold"}},
		// chess.com also writes this for positions that are not dead by rules.md 5 (game 282
		// ends K+Q+2P v K, White to move): the board does not show it, so unknown.
		{"insufficient material", []string{"dead_position", "unknown"}},
		{"stalemate", []string{"stalemate"}},
	},
	"lichess-2025-05-excerpt.pgn": { // Termination
		{"time forfeit", []string{"time"}},
		{"abandoned", []string{"abandoned"}},
		{"normal", []string{"checkmate", "resignation", "stalemate", "dead_position", "fivefold", "fifty_move", "seventyfive_move", "claim", "agreement"}},
	},
	"fics-2000-2199-crlf.pgn": { // the last comment
		{"forfeits on time", []string{"time"}},
		{"ran out of time", []string{"time"}},
		{"resigns", []string{"resignation"}},
		{"checkmated", []string{"checkmate"}},
		{"forfeits by disconnection", []string{"abandoned"}},
		{"mutual agreement", []string{"agreement", "claim"}},
		// Game 258 ended by fivefold at ply 249 and went on to K v K: not where it stopped.
		{"neither player has mating material", []string{"dead_position", "unknown"}},
		{"repetition", []string{"claim", "fivefold"}},
		{"50 move", []string{"claim", "seventyfive_move"}},
		{"stalemate", []string{"stalemate"}},
	},
	"tcec-engines.pgn.zst": { // TerminationDetails, else Termination
		{"mates", []string{"checkmate"}},
		{"loses on time", []string{"time"}},
		{"time forfeit", []string{"time"}},
		{"resigns", []string{"resignation"}},
		{"disconnect", []string{"abandoned"}},
		{"connection", []string{"abandoned"}},
		{"illegal move", []string{"rules_infraction"}},
		{"3-fold", []string{"claim", "fivefold"}},
		{"fifty moves", []string{"claim"}},
		{"insufficient material", []string{"dead_position"}},
		{"stalemate", []string{"stalemate"}},
		{"adjudication", []string{"unknown", "checkmate", "stalemate", "dead_position", "claim"}},
		{"rule", []string{"unknown", "claim"}}, // TCEC win rule, TCEC draw rule
		{"tb", []string{"unknown", "claim", "dead_position"}},
	},
}

// wrongLabels are games whose site's words disagree with the board, checked by hand and by an
// independent tool: TCEC game 295 (Naum 4.2 - Rybka 4, 2010, Variant "normal") says "3-fold rep",
// but no position of it stands three times and no move gives a third occurrence (pgnscan's
// max_repetitions is 2, and pgn-extract --repetition does not list it either).
var wrongLabels = map[string][]int64{"tcec-engines.pgn.zst": {295}}

var lastCommentRE = regexp.MustCompile(`\{([^}]*)\}\s*(?:1-0|0-1|1/2-1/2|\*)\s*$`)

// TestEndedByOnCorpus scans each corpus file that says how its games stopped and checks every
// game's ended_by (fide2017) against the site's own words, then logs the counts by form.
func TestEndedByOnCorpus(t *testing.T) {
	for name, forms := range endedByForms {
		t.Run(name, func(t *testing.T) {
			path := testcorpus.Path(t, name)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasSuffix(name, ".zst") {
				data = bytes.Join(decodeFrames(t, data), nil)
			}
			texts := pgnGames(data)
			dir := t.TempDir()
			g := filepath.Join(dir, "g.parquet")
			mustScan(t, "scan", "-q", "--edition", "fide2017", "-o", filepath.Join(dir, "f.parquet"), "--games", g, path)
			rows := readRows[report.Game](t, g)
			counts := map[string]int{}
			bad := 0
			for i := range rows {
				r := &rows[i]
				if r.Error != "" || r.GameIndex >= int64(len(texts)) || slices.Contains(wrongLabels[name], r.GameIndex) {
					continue
				}
				text := string(texts[r.GameIndex])
				said := ""
				tags := map[string]string{}
				for _, m := range tagRE.FindAllStringSubmatch(text, -1) {
					tags[m[1]] = m[2]
				}
				switch {
				case name == "fics-2000-2199-crlf.pgn":
					if m := lastCommentRE.FindStringSubmatch(text); m != nil {
						said = m[1]
					}
				case tags["TerminationDetails"] != "":
					said = tags["TerminationDetails"]
				default:
					said = tags["Termination"]
				}
				said = strings.ToLower(said)
				for _, f := range forms {
					if strings.Contains(said, f.text) {
						counts[f.text+" -> "+r.EndedBy]++
						// A game played on past a dead position stopped where the board
						// had already ended it: the site's word may name nothing the
						// board shows there.
						pastDead := r.EndRule == "dead_position" && r.EndPly.Valid && r.EndPly.Int32 < r.Plies
						if !slices.Contains(f.want, r.EndedBy) && !(pastDead && r.EndedBy == "unknown") {
							bad++
							if bad <= 10 {
								t.Errorf("game %d (%q, result %s, end %s): ended_by %q, want one of %v", r.GameIndex, said, r.Result, r.EndRule, r.EndedBy, f.want)
							}
						}
						break
					}
				}
			}
			if len(counts) == 0 {
				t.Fatal("no game said how it stopped")
			}
			keys := make([]string, 0, len(counts))
			for k := range counts {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				t.Logf("%5d  %s", counts[k], k)
			}
		})
	}
}

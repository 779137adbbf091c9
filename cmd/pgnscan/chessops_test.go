package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// chessopsGame is what testdata/chessops/read.mjs prints of one game.
type chessopsGame struct {
	Tag      *string    `json:"tag"`
	Before   []string   `json:"before"`
	Plies    int        `json:"plies"`
	Comments [][]string `json:"comments"`
	Error    *string    `json:"error"`
}

// chessopsRead reads a PGN file with chessops, the PGN and rules library of
// lichess's own front end (by python-chess's author: python-chess itself cannot
// be installed here, and chessops reads PGN as lichess studies do). It returns
// false when node or the library is missing outside CI (.ci/run installs both).
func chessopsRead(t *testing.T, path string) ([]chessopsGame, bool) {
	t.Helper()
	dir := filepath.Join("testdata", "chessops")
	node, err := exec.LookPath("node")
	if err == nil {
		_, err = os.Stat(filepath.Join(dir, "node_modules", "chessops"))
	}
	if err != nil {
		if testcorpus.InCI() {
			t.Fatalf("chessops cannot run (%v): .ci/run installs node and runs npm ci in %s", err, dir)
		}
		t.Logf("chessops check skipped (%v): run `npm ci --prefix %s`", err, dir)
		return nil, false
	}
	cmd := exec.Command(node, filepath.Join(dir, "read.mjs"), path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chessops reading %s: %v\n%s", path, err, stderr.String())
	}
	var games []chessopsGame
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var g chessopsGame
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatalf("chessops output: %v: %s", err, sc.Bytes())
		}
		games = append(games, g)
	}
	return games, true
}

// checkChessops reads the --pgn-out file (path) and the same games as the
// archive holds them (origs, in the file's order) with chessops: every written
// game is read, with its PgnscanFindings tag, the moves of the original
// (chessops replays as many, and stops, if at all, with the same complaint),
// and each finding's comment after the move of its ply (before the first move
// for ply 0; a finding past the moves chessops replays is left out).
func checkChessops(t *testing.T, path string, origs [][]byte, order []int64, byGame map[int64][]report.Finding) {
	t.Helper()
	got, ok := chessopsRead(t, path)
	if !ok {
		return
	}
	origPath := filepath.Join(t.TempDir(), "originals.pgn")
	if err := os.WriteFile(origPath, bytes.Join(origs, []byte("\n\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	want, _ := chessopsRead(t, origPath)
	if len(got) != len(order) || len(want) != len(order) {
		t.Fatalf("chessops reads %d annotated games and %d originals, want %d", len(got), len(want), len(order))
	}
	for k, g := range got {
		idx := order[k]
		if g.Tag == nil || *g.Tag == "" {
			t.Errorf("game %d: chessops sees no PgnscanFindings tag", idx)
		}
		if g.Plies != want[k].Plies || (g.Error == nil) != (want[k].Error == nil) {
			t.Errorf("game %d: chessops replays %d plies (error %v) of the annotated game, %d (error %v) of the original",
				idx, g.Plies, deref(g.Error), want[k].Plies, deref(want[k].Error))
			continue
		}
		for _, f := range byGame[idx] {
			p := int(f.Ply)
			var comments []string
			switch {
			case p == 0:
				comments = g.Before
			case p <= g.Plies:
				comments = g.Comments[p-1]
			default:
				continue
			}
			if w := "pgnscan: " + f.Edition + " " + f.Article + " " + f.Rule; !strings.Contains(strings.Join(comments, "\n"), w) {
				t.Errorf("game %d ply %d: chessops comments %q lack %q", idx, p, comments, w)
			}
		}
	}
}

func deref(s *string) string {
	if s == nil {
		return "none"
	}
	return *s
}

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/notnil/chess"

	"github.com/pgnscan/pgnscan/internal/pgn"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// pgnAdded matches what --pgn-out adds to a game: the PgnscanFindings tag line
// and each comment with the space beside it; pgnFirstTag the tag line of a
// game that had no tags, which a blank line follows.
var (
	pgnAdded    = regexp.MustCompile(`\[PgnscanFindings "[^"]*"\]\r?\n| \{pgnscan: [^}]*\}|\{pgnscan: [^}]*\} `)
	pgnFirstTag = regexp.MustCompile(`^\[PgnscanFindings "[^"]*"\]\r?\n\r?\n`)
)

// splitGames returns each game's bytes of a PGN text, as our splitter cuts them.
func splitGames(t *testing.T, text []byte, source string) [][]byte {
	t.Helper()
	var games [][]byte
	r := pgn.NewReader(bytes.NewReader(text), pgn.SplitterOptions{Source: source})
	for r.Next() {
		games = append(games, append([]byte{}, r.Bytes()...))
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return games
}

// withoutPlace is a findings row without where its game lies (source, index,
// offset), which differ between an archive and the --pgn-out file.
func withoutPlace(f report.Finding) report.Finding {
	f.Source, f.GameIndex, f.GameOffset = "", 0, 0
	return f
}

// TestPGNOutRoundTrip scans archives with --pgn-out and checks the file it
// writes: (1) each game is the archive's game byte for byte once the tag and
// the comments added are taken out; (2) pgn-extract reads every game, comments
// included, without a complaint; (3) notnil/chess and chessops (lichess's PGN
// library) read each game with the moves of the original and find each
// finding's comment on the move of its ply; (4) scanning the file again gives
// the same findings rows.
func TestPGNOutRoundTrip(t *testing.T) {
	inputs := []string{testdataPath(t, "sample.pgn.zst")}
	for _, name := range []string{"fics-2000-2199-crlf.pgn", "lichess-2025-05-excerpt.pgn", "chesscom-one-player.pgn"} {
		inputs = append(inputs, testcorpus.Path(t, name))
	}
	for _, in := range inputs {
		t.Run(filepath.Base(in), func(t *testing.T) {
			dir := t.TempDir()
			f, out := filepath.Join(dir, "f.parquet"), filepath.Join(dir, "flagged.pgn")
			mustScan(t, "scan", "-q", "--edition", "auto,lichess", "-o", f, "--pgn-out", out, in)
			findings := readRows[report.Finding](t, f)
			text, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			orig := splitGames(t, decompressed(t, in), in) // the archive's games, by game_index
			byGame := map[int64][]report.Finding{}
			var order []int64
			for _, r := range findings {
				if byGame[r.GameIndex] == nil {
					order = append(order, r.GameIndex)
				}
				byGame[r.GameIndex] = append(byGame[r.GameIndex], r)
			}
			got := splitGames(t, text, out)
			if len(got) != len(order) || len(order) == 0 {
				t.Fatalf("%d games written, %d games have findings", len(got), len(order))
			}
			for k, idx := range order {
				back := pgnAdded.ReplaceAll(pgnFirstTag.ReplaceAll(got[k], nil), nil)
				if !bytes.Equal(back, orig[idx]) {
					t.Fatalf("game %d, stripped of what --pgn-out adds, is not the archive's:\n%q\nwant\n%q", idx, back, orig[idx])
				}
				if n, want := bytes.Count(got[k], []byte("{pgnscan: ")), len(byGame[idx]); n != want {
					t.Errorf("game %d: %d comments, %d findings", idx, n, want)
				}
			}
			var origs [][]byte
			for _, idx := range order {
				origs = append(origs, orig[idx])
			}
			checkPGNExtract(t, out, origs, len(findings))
			checkNotnil(t, got, orig, order, byGame)
			checkChessops(t, out, origs, order, byGame)

			// Scanning the file again: the same findings, game for game.
			f2 := filepath.Join(dir, "again.parquet")
			mustScan(t, "scan", "-q", "--edition", "auto,lichess", "-o", f2, out)
			again := readRows[report.Finding](t, f2)
			if len(again) != len(findings) {
				t.Fatalf("scanning the file again gives %d findings, the archive %d", len(again), len(findings))
			}
			for i := range findings {
				if a, b := withoutPlace(again[i]), withoutPlace(findings[i]); !reflect.DeepEqual(a, b) {
					t.Fatalf("finding %d: again\n%+v\nfirst\n%+v", i, a, b)
				}
			}
		})
	}
}

// decompressed returns the input's text (the sample is zstd).
func decompressed(t *testing.T, in string) []byte {
	t.Helper()
	if !strings.HasSuffix(in, ".zst") {
		b, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	b, err := exec.Command("zstd", "-dc", in).Output()
	if err != nil {
		t.Fatalf("zstd -dc %s: %v", in, err)
	}
	return b
}

// checkPGNExtract reads the file with pgn-extract, which rewrites every game
// it parses: as many games, every comment kept, and no complaint that the
// same games without the annotations (origs) do not draw too (the sample
// holds illegal moves and wrong results on purpose).
func checkPGNExtract(t *testing.T, path string, origs [][]byte, comments int) {
	t.Helper()
	bin, err := exec.LookPath("pgn-extract")
	if err != nil {
		if testcorpus.InCI() {
			t.Fatal("no pgn-extract: .ci/run installs it")
		}
		t.Log("no pgn-extract on PATH (Debian puts it in /usr/games): its check skipped")
		return
	}
	dir := t.TempDir()
	origPath := filepath.Join(dir, "originals.pgn")
	if err := os.WriteFile(origPath, bytes.Join(origs, []byte("\n\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	extract := func(in string) ([]byte, string) {
		out := filepath.Join(dir, filepath.Base(in)+".extracted")
		cmd := exec.Command(bin, "-s", "-w", "10000", "-o", out, in)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("pgn-extract %s: %v\n%s", in, err, stderr.String())
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b, pgnExtractFile.ReplaceAllString(stderr.String(), "")
	}
	got, complaints := extract(path)
	_, origComplaints := extract(origPath)
	t.Logf("pgn-extract: %d complaints, the same as of the originals", strings.Count(complaints, "\n"))
	if complaints != origComplaints {
		t.Errorf("pgn-extract complains of the annotated games:\n%s\nof the originals:\n%s", complaints, origComplaints)
	}
	// pgn-extract writes the games it can replay, each with a Result tag.
	origOut, _ := extract(origPath)
	kept := bytes.Count(origOut, []byte("[Result "))
	if n := bytes.Count(got, []byte("[PgnscanFindings ")); n != kept || bytes.Count(got, []byte("[Result ")) != kept || kept == 0 {
		t.Errorf("pgn-extract wrote %d games with the tag, and %d of the originals", n, kept)
	}
	n := len(pgnExtractComment.FindAll(got, -1))
	if (kept == len(origs) && n != comments) || n == 0 || n > comments {
		t.Errorf("pgn-extract kept %d pgnscan comments of %d in %d of %d games", n, comments, kept, len(origs))
	}
}

// pgnExtractFile matches pgn-extract's lines naming the file and line of a
// complaint, which differ between two files of the same games.
var pgnExtractFile = regexp.MustCompile(`(?m)^File .*: Line number: \d+\n`)

// pgnExtractComment matches a pgnscan comment as pgn-extract writes it back.
var pgnExtractComment = regexp.MustCompile(`\{\s*pgnscan: `)

// checkNotnil reads up to 200 of the written games with notnil/chess: the
// moves replay, and each finding's comment is on the move of its ply (a
// finding at ply 0 or past the moves is left out: notnil has no move there).
func checkNotnil(t *testing.T, games, origs [][]byte, order []int64, byGame map[int64][]report.Finding) {
	t.Helper()
	for k := range min(len(games), 200) {
		// notnil/chess v1.10.0 panics on a comment before the first move (index -1 in
		// moveListWithComments), which PGN allows and pgn-extract reads: it gets the game
		// without the comments of findings at ply 0.
		g, err := notnilRead(beforeFirstMove.ReplaceAll(games[k], []byte("$1")))
		if err != nil {
			if _, origErr := notnilRead(origs[order[k]]); origErr != nil {
				continue // notnil/chess cannot read the game as the archive holds it either
			}
			t.Fatalf("game %d: notnil/chess: %v\n%s", order[k], err, games[k])
		}
		if tag := g.GetTagPair("PgnscanFindings"); tag == nil {
			t.Errorf("game %d: notnil/chess sees no PgnscanFindings tag", order[k])
		}
		comments := g.Comments()
		for _, f := range byGame[order[k]] {
			p := int(f.Ply)
			if p == 0 || p > len(g.Moves()) {
				continue
			}
			want := fmt.Sprintf("pgnscan: %s %s %s", f.Edition, f.Article, f.Rule)
			if !strings.Contains(strings.Join(comments[p-1], " "), want) {
				t.Errorf("game %d ply %d: notnil/chess comments %q lack %q", order[k], p, comments[p-1], want)
			}
		}
	}
}

// TestPGNOutFilters: --pgn-out-rules and --pgn-out-missed keep only the
// findings asked for, and the games that have one.
func TestPGNOutFilters(t *testing.T) {
	dir := t.TempDir()
	f, out := filepath.Join(dir, "f.parquet"), filepath.Join(dir, "dead.pgn")
	mustScan(t, "scan", "-q", "-o", f, "--pgn-out", out, "--pgn-out-rules", "dead_position,unwinnable_timeout", "--pgn-out-missed",
		testdataPath(t, "sample.pgn.zst"))
	games, comments := map[int64]bool{}, 0
	for _, r := range readRows[report.Finding](t, f) {
		if (r.Rule == "dead_position" || r.Rule == "unwinnable_timeout") && r.Missed {
			games[r.GameIndex] = true
			comments++
		}
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(text, []byte("[PgnscanFindings ")); n != len(games) || n == 0 {
		t.Errorf("%d games written, want %d", n, len(games))
	}
	if n := bytes.Count(text, []byte("{pgnscan: ")); n != comments {
		t.Errorf("%d comments, want %d", n, comments)
	}
	if bytes.Contains(text, []byte(" threefold ")) {
		t.Error("a threefold finding passed the rules filter")
	}
	for _, args := range [][]string{
		{"scan", "-o", filepath.Join(dir, "a.parquet"), "--pgn-out-missed", testdataPath(t, "sample.pgn.zst")},
		{"scan", "-o", filepath.Join(dir, "b.parquet"), "--pgn-out", filepath.Join(dir, "c.pgn"), "--pgn-out-rules", "repetition", testdataPath(t, "sample.pgn.zst")},
		{"scan", "-o", filepath.Join(dir, "d.parquet"), "--pgn-out", filepath.Join(dir, "e.csv"), testdataPath(t, "sample.pgn.zst")},
	} {
		if r := pgnscan(t, args...); r.code != exitUsage {
			t.Errorf("%v: exit %d (%s), want %d", args, r.code, r.stderr, exitUsage)
		}
	}
}

// beforeFirstMove matches the comments --pgn-out puts before a game's first move.
var beforeFirstMove = regexp.MustCompile(`(\n\r?\n)(\{pgnscan: [^}]*\} )+`)

// notnilRead reads one game with notnil/chess, turning its panics (it has
// some on unusual movetext) into errors.
func notnilRead(game []byte) (g *chess.Game, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	opt, err := chess.PGN(bytes.NewReader(game))
	if err != nil {
		return nil, err
	}
	return chess.NewGame(opt), nil
}

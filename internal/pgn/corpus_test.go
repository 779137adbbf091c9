package pgn

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/notnil/chess"

	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// corpusCounts reads the game counts from the corpus README's table.
func corpusCounts(tb testing.TB, dir string) map[string]int {
	tb.Helper()
	readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		tb.Fatal(err)
	}
	re := regexp.MustCompile("(?m)^\\| `([^`]+)` \\| ([0-9,]+) \\|")
	counts := map[string]int{}
	for _, m := range re.FindAllSubmatch(readme, -1) {
		n, err := strconv.Atoi(strings.ReplaceAll(string(m[2]), ",", ""))
		if err != nil {
			tb.Fatal(err)
		}
		counts[string(m[1])] = n
	}
	if len(counts) == 0 {
		tb.Fatal("no game counts in the corpus README")
	}
	return counts
}

// TestCorpus splits and tokenises every corpus file: the game count is the README's, every game
// begins at its [Event line (offset and line number checked against the raw bytes), and every
// game is read whole with a result.
func TestCorpus(t *testing.T) {
	dir := testcorpus.Dir(t)
	for name, want := range corpusCounts(t, dir) {
		t.Run(name, func(t *testing.T) {
			data := testcorpus.Read(t, name)
			r := NewReader(bytes.NewReader(data), SplitterOptions{Source: name})
			n := 0
			lineAt, line := int64(0), int64(1) // line number at offset lineAt, counted here
			clocks := 0
			for r.Next() {
				g := r.Game()
				n++
				if g.Err != nil {
					t.Fatalf("game %d: %v", g.Index, g.Err)
				}
				if !bytes.HasPrefix(data[g.Offset:], []byte("[Event ")) {
					t.Fatalf("game %d at offset %d does not begin with [Event: %q", g.Index, g.Offset, data[g.Offset:g.Offset+40])
				}
				line += int64(bytes.Count(data[lineAt:g.Offset], []byte{'\n'}))
				lineAt = g.Offset
				if g.Line != line {
					t.Fatalf("game %d: line %d, counted %d", g.Index, g.Line, line)
				}
				tok := r.Tokenizer()
				results := 0
				for k := tok.Next(); k != TokEnd; k = tok.Next() {
					switch k {
					case TokResult:
						results++
					case TokComment:
						if _, ok := tok.Clock(); ok {
							clocks++
						}
					}
				}
				if err := tok.Err(); err != nil || results != 1 {
					t.Fatalf("game %d: %d results, error %v", g.Index, results, err)
				}
			}
			if err := r.Err(); err != nil {
				t.Fatal(err)
			}
			if n != want {
				t.Errorf("%d games, README says %d", n, want)
			}
			// Every [%clk command in the file is a clock the tokenizer read.
			if want := bytes.Count(data, []byte("[%clk ")); clocks != want {
				t.Errorf("%d clocks read, the file has %d", clocks, want)
			}
		})
	}
}

// TestCorpusAgainstNotnil compares the main line of each game with notnil/chess, an independent
// PGN reader that also replays the moves: the number of moves, the result, and the clock after
// each move. (Its own multi-game scanner splits on blank lines and loses its place in real files,
// so it reads each game's bytes from our splitter; the split itself is checked by TestCorpus.)
func TestCorpusAgainstNotnil(t *testing.T) {
	testcorpus.Dir(t) // skips without the corpus
	for _, name := range []string{"lichess-2025-05-excerpt.pgn", "twic1599-excerpt.pgn"} {
		t.Run(name, func(t *testing.T) {
			data := testcorpus.Read(t, name)
			r := NewReader(bytes.NewReader(data), SplitterOptions{Source: name})
			clk := regexp.MustCompile(`\[%clk (\d+):(\d\d):(\d\d)\]`)
			games := 0
			for games < 300 && r.Next() { // notnil/chess is slow: 300 games make the point
				pgnOpt, err := chess.PGN(bytes.NewReader(r.Bytes()))
				if err != nil {
					t.Fatalf("game %d: notnil/chess: %v", games, err)
				}
				ref := chess.NewGame(pgnOpt)
				tok := r.Tokenizer()
				var result string
				var sans []string
				var clocks []float64
				for k := tok.Next(); k != TokEnd; k = tok.Next() {
					switch k {
					case TokSAN:
						sans = append(sans, string(tok.Bytes()))
					case TokResult:
						result = string(tok.Bytes())
					case TokComment:
						if s, ok := tok.Clock(); ok {
							if tok.Ply() != len(sans) || tok.Ply() != len(clocks)+1 {
								t.Fatalf("game %d: clock at ply %d after %d moves", games, tok.Ply(), len(sans))
							}
							clocks = append(clocks, s)
						}
					}
				}
				if err := tok.Err(); err != nil {
					t.Fatal(err)
				}
				moves := ref.Moves()
				if len(sans) != len(moves) || result != string(ref.Outcome()) {
					t.Fatalf("game %d: %d moves and %q, notnil/chess reads %d and %q", games, len(sans), result, len(moves), ref.Outcome())
				}
				if len(clocks) > 0 {
					comments := ref.Comments()
					for i, want := range clocks {
						m := clk.FindStringSubmatch(strings.Join(comments[i], " "))
						if m == nil {
							t.Fatalf("game %d ply %d: notnil/chess has no clock in %q", games, i+1, comments[i])
						}
						h, _ := strconv.Atoi(m[1])
						mi, _ := strconv.Atoi(m[2])
						s, _ := strconv.Atoi(m[3])
						if got := float64(h*3600 + mi*60 + s); got != want {
							t.Fatalf("game %d ply %d: clock %v, notnil/chess comment gives %v", games, i+1, want, got)
						}
					}
				}
				games++
			}
			if r.Err() != nil {
				t.Fatal(r.Err())
			}
			if games < 300 {
				t.Fatalf("only %d games compared", games)
			}
		})
	}
}

// TestCorpusTruncated cuts a corpus file in the movetext, in a comment and in a tag line, writes
// it to a temporary file and checks that every game before the cut is read whole and the cut
// game ends with ErrTruncated at the right place.
func TestCorpusTruncated(t *testing.T) {
	testcorpus.Dir(t) // skips without the corpus
	data := testcorpus.Read(t, "lichess-2025-05-excerpt.pgn")
	mid := len(data) / 2
	cuts := map[string]int{
		"movetext": mid + bytes.Index(data[mid:], []byte(" Nf3 ")) + 3,
		"comment":  mid + bytes.Index(data[mid:], []byte("[%clk ")) + 4,
		"tag":      mid + bytes.Index(data[mid:], []byte("\n[Site ")) + 5,
	}
	for where, cut := range cuts {
		t.Run(where, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "cut.pgn")
			if err := os.WriteFile(path, data[:cut], 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			wantGames := bytes.Count(data[:cut], []byte("[Event "))
			lastStart := int64(bytes.LastIndex(data[:cut], []byte("[Event ")))
			r := NewReader(bufio.NewReader(f), SplitterOptions{Source: path, ChunkSize: 64 << 10})
			n := 0
			for r.Next() {
				g := r.Game()
				err := drain(r.Tokenizer())
				if n < wantGames-1 {
					if err != nil || g.Err != nil {
						t.Fatalf("game %d before the cut: %v / %v", n, err, g.Err)
					}
				} else {
					var se *SyntaxError
					if !errors.As(err, &se) || !errors.Is(err, ErrTruncated) || g.Offset != lastStart {
						t.Fatalf("last game at %d (want %d): error %v", g.Offset, lastStart, err)
					}
					if se.Source != path || se.Game != int64(n) || se.Offset != int64(cut) {
						t.Fatalf("error %+v: want source %s, game %d, offset %d", se, path, n, cut)
					}
				}
				n++
			}
			if r.Err() != nil || n != wantGames {
				t.Fatalf("%d games, want %d (%v)", n, wantGames, r.Err())
			}
		})
	}
}

func ExampleSyntaxError() {
	var tok Tokenizer
	tok.ResetBytes([]byte("[Event \"x\"]\n\n1. e4 {unclosed"))
	for tok.Next() != TokEnd {
	}
	err := tok.Err()
	fmt.Println(err)
	fmt.Println(errors.Is(err, ErrComment))
	// Output:
	// pgn: 3:7: game 0: unterminated comment: near "1. e4 {unclosed"
	// true
}

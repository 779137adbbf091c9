package board

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// This file holds a deliberately small PGN splitter and movetext tokenizer for tests and
// benchmarks. The real reader lives in internal/pgn; board must not depend on it.

// testGame is one game of a corpus file: where it comes from, its set-up FEN (empty for the
// standard start), its variant tag and its main-line SAN tokens.
type testGame struct {
	source  string
	index   int // 1-based game number in the file
	line    int // line of the game's first tag
	fen     string
	variant string
	sans    []string
}

func (g *testGame) where() string {
	return g.source + " game " + itoa(g.index) + " (line " + itoa(g.line) + ")"
}

func itoa(n int) string {
	return string(appendInt(nil, n))
}

func appendInt(b []byte, n int) []byte {
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	var tmp [20]byte
	i := len(tmp)
	for {
		i--
		tmp[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return append(b, tmp[i:]...)
}

// loadGames reads up to max games (all when max <= 0) of a corpus file, decompressing .zst.
func loadGames(tb testing.TB, name string, max int) []testGame {
	tb.Helper()
	r := testcorpus.Open(tb, name)
	defer r.Close()
	games, err := splitGames(r, name, max)
	if err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	return games
}

// splitGames splits PGN text into games: a tag line ("[...]") after movetext starts a new game.
func splitGames(r io.Reader, source string, max int) ([]testGame, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var games []testGame
	var cur *testGame
	var movetext bytes.Buffer
	inMoves := false
	flush := func() {
		if cur != nil {
			cur.sans = tokenizeMovetext(movetext.Bytes())
			games = append(games, *cur)
		}
		cur = nil
		movetext.Reset()
		inMoves = false
	}
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimRight(sc.Text(), "\r")
		if strings.HasPrefix(text, "%") {
			continue
		}
		if strings.HasPrefix(text, "[") && (cur == nil || inMoves) {
			flush()
			if max > 0 && len(games) >= max {
				return games, nil
			}
			cur = &testGame{source: source, index: len(games) + 1, line: line}
		}
		if cur == nil {
			if strings.TrimSpace(text) == "" {
				continue
			}
			cur = &testGame{source: source, index: len(games) + 1, line: line}
		}
		if strings.HasPrefix(text, "[") && !inMoves {
			name, value := parseTag(text)
			switch name {
			case "FEN":
				cur.fen = value
			case "Variant":
				cur.variant = value
			}
			continue
		}
		if strings.TrimSpace(text) != "" {
			inMoves = true
		}
		movetext.WriteString(text)
		movetext.WriteByte('\n')
	}
	flush()
	return games, sc.Err()
}

func parseTag(line string) (name, value string) {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(line, "[")
	line = strings.TrimSuffix(line, "]")
	i := strings.IndexByte(line, ' ')
	if i < 0 {
		return line, ""
	}
	name = line[:i]
	value = strings.TrimSpace(line[i+1:])
	value = strings.TrimPrefix(value, `"`)
	value = strings.TrimSuffix(value, `"`)
	return name, strings.ReplaceAll(value, `\"`, `"`)
}

// tokenizeMovetext returns the SAN tokens of the main line: comments, variations, NAGs, move
// numbers and the result are dropped.
func tokenizeMovetext(b []byte) []string {
	var sans []string
	depth := 0
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == '{':
			j := bytes.IndexByte(b[i:], '}')
			if j < 0 {
				return sans
			}
			i += j + 1
		case c == ';':
			j := bytes.IndexByte(b[i:], '\n')
			if j < 0 {
				return sans
			}
			i += j + 1
		case c == '(':
			depth++
			i++
		case c == ')':
			if depth > 0 {
				depth--
			}
			i++
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '.':
			i++
		default:
			j := i
			for j < len(b) && !strings.ContainsRune(" \t\r\n{}();", rune(b[j])) {
				j++
			}
			tok := string(b[i:j])
			i = j
			if depth > 0 {
				continue
			}
			// Move numbers, possibly glued to the move: "12.", "12...", "12.e4".
			k := 0
			for k < len(tok) && tok[k] >= '0' && tok[k] <= '9' {
				k++
			}
			if k > 0 && k < len(tok) && tok[k] == '.' {
				tok = strings.TrimLeft(tok[k:], ".")
			} else if k == len(tok) {
				continue
			}
			switch {
			case tok == "":
			case tok[0] == '$':
			case tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*":
			default:
				sans = append(sans, tok)
			}
		}
	}
	return sans
}

// startOf returns the start position of a game.
func startOf(g *testGame) (Position, error) {
	if g.fen == "" {
		return StartPosition(), nil
	}
	return FromFEN(g.fen)
}

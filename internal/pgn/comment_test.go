package pgn

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestParseCommandsAgrees checks the one-pass reader against ParseClock and ParseEval, which
// read each command on their own, on hand-written comments and on every comment of the corpus.
func TestParseCommandsAgrees(t *testing.T) {
	comments := []string{
		"", " ", "[%clk 0:03:00]", " [%clk 0:03:00] ", "[%clk 1:02:03.5] [%eval 0.35]",
		"[%eval #-3] [%clk 0:00:09]", "[%eval 0.35,21]", "book [%clk 0:01:00] then text",
		"[%clk 0:03:00] [%eval -1.2]", "[%clk bad] [%clk 0:00:05]", "[%clk 0:03:00", "%eval 1",
		"[%clk 0:03:00] trailing words", "[%evalx 1] [%eval 2]",
	}
	for _, name := range []string{"lichess-2025-05-excerpt.pgn", "chesscom-one-player.pgn"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "corpus", name))
		if err != nil {
			t.Logf("%s: %v (corpus comments skipped)", name, err)
			continue
		}
		for rest := data; ; {
			i := bytes.IndexByte(rest, '{')
			if i < 0 {
				break
			}
			j := bytes.IndexByte(rest[i:], '}')
			if j < 0 {
				break
			}
			comments = append(comments, string(rest[i+1:i+j]))
			rest = rest[i+j:]
		}
	}
	for _, c := range comments {
		got := ParseCommands([]byte(c))
		clk, okClk := ParseClock([]byte(c))
		eval, _ := ParseEval([]byte(c))
		if got.HasClock != okClk || got.Clock != clk || !bytes.Equal(got.Eval, eval) {
			t.Fatalf("ParseCommands(%q) = %+v, want clock %v %v, eval %q", c, got, clk, okClk, eval)
		}
	}
	if len(comments) < 1000 {
		t.Logf("only %d comments checked", len(comments))
	}
}

package pgn_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/pgnscan/pgnscan/internal/pgn"
)

const games = `[Event "Rated Blitz game"]
[White "Gy\"o\"rgy"]
[Result "1-0"]

1. e4 { [%clk 0:05:00] } 1... e5 { [%clk 0:04:58.5] } 2. Qh5?! Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0
[Event "Cut off"]

1. d4 d5 2. c4 (2. Nf3) dxc4 3.`

// The Reader reads games one after another: each game's tags, moves and comments come from its
// Tokenizer, as views valid until the next call.
func Example() {
	r := pgn.NewReader(strings.NewReader(games), pgn.SplitterOptions{Source: "example.pgn"})
	for r.Next() {
		g := r.Game()
		tok := r.Tokenizer()
		fmt.Printf("game %d at offset %d, line %d:", g.Index, g.Offset, g.Line)
		for k := tok.Next(); k != pgn.TokEnd; k = tok.Next() {
			switch k {
			case pgn.TokTag:
				if string(tok.TagName()) == "White" {
					fmt.Printf(" White=%s", pgn.TagText(tok.Bytes()))
				}
			case pgn.TokSAN:
				fmt.Printf(" %s", tok.Bytes())
			case pgn.TokComment:
				if s, ok := tok.Clock(); ok {
					fmt.Printf(" (%s %.1fs)", tok.Mover(), s)
				}
			case pgn.TokResult:
				fmt.Printf(" %s", tok.Bytes())
			}
		}
		fmt.Println()
		if err := tok.Err(); err != nil {
			fmt.Println(err)
		}
	}
	if err := r.Err(); err != nil {
		fmt.Println("read error:", err)
	}
	// Output:
	// game 0 at offset 0, line 1: White=Gy"o"rgy e4 (white 300.0s) e5 (black 298.5s) Qh5 Nc6 Bc4 Nf6 Qxf7# 1-0
	// game 1 at offset 157, line 6: d4 d5 c4 dxc4
	// pgn: example.pgn:8:32: game 1: input ends inside a game: near ". d4 d5 2. c4 (2. Nf3) dxc4 3."
}

// A pipeline splits in one goroutine and hands whole chunks (a buffer and the games in it) to
// workers, which tokenise the games and give the buffer back with Release.
func ExampleSplitter() {
	sp := pgn.NewSplitter(strings.NewReader(games), pgn.SplitterOptions{Source: "example.pgn"})
	batches := make(chan *pgn.Chunk, 4)
	go func() {
		defer close(batches)
		for {
			c, err := sp.Next()
			if err != nil {
				if err != io.EOF {
					fmt.Println("read error:", err)
				}
				return
			}
			batches <- c
		}
	}()
	var tok pgn.Tokenizer // one per worker
	for c := range batches {
		for i := range c.Games {
			tok.Reset(c, i)
			moves := 0
			for k := tok.Next(); k != pgn.TokEnd; k = tok.Next() {
				if k == pgn.TokSAN {
					moves++
				}
			}
			fmt.Printf("chunk %d, game %d: %d moves, error: %v\n", c.Seq, c.Games[i].Index, moves, tok.Err() != nil)
		}
		c.Release()
	}
	// Output:
	// chunk 0, game 0: 7 moves, error: false
	// chunk 0, game 1: 4 moves, error: true
}

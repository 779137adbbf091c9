// Command notnilreplay replays every game of a plain PGN file with github.com/notnil/chess
// v1.10.0's scanner, the peer that pgnscan's benchmarks compare against. It prints one line:
// games, plies, seconds, games/s, and the error that stopped the scan, if any (notnil's scanner
// stops at the first game it cannot parse).
//
//	go run ./benchmarks/notnilreplay FILE.pgn
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/notnil/chess"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: notnilreplay FILE.pgn (- for standard input)")
		os.Exit(2)
	}
	var in io.Reader = os.Stdin
	if os.Args[1] != "-" {
		f, err := os.Open(os.Args[1])
		if err != nil {
			fmt.Fprintln(os.Stderr, "notnilreplay:", err)
			os.Exit(1)
		}
		defer f.Close()
		in = f
	}
	start := time.Now()
	sc := chess.NewScanner(bufio.NewReaderSize(in, 1<<20))
	games, plies := 0, 0
	for sc.Scan() {
		games++
		plies += len(sc.Next().Moves())
	}
	stop := ""
	if err := sc.Err(); err != nil && err != io.EOF {
		stop = err.Error()
	}
	secs := time.Since(start).Seconds()
	fmt.Printf("games=%d plies=%d seconds=%.3f games_per_s=%.1f stopped=%q\n",
		games, plies, secs, float64(games)/secs, stop)
}

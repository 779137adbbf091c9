package rules

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/pgnscan/pgnscan/internal/board"
	"github.com/pgnscan/pgnscan/internal/pgn"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// corpusGame is one game of a corpus file as the pipeline would see it: the
// tags the judge needs and the main-line SAN tokens.
type corpusGame struct {
	index                    int // 0-based, as game_index
	raw                      []byte
	fen, setUp, variant      string
	result                   string
	eventDate, date, utcDate string
	tagIndex                 string // the PgnscanIndex tag the cross-check adds
	sans                     [][]byte
	readErr                  error // the tokenizer's error, if the game was not read whole
}

// standard reports whether the game is standard chess (rules.md section 1).
func (g *corpusGame) standard() bool {
	return StandardVariant(g.variant)
}

// start returns P0, or false when the set-up FEN is unusable.
func (g *corpusGame) start() (board.Position, bool) {
	if g.fen == "" || g.setUp == "0" {
		return board.StartPosition(), true
	}
	p, err := board.FromFEN(g.fen)
	return p, err == nil
}

// forEachGame streams the games of a corpus file (zstd or plain) to fn; the
// game's slices are only valid during the call. max <= 0 reads them all.
func forEachGame(tb testing.TB, name string, max int, keepRaw bool, fn func(g *corpusGame)) {
	tb.Helper()
	forEachGameIn(tb, testcorpus.Path(tb, name), max, keepRaw, fn)
}

// forEachGameIn is forEachGame for a file at any path.
func forEachGameIn(tb testing.TB, path string, max int, keepRaw bool, fn func(g *corpusGame)) {
	tb.Helper()
	name := filepath.Base(path)
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(name, ".zst") {
		d, err := zstd.NewReader(f, zstd.WithDecoderConcurrency(1))
		if err != nil {
			tb.Fatal(err)
		}
		defer d.Close()
		r = d
	}
	rd := pgn.NewReader(r, pgn.SplitterOptions{Source: name})
	var g corpusGame
	for i := 0; (max <= 0 || i < max) && rd.Next(); i++ {
		g = corpusGame{index: int(rd.Game().Index), sans: g.sans[:0]}
		if keepRaw {
			g.raw = rd.Bytes()
		}
		tok := rd.Tokenizer()
	tokens:
		for {
			switch tok.Next() {
			case pgn.TokEnd:
				break tokens
			case pgn.TokTag:
				v := string(tok.Bytes())
				switch string(tok.TagName()) {
				case "FEN":
					g.fen = v
				case "SetUp":
					g.setUp = v
				case "Variant":
					g.variant = v
				case "Result":
					g.result = v
				case "EventDate":
					g.eventDate = v
				case "Date":
					g.date = v
				case "UTCDate":
					g.utcDate = v
				case "PgnscanIndex":
					g.tagIndex = v
				}
			case pgn.TokSAN:
				g.sans = append(g.sans, tok.Bytes())
			}
		}
		g.readErr = tok.Err()
		fn(&g)
	}
	if err := rd.Err(); err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
}

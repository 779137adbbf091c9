package rules

import (
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// benchGame is a real game reduced to what replay needs: its start, its
// result, its date and the SAN tokens of the prefix that replays.
type benchGame struct {
	start  board.Position
	result Result
	date   Date
	sans   [][]byte
}

type benchCorpus struct {
	games []benchGame
	plies int
}

var benchCache *benchCorpus

// loadBench reads the two excerpts and the first 5,000 OTB master games: a
// mix of online blitz and long over-the-board games. Cached across benchmarks
// so that both run on exactly the same games.
func loadBench(b *testing.B) *benchCorpus {
	if benchCache != nil {
		return benchCache
	}
	c := &benchCorpus{}
	add := func(name string, max int) {
		forEachGame(b, name, max, false, func(g *corpusGame) {
			start, ok := g.start()
			if !ok || !g.standard() {
				return
			}
			bg := benchGame{start: start, result: ParseResult(g.result), date: ParseDate(g.date)}
			p := start
			for _, san := range g.sans {
				m, err := p.ParseSAN(san)
				if err != nil {
					break
				}
				p.Play(m)
				bg.sans = append(bg.sans, append([]byte(nil), san...))
			}
			c.plies += len(bg.sans)
			c.games = append(c.games, bg)
		})
	}
	add("lichess-2025-05-excerpt.pgn", 0)
	add("twic1599-excerpt.pgn", 0)
	add("otb-masters.pgn.zst", 5000)
	benchCache = c
	return c
}

// report sets the per-game op and the games/s and plies/s metrics.
func (c *benchCorpus) report(b *testing.B, games, plies int) {
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(games)/s, "games/s")
	b.ReportMetric(float64(plies)/s, "plies/s")
	b.ReportMetric(float64(c.plies)/float64(len(c.games)), "plies/game")
}

// BenchmarkReplay is the baseline: replaying the games from SAN on a bare
// board.Position (resolve, play, read the key). One op is one game.
func BenchmarkReplay(b *testing.B) {
	c := loadBench(b)
	b.ReportAllocs()
	b.ResetTimer()
	var sink uint64
	plies := 0
	for i := 0; i < b.N; i++ {
		g := &c.games[i%len(c.games)]
		p := g.start
		for _, san := range g.sans {
			m, err := p.ParseSAN(san)
			if err != nil {
				b.Fatal(err)
			}
			p.Play(m)
			sink ^= p.Key()
		}
		plies += len(g.sans)
	}
	b.StopTimer()
	if sink == 1 {
		b.Log(sink)
	}
	c.report(b, b.N, plies)
}

// BenchmarkJudge replays the same games through a Judge under all four
// editions at once, as the pipeline does (choose the editions, Begin, resolve
// and Play each move, Finish). One op is one game; the difference with
// BenchmarkReplay is the judge's cost.
func BenchmarkJudge(b *testing.B) {
	c := loadBench(b)
	sel, err := NewSelection("fide2009,fide2014,fide2017,lichess", "", "")
	if err != nil {
		b.Fatal(err)
	}
	j := NewJudge()
	var choices []Choice
	findings := 0
	b.ReportAllocs()
	b.ResetTimer()
	plies := 0
	for i := 0; i < b.N; i++ {
		g := &c.games[i%len(c.games)]
		choices = sel.Choose(choices[:0], Date{}, g.date, Date{})
		j.Begin(&g.start, g.result, choices)
		for _, san := range g.sans {
			m, err := j.Position().ParseSAN(san)
			if err != nil {
				b.Fatal(err)
			}
			j.Play(m)
		}
		findings += len(j.Finish().Findings)
		plies += len(g.sans)
	}
	b.StopTimer()
	c.report(b, b.N, plies)
	b.ReportMetric(float64(findings)/float64(b.N), "findings/game")
}

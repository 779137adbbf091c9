package board

import (
	"testing"

	"github.com/notnil/chess"
)

// replayCorpus is a benchmark input: the SAN tokens of real games, laid out in one buffer.
type replayCorpus struct {
	buf   []byte
	games [][][]byte // per game, its tokens (views of buf)
	plies int
}

func loadReplayCorpus(b *testing.B, maxOTB int) *replayCorpus {
	b.Helper()
	var games []testGame
	games = append(games, loadGames(b, "lichess-2025-05-excerpt.pgn", 0)...)
	games = append(games, loadGames(b, "twic1599-excerpt.pgn", 0)...)
	if maxOTB > 0 {
		games = append(games, loadGames(b, "otb-masters.pgn.zst", maxOTB)...)
	}
	c := &replayCorpus{}
	type span struct{ start, end int }
	var spans [][]span
	for i := range games {
		g := &games[i]
		if g.fen != "" {
			continue // keep the benchmark to games from the start position
		}
		// Keep only the prefix we can replay, so the loop never meets an error.
		p := StartPosition()
		var gs []span
		for _, tok := range g.sans {
			m, err := p.ParseSAN([]byte(tok))
			if err != nil {
				break
			}
			p.Play(m)
			gs = append(gs, span{len(c.buf), len(c.buf) + len(tok)})
			c.buf = append(c.buf, tok...)
		}
		spans = append(spans, gs)
		c.plies += len(gs)
	}
	for _, gs := range spans {
		toks := make([][]byte, len(gs))
		for i, s := range gs {
			toks[i] = c.buf[s.start:s.end:s.end]
		}
		c.games = append(c.games, toks)
	}
	return c
}

// BenchmarkReplay replays real games from SAN: decode each token, make the move, keep the key
// (decode + make + incremental key update). One op is one ply.
func BenchmarkReplay(b *testing.B) {
	c := loadReplayCorpus(b, 2000)
	b.ReportAllocs()
	b.ResetTimer()
	var sink uint64
	n := 0
	for n < b.N {
		for _, g := range c.games {
			p := StartPosition()
			for _, tok := range g {
				m, err := p.ParseSAN(tok)
				if err != nil {
					b.Fatal(err)
				}
				p.Play(m)
				sink ^= p.Key()
			}
			n += len(g)
			if n >= b.N {
				break
			}
		}
	}
	b.StopTimer()
	if sink == 1 {
		b.Log(sink)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "plies/s")
}

// BenchmarkNotnilReplay replays the same games with github.com/notnil/chess (Game.MoveStr),
// for comparison. One op is one ply.
func BenchmarkNotnilReplay(b *testing.B) {
	c := loadReplayCorpus(b, 0)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for n < b.N {
		for _, g := range c.games {
			game := chess.NewGame()
			for _, tok := range g {
				if err := game.MoveStr(string(tok)); err != nil {
					b.Fatal(err)
				}
			}
			n += len(g)
			if n >= b.N {
				break
			}
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "plies/s")
}

// BenchmarkPerft measures legal move generation: perft 4 of Kiwipete (4,085,603 leaves,
// counted in bulk at the last ply).
func BenchmarkPerft(b *testing.B) {
	p, err := FromFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		nodes += p.perft(4)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// corpusPositions returns every position of the benchmark games.
func corpusPositions(b *testing.B) []Position {
	c := loadReplayCorpus(b, 0)
	var positions []Position
	for _, g := range c.games {
		p := StartPosition()
		for _, tok := range g {
			positions = append(positions, p)
			m, _ := p.ParseSAN(tok)
			p.Play(m)
		}
		positions = append(positions, p)
	}
	return positions
}

// benchPositions runs f on every corpus position; one op is one position.
func benchPositions(b *testing.B, f func(p *Position)) {
	positions := corpusPositions(b)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for n < b.N {
		for i := range positions {
			f(&positions[i])
		}
		n += len(positions)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkLegalMoves measures generating all legal moves of real game positions.
func BenchmarkLegalMoves(b *testing.B) {
	var l MoveList
	benchPositions(b, func(p *Position) { p.LegalMoves(&l) })
}

// BenchmarkMateStalemate measures the per-position end checks the judge makes.
func BenchmarkMateStalemate(b *testing.B) {
	var sink int
	benchPositions(b, func(p *Position) {
		if p.IsCheckmate() || p.IsStalemate() || p.IsDeadByMaterial() {
			sink++
		}
	})
}

// BenchmarkIntendedMoveKeys measures the intended-move claim path: check a quiet piece move
// (every move of the list, as if each were a candidate's) and compute the key it would produce.
func BenchmarkIntendedMoveKeys(b *testing.B) {
	var l MoveList
	var sink uint64
	benchPositions(b, func(p *Position) {
		p.LegalMoves(&l)
		for _, m := range l.Slice() {
			if q, ok := p.QuietPieceMove(m.From(), m.To()); ok {
				sink ^= p.KeyAfter(q)
			}
		}
	})
}

// BenchmarkAppendFEN measures formatting the FEN of real game positions (every finding carries
// one).
func BenchmarkAppendFEN(b *testing.B) {
	buf := make([]byte, 0, 128)
	benchPositions(b, func(p *Position) { buf = p.AppendFEN(buf[:0]) })
}

package pgn

import (
	"bytes"
	"io"
	"syscall"
	"testing"
	"time"

	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// cpuTime returns the CPU time the process has used. The benchmarks report MB per CPU second
// beside the wall-clock MB/s: on a machine shared with other work the wall clock counts time
// spent waiting for a core, the CPU time does not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the throughput per CPU second since start.
func reportCPU(b *testing.B, start time.Duration, bytes int) {
	if cpu := cpuTime() - start; cpu > 0 {
		b.ReportMetric(float64(bytes)*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
	}
}

// benchFiles are the corpus files the benchmarks read, decompressed in memory. The small ones
// are repeated to at least benchMin bytes so that a run measures steady streaming, not the
// first chunk buffer's allocation.
var benchFiles = []string{
	"lichess-2025-05-excerpt.pgn",
	"twic1599-excerpt.pgn",
	"chesscom-one-player.pgn",
	"fics-2000-2199-crlf.pgn",
	"tcec-engines.pgn.zst",
	"otb-masters.pgn.zst",
}

const benchMin = 32 << 20

// benchData returns a corpus file decompressed and repeated to at least benchMin bytes.
func benchData(b *testing.B, name string) []byte {
	data := testcorpus.Read(b, name)
	if len(data) >= benchMin {
		return data
	}
	out := make([]byte, 0, benchMin+len(data)+2)
	for len(out) < benchMin {
		out = append(out, data...)
		out = append(out, '\n', '\n')
	}
	return out
}

// BenchmarkSplit measures cutting a stream into games (no tokenising), in MB/s of PGN.
func BenchmarkSplit(b *testing.B) {
	for _, name := range benchFiles {
		b.Run(name, func(b *testing.B) {
			data := benchData(b, name)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			games := 0
			start := cpuTime()
			for b.Loop() {
				sp := NewSplitter(bytes.NewReader(data), SplitterOptions{})
				for {
					c, err := sp.Next()
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
					games += len(c.Games)
					c.Release()
				}
			}
			reportCPU(b, start, len(data))
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkTokenize measures tokenising whole games already split: tags, SAN tokens, NAGs,
// comments with their [%clk] read, variations skipped. One core.
func BenchmarkTokenize(b *testing.B) {
	for _, name := range benchFiles {
		b.Run(name, func(b *testing.B) {
			data := benchData(b, name)
			chunks := splitChunks(b, data)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			var tok Tokenizer
			var sans, clocks int
			var clk float64
			start := cpuTime()
			for b.Loop() {
				for _, c := range chunks {
					for i := range c.Games {
						tok.Reset(c, i)
						for k := tok.Next(); k != TokEnd; k = tok.Next() {
							switch k {
							case TokSAN:
								sans++
							case TokComment:
								if s, ok := tok.Clock(); ok {
									clk += s
									clocks++
								}
							}
						}
						if tok.Err() != nil {
							b.Fatal(tok.Err())
						}
					}
				}
			}
			reportCPU(b, start, len(data))
			b.ReportMetric(float64(sans)/b.Elapsed().Seconds(), "SAN/s")
			_ = clk
		})
	}
}

// BenchmarkRead measures splitting and tokenising together on one core, as a serial Reader.
func BenchmarkRead(b *testing.B) {
	for _, name := range []string{"lichess-2025-05-excerpt.pgn", "otb-masters.pgn.zst"} {
		b.Run(name, func(b *testing.B) {
			data := benchData(b, name)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				r := NewReader(bytes.NewReader(data), SplitterOptions{})
				for r.Next() {
					tok := r.Tokenizer()
					for k := tok.Next(); k != TokEnd; k = tok.Next() {
						if k == TokComment {
							tok.Clock()
						}
					}
				}
			}
			reportCPU(b, start, len(data))
		})
	}
}

// splitChunks splits data into chunks kept in memory (not released).
func splitChunks(tb testing.TB, data []byte) []*Chunk {
	sp := NewSplitter(bytes.NewReader(data), SplitterOptions{})
	var chunks []*Chunk
	for {
		c, err := sp.Next()
		if err == io.EOF {
			return chunks
		}
		if err != nil {
			tb.Fatal(err)
		}
		chunks = append(chunks, c)
	}
}

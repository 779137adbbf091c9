package report

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// benchFindings returns n findings rows that vary like real ones: game
// index, offset, id, ply, clocks and FEN differ from row to row, tags and
// rule columns repeat.
func benchFindings(n int) []Finding {
	_, _, base := fixtureRows()
	rows := make([]Finding, n)
	for i := range rows {
		r := base[i%len(base)]
		info := *r.GameInfo // each row its own game: the base rows share theirs
		r.GameInfo = &info
		r.GameIndex = int64(i / 2)
		r.GameOffset = int64(i) * 1234
		r.GameID = "g" + strconv.Itoa(i*7919%1000003)
		r.Ply = int32(i % 200)
		r.MoveNumber = r.Ply/2 + 1
		r.HalfmoveClock = int32(i % 100)
		r.WhiteClock = ValidFloat64(float64(i%6000) / 10)
		r.BlackClock = ValidFloat64(float64(i*7%6000) / 10)
		r.White, r.Black = "player"+strconv.Itoa(i*31%5000), "player"+strconv.Itoa(i*17%5000)
		r.WhiteElo, r.BlackElo = ValidInt32(int32(1200+i%1500)), ValidInt32(int32(1200+i*7%1500))
		r.FEN = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - " + strconv.Itoa(i%100) + " " + strconv.Itoa(i)
		rows[i] = r
	}
	return rows
}

// benchGames returns n games rows varying like benchFindings.
func benchGames(n int) []Game {
	finds := benchFindings(n)
	games, _, _ := fixtureRows()
	rows := make([]Game, n)
	for i := range rows {
		g := games[i%len(games)]
		g.GameInfo = finds[i].GameInfo
		g.Plies = int32(i % 300)
		g.FinalFEN = finds[i].FEN
		rows[i] = g
	}
	return rows
}

func benchWrite(b *testing.B, name string) {
	benchWriteRows(b, name, benchFindings(1<<16))
}

func benchWriteRows[R Row](b *testing.B, name string, rows []R) {
	dir := b.TempDir()
	b.ReportAllocs()
	b.ResetTimer()
	path := filepath.Join(dir, name)
	w, err := Create[R](path, Options{})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		if err := w.Write(&rows[i%len(rows)]); err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rows/s")
	if fi, err := os.Stat(path); err == nil {
		b.ReportMetric(float64(fi.Size())/float64(b.N), "file-B/row")
	}
}

// BenchmarkWriteParquet measures findings rows written to Parquet, Close
// (the last row group, footer, fsync, rename) included.
func BenchmarkWriteParquet(b *testing.B) { benchWrite(b, "f.parquet") }

// BenchmarkWriteCSV measures findings rows written as CSV, Close included.
func BenchmarkWriteCSV(b *testing.B) { benchWrite(b, "f.csv") }

// BenchmarkWriteGamesParquet measures games rows (--games: one per game
// and edition, the large table) written to Parquet.
func BenchmarkWriteGamesParquet(b *testing.B) { benchWriteRows(b, "g.parquet", benchGames(1<<16)) }

// BenchmarkWriteGamesCSV measures games rows written as CSV.
func BenchmarkWriteGamesCSV(b *testing.B) { benchWriteRows(b, "g.csv", benchGames(1<<16)) }

// BenchmarkSummaryAddGame measures the summary's cost per games row, paid
// for every game and edition of a scan.
func BenchmarkSummaryAddGame(b *testing.B) {
	games, _, _ := fixtureRows()
	s := NewSummary(testNames)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s.AddGame(&games[i%len(games)])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

// BenchmarkSummaryAddFinding measures the summary's cost per findings row.
func BenchmarkSummaryAddFinding(b *testing.B) {
	_, _, finds := fixtureRows()
	s := NewSummary(testNames)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s.AddFinding(&finds[i%len(finds)])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

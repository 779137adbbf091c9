package testcorpus

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// LichessSchema is the schema of the Hugging Face dataset Lichess/standard-chess-games, column
// for column as its dataset card gives it (dataset_info.features): one row per game, the tags
// as columns (Date and Round are not kept), the movetext with its comments and result.
var LichessSchema = arrow.NewSchema([]arrow.Field{
	{Name: "Event", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "Site", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "White", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "Black", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "Result", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "WhiteTitle", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "BlackTitle", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "WhiteElo", Type: arrow.PrimitiveTypes.Int16, Nullable: true},
	{Name: "BlackElo", Type: arrow.PrimitiveTypes.Int16, Nullable: true},
	{Name: "WhiteRatingDiff", Type: arrow.PrimitiveTypes.Int16, Nullable: true},
	{Name: "BlackRatingDiff", Type: arrow.PrimitiveTypes.Int16, Nullable: true},
	{Name: "UTCDate", Type: arrow.FixedWidthTypes.Date32, Nullable: true},
	{Name: "UTCTime", Type: arrow.FixedWidthTypes.Time32s, Nullable: true},
	{Name: "ECO", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "Opening", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "Termination", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "TimeControl", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "movetext", Type: arrow.BinaryTypes.String, Nullable: true},
}, nil)

// LichessGame is one game of a lichess PGN file: its tags as written and its movetext (the
// lines after the tags, joined by newlines).
type LichessGame struct {
	Tags     map[string]string
	Movetext string
}

// ReadLichessPGN reads a PGN file in lichess's layout (tag lines, a blank line, movetext lines,
// a blank line), line by line: an independent reading of the shared lichess excerpt, not the
// project's parser.
func ReadLichessPGN(tb testing.TB, path string) []LichessGame {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var games []LichessGame
	var g *LichessGame
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "["):
			if g == nil || g.Movetext != "" {
				games = append(games, LichessGame{Tags: map[string]string{}})
				g = &games[len(games)-1]
			}
			name, rest, _ := strings.Cut(line[1:], " ")
			v, err := strconv.Unquote(strings.TrimSuffix(rest, "]"))
			if err != nil {
				tb.Fatalf("%s: tag line %q: %v", path, line, err)
			}
			g.Tags[name] = v
		case strings.TrimSpace(line) != "" && g != nil:
			if g.Movetext != "" {
				g.Movetext += "\n"
			}
			g.Movetext += line
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return games
}

// WriteLichessParquet writes games as a Parquet file in the dataset's schema (LichessSchema),
// rowGroup rows per row group, zstd-compressed, the Arrow schema stored as pyarrow stores it.
// Tags are converted as the dataset holds them: ratings and rating differences ("+5") as
// int16, UTCDate as a date32, UTCTime as a time32 in seconds; an absent tag is null.
func WriteLichessParquet(tb testing.TB, games []LichessGame, path string, rowGroup int) {
	tb.Helper()
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	props := parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithMaxRowGroupLength(int64(rowGroup)))
	w, err := pqarrow.NewFileWriter(LichessSchema, f, props, pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err != nil {
		tb.Fatal(err)
	}
	b := array.NewRecordBuilder(memory.DefaultAllocator, LichessSchema)
	defer b.Release()
	for start := 0; start < len(games); start += rowGroup {
		for _, g := range games[start:min(start+rowGroup, len(games))] {
			appendLichessRow(tb, b, g)
		}
		rec := b.NewRecordBatch()
		err := w.Write(rec)
		rec.Release()
		if err != nil {
			tb.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
}

func appendLichessRow(tb testing.TB, b *array.RecordBuilder, g LichessGame) {
	tb.Helper()
	for i, fl := range LichessSchema.Fields() {
		v, ok := g.Tags[fl.Name]
		if fl.Name == "movetext" {
			v, ok = g.Movetext, true
		}
		fb := b.Field(i)
		if !ok {
			fb.AppendNull()
			continue
		}
		switch fb := fb.(type) {
		case *array.StringBuilder:
			fb.Append(v)
		case *array.Int16Builder:
			n, err := strconv.ParseInt(strings.TrimPrefix(v, "+"), 10, 16)
			if err != nil {
				fb.AppendNull() // "?" for an unknown rating
				continue
			}
			fb.Append(int16(n))
		case *array.Date32Builder:
			d, err := time.Parse("2006.01.02", v)
			if err != nil {
				fb.AppendNull()
				continue
			}
			fb.Append(arrow.Date32FromTime(d))
		case *array.Time32Builder:
			t, err := time.Parse("15:04:05", v)
			if err != nil {
				fb.AppendNull()
				continue
			}
			fb.Append(arrow.Time32(t.Hour()*3600 + t.Minute()*60 + t.Second()))
		default:
			tb.Fatalf("column %s: unexpected builder %T", fl.Name, fb)
		}
	}
}

// LichessExcerpt is the shared corpus's lichess excerpt (438 games, see its README).
const LichessExcerpt = "lichess-2025-05-excerpt.pgn"

// ExcerptParquet writes the shared lichess excerpt as a Parquet file in the dataset's schema, in row
// groups of rowGroup rows, and returns its path and the games as the PGN holds them.
func ExcerptParquet(t testing.TB, rowGroup int, edit func([]LichessGame)) (string, []LichessGame) {
	t.Helper()
	games := ReadLichessPGN(t, Path(t, LichessExcerpt))
	if len(games) != 438 {
		t.Fatalf("read %d games from the excerpt, its README says 438", len(games))
	}
	if edit != nil {
		edit(games)
	}
	path := filepath.Join(t.TempDir(), "train-00000-of-00001.parquet")
	WriteLichessParquet(t, games, path, rowGroup)
	return path, games
}

// WriteRecord writes one record batch as a Parquet file.
func WriteRecord(t testing.TB, path string, rec arrow.RecordBatch) {
	t.Helper()
	defer rec.Release()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, err := pqarrow.NewFileWriter(rec.Schema(), f, parquet.NewWriterProperties(), pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

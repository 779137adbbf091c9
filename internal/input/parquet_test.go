package input

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/pgnscan/pgnscan/internal/pgn"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// TestParquetGameText: each row becomes the game the PGN holds: the same tags with the same
// values (dates, times, ratings and signed rating differences converted back from the
// dataset's types), Date from UTCDate, and the movetext unchanged.
func TestParquetGameText(t *testing.T) {
	path, games := testcorpus.ExcerptParquet(t, 64, nil)
	s, err := Source{Name: path, Path: path}.Open(OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if !s.Parquet {
		t.Fatal("not recognised as Parquet")
	}
	pg, err := newParquetGames(s, 8<<10)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	n := 0
	for {
		c, err := pg.Next()
		if c != nil {
			for i := range c.Games {
				tags, moves := splitGameText(t, string(c.GameBytes(i)))
				want := games[c.Games[i].Index]
				delete(want.Tags, "Round")
				if c.Games[i].Index != int64(n) || !mapsEqual(tags, want.Tags) || moves != want.Movetext {
					t.Fatalf("row %d (index %d):\ngot  %v\n%q\nwant %v\n%q", n, c.Games[i].Index, tags, moves, want.Tags, want.Movetext)
				}
				n++
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if n != len(games) {
		t.Fatalf("%d games, want %d", n, len(games))
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// splitGameText parses a game written by parquetGames: tag lines, a blank line, movetext.
func splitGameText(t *testing.T, text string) (map[string]string, string) {
	t.Helper()
	head, moves, ok := strings.Cut(text, "\n\n")
	if !ok {
		t.Fatalf("no blank line after the tags: %q", text)
	}
	tags := map[string]string{}
	for _, l := range strings.Split(head, "\n") {
		name, rest, _ := strings.Cut(strings.TrimPrefix(l, "["), " ")
		v, err := strconv.Unquote(strings.TrimSuffix(rest, "]"))
		if err != nil {
			t.Fatalf("tag line %q: %v", l, err)
		}
		tags[name] = v
	}
	return tags, moves
}

// TestParquetOtherSchema: a Parquet file without movetext is refused before the scan, naming
// the columns it has.
func TestParquetOtherSchema(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "scores.parquet")
	schema := arrow.NewSchema([]arrow.Field{{Name: "player", Type: arrow.BinaryTypes.String},
		{Name: "moves", Type: arrow.PrimitiveTypes.Int32}}, nil)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	b.Field(0).(*array.StringBuilder).Append("x")
	b.Field(1).(*array.Int32Builder).Append(3)
	testcorpus.WriteRecord(t, path, b.NewRecordBatch())
	for _, arg := range []string{path, dir} {
		_, err := Resolve([]string{arg})
		var se *SchemaError
		if !errors.As(err, &se) || !errors.Is(err, ErrNoMovetext) || se.Name != path {
			t.Fatalf("Resolve(%s) = %v, want a *SchemaError for %s", arg, err, path)
		}
		for _, want := range []string{path, "player utf8", "moves int32", "movetext"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("message %q does not name %q", err, want)
			}
		}
	}
}

// TestResolvePartitionFolders: a directory stands for the inputs inside it and in its Hive
// partition folders (the dataset's data/year=2025/month=05/), sorted by path; plain
// subdirectories are entered too (issue 27).
func TestResolvePartitionFolders(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"year=2025/month=05/train-00001-of-00002.parquet", "year=2025/month=05/train-00000-of-00002.parquet",
		"year=2024/month=12/train-00000-of-00001.parquet", "a.pgn", "other/b.pgn", "year=2024/notes.txt"} {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("1. e4 *\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srcs, err := Resolve([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range srcs {
		got = append(got, strings.TrimPrefix(s.Name, dir+string(filepath.Separator)))
	}
	want := []string{"a.pgn", "other/b.pgn", "year=2024/month=12/train-00000-of-00001.parquet",
		"year=2025/month=05/train-00000-of-00002.parquet", "year=2025/month=05/train-00001-of-00002.parquet"}
	if !slices.Equal(got, want) {
		t.Errorf("Resolve = %q, want %q", got, want)
	}
}

// FuzzParquetTag: whatever a string column holds, the tag line written from it is one tag that
// the PGN tokenizer reads back with the same value, line ends and other control bytes turned to
// spaces, so that no column value can break a game's text.
func FuzzParquetTag(f *testing.F) {
	for _, s := range []string{"Rated Blitz game", `say "hi"`, `back\slash`, "two\nlines", "a]\n[Event \"x\"", "", "\\"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		if !utf8.ValidString(v) {
			t.Skip()
		}
		line := appendTag(nil, tagOpen("Event"), []byte(v))
		var tok pgn.Tokenizer
		tok.ResetBytes(append(line, "\n1. e4 *\n"...))
		want := strings.Map(func(r rune) rune {
			if r < 0x20 || r == 0x7F {
				return ' '
			}
			return r
		}, v)
		tags := 0
		for k := tok.Next(); k != pgn.TokEnd; k = tok.Next() {
			if k != pgn.TokTag {
				continue
			}
			tags++
			if string(tok.TagName()) != "Event" || pgn.TagText(tok.Bytes()) != want {
				t.Fatalf("tag %q = %q, want Event = %q (line %q)", tok.TagName(), pgn.TagText(tok.Bytes()), want, line)
			}
		}
		if tags != 1 || tok.Err() != nil {
			t.Fatalf("%d tags, error %v, from line %q", tags, tok.Err(), line)
		}
	})
}

// FuzzParquetFile: a damaged Parquet file of games (bytes changed, cut, or added) gives games,
// an error, or both, never a panic or a game outside the file's rows; the seed is the dataset's
// schema holding three games of the excerpt.
func FuzzParquetFile(f *testing.F) {
	dir := f.TempDir()
	seed := filepath.Join(dir, "seed.parquet")
	games := testcorpus.ReadLichessPGN(f, testcorpus.Path(f, testcorpus.LichessExcerpt))[:3]
	testcorpus.WriteLichessParquet(f, games, seed, 2)
	data, err := os.ReadFile(seed)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add(data[:len(data)-9])
	f.Fuzz(func(t *testing.T, b []byte) {
		path := filepath.Join(t.TempDir(), "f.parquet")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := Source{Name: path, Path: path}.Open(OpenOptions{})
		if err != nil {
			return
		}
		defer s.Close()
		if !s.Parquet {
			return
		}
		pg, err := newParquetGames(s, 1<<10)
		if err != nil {
			return
		}
		defer pg.Close()
		rows := pg.rd.NumRows()
		for range rows + 2 {
			c, err := pg.Next()
			if c != nil {
				for _, g := range c.Games {
					if g.Index < 0 || g.Index >= rows {
						t.Fatalf("game %d of a file of %d rows", g.Index, rows)
					}
				}
			}
			if err != nil {
				return
			}
		}
		t.Fatalf("no end after %d rows", rows)
	})
}

// TestAppendDateTime: dates and times of day are written as the time package formats them, for
// every day from before year 0 to after 9999 and every second of a day (and a few milliseconds
// and values outside a day).
func TestAppendDateTime(t *testing.T) {
	for d := arrow.Date32(-800_000); d <= 3_000_000; d++ {
		want := d.ToTime().Format("2006.01.02")
		if got := string(appendDate(nil, d)); got != want {
			t.Fatalf("appendDate(%d) = %q, want %q", d, got, want)
		}
	}
	check := func(v arrow.Time32, unit arrow.TimeUnit) {
		t.Helper()
		want := v.ToTime(unit).Format("15:04:05")
		if got := string(appendTime(nil, v, unit)); got != want {
			t.Fatalf("appendTime(%d, %v) = %q, want %q", v, unit, got, want)
		}
	}
	for s := arrow.Time32(-5); s < 24*3600+5; s++ {
		check(s, arrow.Second)
	}
	for _, ms := range []arrow.Time32{-1, 0, 999, 1000, 59_999, 86_399_999, 86_400_000, 90_000_123} {
		check(ms, arrow.Millisecond)
	}
}

// TestParquetTagTypes: every column type a tag is written from gives the text written by hand
// here: integers of each width in decimal (a column named ...RatingDiff with its sign, an
// unsigned 64-bit one past the signed range), dates of either width as YYYY.MM.DD, times of day
// of each unit as HH:MM:SS, strings plain, large or dictionary-encoded, and no tag for a null;
// over two row groups, so that each is read from its own column chunks.
func TestParquetTagTypes(t *testing.T) {
	ms := func(h, m, s int) int64 { return int64((h*60+m)*60+s) * 1000 }
	fields := []arrow.Field{
		{Name: "I8", Type: arrow.PrimitiveTypes.Int8, Nullable: true},
		{Name: "U8", Type: arrow.PrimitiveTypes.Uint8, Nullable: true},
		{Name: "WhiteRatingDiff", Type: arrow.PrimitiveTypes.Int16, Nullable: true},
		{Name: "U16", Type: arrow.PrimitiveTypes.Uint16, Nullable: true},
		{Name: "I32", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
		{Name: "U32", Type: arrow.PrimitiveTypes.Uint32, Nullable: true},
		{Name: "I64", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
		{Name: "U64", Type: arrow.PrimitiveTypes.Uint64, Nullable: true},
		{Name: "D32", Type: arrow.FixedWidthTypes.Date32, Nullable: true},
		{Name: "D64", Type: arrow.FixedWidthTypes.Date64, Nullable: true},
		{Name: "T32s", Type: arrow.FixedWidthTypes.Time32s, Nullable: true},
		{Name: "T32ms", Type: arrow.FixedWidthTypes.Time32ms, Nullable: true},
		{Name: "T64us", Type: arrow.FixedWidthTypes.Time64us, Nullable: true},
		{Name: "T64ns", Type: arrow.FixedWidthTypes.Time64ns, Nullable: true},
		{Name: "Large", Type: arrow.BinaryTypes.LargeString, Nullable: true},
		{Name: "Dict", Type: &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}, Nullable: true},
		{Name: "Required", Type: arrow.BinaryTypes.String},
		{Name: MovetextColumn, Type: arrow.BinaryTypes.String, Nullable: true},
	}
	schema := arrow.NewSchema(fields, nil)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	// Row 0 holds a value in every column, row 1 nulls (and other values where a column
	// cannot be null), row 2 values again.
	b.Field(0).(*array.Int8Builder).AppendValues([]int8{-128, 0, 127}, []bool{true, false, true})
	b.Field(1).(*array.Uint8Builder).AppendValues([]uint8{255, 0, 1}, []bool{true, false, true})
	b.Field(2).(*array.Int16Builder).AppendValues([]int16{5, 0, 0}, []bool{true, false, true})
	b.Field(3).(*array.Uint16Builder).AppendValues([]uint16{65535, 0, 7}, []bool{true, false, true})
	b.Field(4).(*array.Int32Builder).AppendValues([]int32{-2147483648, 0, 2147483647}, []bool{true, false, true})
	b.Field(5).(*array.Uint32Builder).AppendValues([]uint32{4294967295, 0, 3}, []bool{true, false, true})
	b.Field(6).(*array.Int64Builder).AppendValues([]int64{-9223372036854775808, 0, 42}, []bool{true, false, true})
	b.Field(7).(*array.Uint64Builder).AppendValues([]uint64{18446744073709551615, 0, 9}, []bool{true, false, true})
	b.Field(8).(*array.Date32Builder).AppendValues([]arrow.Date32{20209, 0, -1}, []bool{true, false, true})
	b.Field(9).(*array.Date64Builder).AppendValues([]arrow.Date64{20209 * 86_400_000, 0, 0}, []bool{true, false, true})
	b.Field(10).(*array.Time32Builder).AppendValues([]arrow.Time32{3723, 0, 86399}, []bool{true, false, true})
	b.Field(11).(*array.Time32Builder).AppendValues([]arrow.Time32{arrow.Time32(ms(23, 59, 58) + 999), 0, 0}, []bool{true, false, true})
	b.Field(12).(*array.Time64Builder).AppendValues([]arrow.Time64{arrow.Time64(ms(12, 0, 1) * 1000), 0, 1}, []bool{true, false, true})
	b.Field(13).(*array.Time64Builder).AppendValues([]arrow.Time64{arrow.Time64(ms(1, 2, 3) * 1_000_000), 0, 999_999_999}, []bool{true, false, true})
	b.Field(14).(*array.LargeStringBuilder).AppendValues([]string{"large", "", `quote " and \`}, []bool{true, false, true})
	db := b.Field(15).(*array.BinaryDictionaryBuilder)
	for _, v := range []string{"Blitz", "", "Blitz"} {
		if v == "" {
			db.AppendNull()
		} else if err := db.AppendString(v); err != nil {
			t.Fatal(err)
		}
	}
	b.Field(16).(*array.StringBuilder).AppendValues([]string{"r0", "r1", "line\nend"}, nil)
	b.Field(17).(*array.StringBuilder).AppendValues([]string{"1. e4 *", "1. d4 *", "1. c4 *"}, nil)
	want := []string{
		`[I8 "-128"]` + "\n" + `[U8 "255"]` + "\n" + `[WhiteRatingDiff "+5"]` + "\n" + `[U16 "65535"]` + "\n" +
			`[I32 "-2147483648"]` + "\n" + `[U32 "4294967295"]` + "\n" + `[I64 "-9223372036854775808"]` + "\n" +
			`[U64 "18446744073709551615"]` + "\n" + `[D32 "2025.05.01"]` + "\n" + `[D64 "2025.05.01"]` + "\n" +
			`[T32s "01:02:03"]` + "\n" + `[T32ms "23:59:58"]` + "\n" + `[T64us "12:00:01"]` + "\n" + `[T64ns "01:02:03"]` + "\n" +
			`[Large "large"]` + "\n" + `[Dict "Blitz"]` + "\n" + `[Required "r0"]` + "\n\n1. e4 *\n\n",
		`[Required "r1"]` + "\n\n1. d4 *\n\n",
		`[I8 "127"]` + "\n" + `[U8 "1"]` + "\n" + `[WhiteRatingDiff "+0"]` + "\n" + `[U16 "7"]` + "\n" +
			`[I32 "2147483647"]` + "\n" + `[U32 "3"]` + "\n" + `[I64 "42"]` + "\n" +
			`[U64 "9"]` + "\n" + `[D32 "1969.12.31"]` + "\n" + `[D64 "1970.01.01"]` + "\n" +
			`[T32s "23:59:59"]` + "\n" + `[T32ms "00:00:00"]` + "\n" + `[T64us "00:00:00"]` + "\n" + `[T64ns "00:00:00"]` + "\n" +
			`[Large "quote \" and \\"]` + "\n" + `[Dict "Blitz"]` + "\n" + `[Required "line end"]` + "\n\n1. c4 *\n\n",
	}
	rec := b.NewRecordBatch()
	defer rec.Release()
	path := filepath.Join(t.TempDir(), "types.parquet")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := pqarrow.NewFileWriter(schema, f, parquet.NewWriterProperties(parquet.WithMaxRowGroupLength(2)),
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	s, err := Source{Name: path, Path: path}.Open(OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	pg, err := newParquetGames(s, 1<<10)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	var got []string
	for {
		c, err := pg.Next()
		if c != nil {
			for i := range c.Games {
				g := c.Games[i]
				got = append(got, string(c.Data[g.Start:g.End+2]))
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("games\n%q\nwant\n%q", got, want)
	}
}

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
		line := appendTag(nil, "Event", []byte(v))
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

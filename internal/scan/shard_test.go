package scan

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

func TestParseShard(t *testing.T) {
	good := []struct {
		text string
		want Shard
	}{
		{"text:a.pgn@0-100", Shard{Kind: ShardText, Path: "a.pgn", Start: 0, End: 100}},
		{"frames:dir/x@y.pgn.zst@12-4096", Shard{Kind: ShardFrames, Path: "dir/x@y.pgn.zst", Start: 12, End: 4096}},
		{"whole:c:/a.pgn.gz@0-7", Shard{Kind: ShardWhole, Path: "c:/a.pgn.gz", Start: 0, End: 7}},
		{"text:e.pgn@5-5", Shard{Kind: ShardText, Path: "e.pgn", Start: 5, End: 5}},
		{"text:a+b.pgn@100-200+7,130,52", Shard{Kind: ShardText, Path: "a+b.pgn", Start: 100, End: 200,
			First: &ShardStart{Index: 7, Offset: 130, Line: 52}}},
		{"frames:m.pgn.zst@12-4096+3,700,41,650", Shard{Kind: ShardFrames, Path: "m.pgn.zst", Start: 12, End: 4096,
			First: &ShardStart{Index: 3, Offset: 700, Line: 41, DStart: 650}}},
	}
	for _, tc := range good {
		got, err := ParseShard(tc.text)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseShard(%q) = %+v, %v; want %+v", tc.text, got, err, tc.want)
		}
		if got.String() != tc.text {
			t.Errorf("String() = %q, want %q", got.String(), tc.text)
		}
	}
	for _, bad := range []string{"", "a.pgn", "text:a.pgn", "text:@0-1", "zip:a@0-1", "text:a@1", "text:a@2-1",
		"text:a@-1-2", "text:a@0-x", "whole:a@3-9", "text:a@0-1-2", "text:a@ 0-1",
		"text:a@0-1+1,2", "text:a@5-9+0,4,1", "frames:a@0-1+0,5,1,6", "frames:a@0-1+0,5,1", "whole:a@0-1+0,0,1",
		"text:a@0-1+0,0,0", "text:a@0-1+0,-1,1", "text:a@0-1+", "text:a@0-1+0,1,1,1"} {
		if _, err := ParseShard(bad); !errors.Is(err, ErrBadShard) {
			t.Errorf("ParseShard(%q) = %v, want ErrBadShard", bad, err)
		}
	}
}

// framesAt packs text as announced zstd frames (pzstd's layout), cut at the given text offsets;
// it returns the file and the stored offset at which each frame begins.
func framesAt(t testing.TB, text []byte, cuts []int) ([]byte, []int64) {
	var out []byte
	var starts []int64
	prev := 0
	for _, c := range append(slices.Clone(cuts), len(text)) {
		if c <= prev {
			continue
		}
		starts = append(starts, int64(len(out)))
		out = appendAnnounced(out, zstdStreamFrame(t, text[prev:c]))
		prev = c
	}
	return out, starts
}

func TestPlanFrames(t *testing.T) {
	text := bytes.Repeat([]byte("[Event \"x\"]\n\n1. e4 e5 *\n\n"), 4000)
	data, starts := framesAt(t, text, []int{10000, 20000, 30000, 40000, 50000, 60000, 70000, 80000, 90000})
	src := source(t, t.TempDir(), "f.pgn.zst", data)
	size := starts[3] // three frames a shard (frames compress alike, but not to the byte)
	shards, err := Plan(src.Path, size)
	if err != nil {
		t.Fatal(err)
	}
	// By hand: a shard closes at the first frame end at least size bytes after its start.
	var want []Shard
	start := int64(0)
	ends := append(slices.Clone(starts[1:]), int64(len(data)))
	for _, e := range ends {
		if e-start >= size && e < int64(len(data)) {
			want = append(want, Shard{Kind: ShardFrames, Path: src.Path, Start: start, End: e})
			start = e
		}
	}
	want = append(want, Shard{Kind: ShardFrames, Path: src.Path, Start: start, End: int64(len(data))})
	if !slices.Equal(shards, want) {
		t.Fatalf("Plan = %v\nwant %v", shards, want)
	}
	if len(shards) < 3 {
		t.Fatalf("only %d shards", len(shards))
	}
}

func TestPlanTextAndWhole(t *testing.T) {
	dir := t.TempDir()
	text := source(t, dir, "a.pgn", bytes.Repeat([]byte("x"), 250))
	got, err := Plan(text.Path, 100)
	want := []Shard{{Kind: ShardText, Path: text.Path, Start: 0, End: 100}, {Kind: ShardText, Path: text.Path, Start: 100, End: 200}, {Kind: ShardText, Path: text.Path, Start: 200, End: 250}}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("Plan(text) = %v, %v; want %v", got, err, want)
	}
	empty := source(t, dir, "e.pgn", nil)
	if got, err := Plan(empty.Path, 100); err != nil || !slices.Equal(got, []Shard{{Kind: ShardText, Path: empty.Path, Start: 0, End: 0}}) {
		t.Errorf("Plan(empty) = %v, %v", got, err)
	}
	for name, data := range map[string][]byte{
		"s.pgn.zst": zstdFrame(t, bytes.Repeat([]byte("1. e4 *\n\n"), 100)),
		"g.pgn.gz":  gzipMembers(t, bytes.Repeat([]byte("1. e4 *\n\n"), 100), 2),
	} {
		src := source(t, dir, name, data)
		got, err := Plan(src.Path, 10)
		if want := []Shard{{Kind: ShardWhole, Path: src.Path, Start: 0, End: int64(len(data))}}; err != nil || !slices.Equal(got, want) {
			t.Errorf("Plan(%s) = %v, %v; want %v", name, got, err, want)
		}
	}
}

// scanShards scans src whole and then as the shards cut at cuts (stored offsets), and fails t
// unless the findings, games and errors rows of the shards, in order, are those of the whole
// scan.
func scanShards(t *testing.T, src Source, kind ShardKind, whole *plOutputs, cuts []int64) {
	t.Helper()
	t.Logf("%s cuts %v: whole scan %d findings, %d games rows", kind, cuts, len(rowsOf(&whole.findings)), len(rowsOf(&whole.games)))
	bounds := append(append([]int64{0}, cuts...), src.Size)
	var shards []Shard
	for i := 1; i < len(bounds); i++ {
		shards = append(shards, Shard{Kind: kind, Path: src.Path, Start: bounds[i-1], End: bounds[i]})
	}
	scanShardList(t, src, whole, cuts, shards) // each read from byte 0
	f, err := os.Open(src.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := CountShards(context.Background(), f, src.Size, shards, 2); err != nil {
		t.Fatal(err)
	}
	for _, sh := range shards {
		if sh.First == nil {
			t.Fatalf("%s: not counted", sh)
		}
	}
	scanShardList(t, src, whole, cuts, shards) // each read from its own range
}

// scanShardList scans the shards in order and fails t unless their rows, in order, are those of
// the whole scan, and their summaries add up to its games and bytes.
func scanShardList(t *testing.T, src Source, whole *plOutputs, cuts []int64, shards []Shard) {
	t.Helper()
	var findings, games, errs []string
	var read int64 // games the shards' summaries count
	var stored, pgn int64
	file, err := os.Open(src.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	for _, sh := range shards {
		rec := &lowestRead{r: file, lowest: src.Size}
		s, err := sh.SourceAt(rec, src.Size)
		if err != nil {
			t.Fatalf("%s: %v", sh, err)
		}
		o, err := pqRun(t, 2, 1<<16, s)
		if err != nil {
			t.Fatalf("%s: %v", sh, err)
		}
		findings = append(findings, rowsOf(&o.findings)...)
		games = append(games, rowsOf(&o.games)...)
		errs = append(errs, rowsOf(&o.errors)...)
		if counted, low := sh.First != nil, rec.lowest; counted && low < sh.Start || !counted && low > 0 && sh.Start > 0 {
			t.Errorf("%s: read from byte %d (counted %v)", sh, low, counted)
		}
		read += o.out.Summary.Games()
		in := o.out.Summary.Inputs()[0]
		stored += in.Read
		pgn += in.Decompressed
	}
	if read != whole.out.Summary.Games() {
		t.Errorf("cuts %v: the shards' summaries count %d games, the whole scan's %d", cuts, read, whole.out.Summary.Games())
	}
	if in := whole.out.Summary.Inputs()[0]; stored != in.Read || pgn != in.Decompressed {
		t.Errorf("cuts %v: the shards' summaries read %d bytes, %d of PGN; the whole scan %d, %d", cuts, stored, pgn, in.Read, in.Decompressed)
	}
	for _, tab := range []struct {
		name      string
		got, want []string
	}{{"findings", findings, rowsOf(&whole.findings)}, {"games", games, rowsOf(&whole.games)}, {"errors", errs, rowsOf(&whole.errors)}} {
		if !slices.Equal(tab.got, tab.want) {
			i := 0
			for i < min(len(tab.got), len(tab.want)) && tab.got[i] == tab.want[i] {
				i++
			}
			t.Fatalf("cuts %v: %s rows of the shards differ from the whole scan at row %d (%d rows, want %d)",
				cuts, tab.name, i, len(tab.got), len(tab.want))
		}
	}
}

// rowsOf returns the CSV lines of b after its header (no field of these rows spans lines).
func rowsOf(b *bytes.Buffer) []string {
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) <= 1 {
		return nil
	}
	return lines[1:]
}

// eventStarts returns the offsets of the "[Event " lines of text, found without the splitter.
func eventStarts(text []byte) []int64 {
	var out []int64
	for i := 0; ; {
		j := bytes.Index(text[i:], []byte("[Event "))
		if j < 0 {
			return out
		}
		if i+j == 0 || text[i+j-1] == '\n' || text[i+j-1] == '\r' {
			out = append(out, int64(i+j))
		}
		i += j + 1
	}
}

// cutSets returns sets of cut offsets in (0, size): random offsets (inside games, as a rule),
// game starts exactly, and a byte either side of a game start.
func cutSets(rng *rand.Rand, size int64, starts []int64, sets, per int) [][]int64 {
	var out [][]int64
	for range sets {
		var cuts []int64
		for range per {
			c := 1 + rng.Int64N(max(size-1, 1))
			if len(starts) > 0 && rng.IntN(2) == 0 {
				c = starts[rng.IntN(len(starts))] + int64(rng.IntN(3)) - 1 // at [Event, or a byte off
			}
			if c > 0 && c < size {
				cuts = append(cuts, c)
			}
		}
		slices.Sort(cuts)
		out = append(out, slices.Compact(cuts))
	}
	return out
}

// shardCorpus runs scanShards over the corpus files: plain files as text shards, and the zstd
// ones (their first limit bytes of text, whole when limit is 0) repacked as pzstd-like frames of
// frame bytes, some cut exactly at a game start, as frame shards.
func shardCorpus(t *testing.T, limit, frame, sets, per int) {
	rng := rand.New(rand.NewPCG(18, 1))
	dir := testcorpus.Dir(t)
	for _, name := range testcorpus.Archives(t) {
		t.Run(name, func(t *testing.T) {
			r := testcorpus.Open(t, name)
			text, err := io.ReadAll(r)
			r.Close()
			if err != nil {
				t.Fatal(err)
			}
			src := Source{Name: filepath.Join(dir, name), Path: filepath.Join(dir, name)}
			kind := ShardText
			if strings.HasSuffix(name, ".zst") {
				if limit > 0 && len(text) > limit {
					text = text[:limit]
				}
				src.Name = filepath.Join(t.TempDir(), name)
				src.Path = src.Name
				var textCuts []int
				events := eventStarts(text)
				for c := frame; c < len(text); c += frame {
					if len(textCuts)%3 == 2 { // every third frame ends exactly at an [Event
						if k, ok := slices.BinarySearch(events, int64(c)); ok || k < len(events) {
							c = int(events[k])
						}
					}
					textCuts = append(textCuts, c)
				}
				data, starts := framesAt(t, text, textCuts)
				if err := os.WriteFile(src.Path, data, 0o644); err != nil {
					t.Fatal(err)
				}
				kind = ShardFrames
				defer func() { t.Logf("%d frames", len(starts)) }()
				src.Size = int64(len(data))
				whole, err := pqRun(t, 2, 0, src)
				if err != nil {
					t.Fatal(err)
				}
				for _, set := range cutSets(rng, int64(len(starts)), nil, sets, per) {
					cuts := make([]int64, len(set))
					for i, f := range set {
						cuts[i] = starts[f]
					}
					scanShards(t, src, kind, whole, cuts)
				}
				return
			}
			src.Size = int64(len(text))
			whole, err := pqRun(t, 2, 0, src)
			if err != nil {
				t.Fatal(err)
			}
			for _, cuts := range cutSets(rng, src.Size, eventStarts(text), sets, per) {
				scanShards(t, src, kind, whole, cuts)
			}
		})
	}
}

// TestShardsLikeWholeScan: every corpus file cut into shards (text ranges, or runs of frames),
// at random offsets, exactly at [Event lines and a byte off them: the rows of the shards together
// are those of the whole scan, each game once, with its game_index and game_offset. A sample;
// TestShardsLikeWholeScanAll (slow) takes the whole files and many more cuts.
func TestShardsLikeWholeScan(t *testing.T) {
	shardCorpus(t, 1<<20, 96<<10, 2, 5)
}

// TestShardErrors: a shard past its file, or a frame shard that does not begin at a frame,
// fails with an error naming the file and the byte range.
func TestShardErrors(t *testing.T) {
	dir := t.TempDir()
	text := source(t, dir, "a.pgn", []byte("[Event \"x\"]\n\n1. e4 *\n"))
	data, starts := framesAt(t, bytes.Repeat([]byte("[Event \"x\"]\n\n1. e4 *\n\n"), 100), []int{500, 1000})
	frames := source(t, dir, "f.pgn.zst", data)
	for _, sh := range []Shard{
		{Kind: ShardText, Path: text.Path, Start: 0, End: 1000},
		{Kind: ShardFrames, Path: frames.Path, Start: starts[1] + 1, End: int64(len(data))},
		{Kind: ShardFrames, Path: frames.Path, Start: 0, End: starts[1] + 5},
	} {
		_, err := sh.Source()
		if err == nil || !strings.Contains(err.Error(), sh.String()) {
			t.Errorf("%s: error %v, want one naming the shard", sh, err)
		}
	}
	if _, err := (Shard{Kind: ShardText, Path: filepath.Join(dir, "none.pgn"), Start: 0, End: 1}).Source(); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v, want ErrNotExist", err)
	}
}

// FuzzParseShard: ParseShard never panics, and what it accepts prints back as given.
func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"text:a.pgn@0-100", "frames:x@y@1-2", "whole:z@0-0", "text:a@", ":@-",
		"text:a.pgn@10-100+3,12,40", "frames:x+y@1-2+0,5,1,5", "frames:x@1-2+0,5,1", "whole:z@0-0+1,1,1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := ParseShard(s)
		if err != nil {
			return
		}
		again, err := ParseShard(sh.String())
		if err != nil || !reflect.DeepEqual(again, sh) {
			t.Fatalf("%q parsed as %+v, which prints as %q and parses as %+v, %v", s, sh, sh.String(), again, err)
		}
	})
}

// lowestRead is a file that records the lowest offset of a read of more than a header (16
// bytes): where a scan really started reading.
type lowestRead struct {
	r      io.ReaderAt
	lowest int64
}

func (l *lowestRead) ReadAt(p []byte, off int64) (int, error) {
	if len(p) > 16 {
		l.lowest = min(l.lowest, off)
	}
	return l.r.ReadAt(p, off)
}

package scan

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/input"

	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// scanShards scans src whole and then as the shards cut at cuts (stored offsets), and fails t
// unless the findings, games and errors rows of the shards, in order, are those of the whole
// scan.
func scanShards(t *testing.T, src input.Source, kind input.ShardKind, whole *plOutputs, cuts []int64) {
	t.Helper()
	t.Logf("%s cuts %v: whole scan %d findings, %d games rows", kind, cuts, len(rowsOf(&whole.findings)), len(rowsOf(&whole.games)))
	bounds := append(append([]int64{0}, cuts...), src.Size)
	var shards []input.Shard
	for i := 1; i < len(bounds); i++ {
		shards = append(shards, input.Shard{Kind: kind, Path: src.Path, Start: bounds[i-1], End: bounds[i]})
	}
	scanShardList(t, src, whole, cuts, shards) // each read from byte 0
	f, err := os.Open(src.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := input.CountShards(context.Background(), f, src.Size, shards, 2); err != nil {
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
func scanShardList(t *testing.T, src input.Source, whole *plOutputs, cuts []int64, shards []input.Shard) {
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
			src := input.Source{Name: filepath.Join(dir, name), Path: filepath.Join(dir, name)}
			kind := input.ShardText
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
				data, starts := testcorpus.FramesAt(t, text, textCuts)
				if err := os.WriteFile(src.Path, data, 0o644); err != nil {
					t.Fatal(err)
				}
				kind = input.ShardFrames
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

// source writes data to a file in dir and returns it as an input.
func source(t testing.TB, dir, name string, data []byte) input.Source {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return input.Source{Name: name, Path: p, Size: int64(len(data))}
}

package input

import (
	"bytes"
	"errors"
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

func TestPlanFrames(t *testing.T) {
	text := bytes.Repeat([]byte("[Event \"x\"]\n\n1. e4 e5 *\n\n"), 4000)
	data, starts := testcorpus.FramesAt(t, text, []int{10000, 20000, 30000, 40000, 50000, 60000, 70000, 80000, 90000})
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

// TestShardErrors: a shard past its file, or a frame shard that does not begin at a frame,
// fails with an error naming the file and the byte range.
func TestShardErrors(t *testing.T) {
	dir := t.TempDir()
	text := source(t, dir, "a.pgn", []byte("[Event \"x\"]\n\n1. e4 *\n"))
	data, starts := testcorpus.FramesAt(t, bytes.Repeat([]byte("[Event \"x\"]\n\n1. e4 *\n\n"), 100), []int{500, 1000})
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

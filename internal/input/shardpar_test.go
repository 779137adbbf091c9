package input

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// sameCounts plans the file at path into shards of each size, counts them with the
// sequential pass (the reference) and in parallel with 2, 5 and 40 workers (groups of shards), and fails t unless
// every shard's counts agree field for field. It returns the recounts of the parallel runs.
func sameCounts(t *testing.T, path string, sizes []int64) (recounts int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, size := range sizes {
		want, err := Plan(path, size)
		if err != nil {
			t.Fatal(err)
		}
		wantC, err := countable(want)
		if err != nil || len(wantC) == 0 {
			t.Fatalf("%s: %d shards to count, %v", path, len(wantC), err)
		}
		if err := countSequential(ctx, f, st.Size(), wantC, 1); err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{2, 5, 40} {
			got, _ := Plan(path, size)
			gotC, _ := countable(got)
			n, err := countParallel(ctx, f, st.Size(), gotC, workers)
			if err != nil {
				t.Fatalf("%s, shards of %d, %d workers: %v", path, size, workers, err)
			}
			recounts += n
			for i := range want {
				if got[i].String() != want[i].String() {
					t.Errorf("%s, shards of %d, %d workers: shard %d is %s; sequentially %s", path, size, workers, i, got[i], want[i])
				}
			}
		}
	}
	return recounts
}

// countSizes returns shard sizes that cut n bytes into a few to many shards.
func countSizes(n int64) []int64 {
	var out []int64
	for _, k := range []int64{1, 2, 3, 7, 16, 41} {
		out = append(out, max(n/k, 1)+k) // +k: cuts off round numbers
	}
	return out
}

// writeBoth writes text as a plain file and as frames of about frame bytes (pzstd), and
// returns their paths.
func writeBoth(t *testing.T, dir, name string, text []byte, frame int) (plain, frames string) {
	plain, frames = filepath.Join(dir, name+".pgn"), filepath.Join(dir, name+".pgn.zst")
	if err := os.WriteFile(plain, text, 0o644); err != nil {
		t.Fatal(err)
	}
	testcorpus.WriteFrames(t, frames, text, frame)
	return plain, frames
}

// TestCountParallelLikeSequential: every corpus file (first MiB) and the hostile text, as
// plain files and as pzstd frames, cut into a few to many shards: the parallel count gives
// every shard the counts of the sequential pass.
func TestCountParallelLikeSequential(t *testing.T) {
	dir := t.TempDir()
	texts := map[string][]byte{"hostile": testcorpus.HostileText(rand.New(rand.NewPCG(18, 14)))}
	for _, name := range testcorpus.Archives(t) {
		r := testcorpus.Open(t, name)
		text, err := io.ReadAll(io.LimitReader(r, 1<<20))
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		texts[strings.TrimSuffix(strings.TrimSuffix(name, ".zst"), ".pgn")] = text
	}
	for name, text := range texts {
		t.Run(name, func(t *testing.T) {
			plain, frames := writeBoth(t, dir, name, text, 7919)
			sameCounts(t, plain, countSizes(int64(len(text))))
			st, err := os.Stat(frames)
			if err != nil {
				t.Fatal(err)
			}
			sameCounts(t, frames, countSizes(st.Size()))
		})
	}
}

// TestCountParallelWrongGuess: texts where a shard's guess (its first "[Event " line) is not
// where its first game starts: an [Event line that follows another tag of its game, a game
// whose tags begin at [White, and "[Event " in the middle of a comment's line, at a shard's
// first byte. The counts are the sequential pass's all the same, and the wrong guesses were
// counted again. Also a comment holding a line that begins "[Event " (a game start by the
// splitter's rules) and an unclosed comment over a [White tag section: guesses that may be
// right.
func TestCountParallelWrongGuess(t *testing.T) {
	game := "[Event \"e\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n"
	for name, unit := range map[string]string{
		"site-first":     "[Site \"s\"]\n[Event \"late\"]\n\n1. d4 *\n\n",
		"white-only":     "[White \"w\"]\n[Black \"b\"]\n\n1. c4 *\n\n",
		"mid-line":       "[Event \"m\"]\n\n1. e4 { see [Event \"no\"] here } e5 *\n\n",
		"event-comment":  "[Event \"c\"]\n\n1. e4 { a comment\n[Event \"in the comment\"]\n} e5 *\n\n",
		"comment-squeal": "[Event \"c\"]\n\n1. e4 { open\n[White \"x\"]\n\n1. d4 } d5 *\n\n",
	} {
		t.Run(name, func(t *testing.T) {
			var b bytes.Buffer
			for i := 0; b.Len() < 6<<10; i++ {
				b.WriteString(game)
				if i%3 == 1 {
					b.WriteString(unit)
				}
			}
			text := b.Bytes()
			plain, frames := writeBoth(t, t.TempDir(), name, text, 997)
			var sizes []int64
			for k := 0; k < len(unit); k += 7 { // cuts at and inside the unit
				sizes = append(sizes, int64(len(game)*2+k))
			}
			n := sameCounts(t, plain, sizes)
			n += sameCounts(t, frames, []int64{1000, 3001})
			t.Logf("%d recounts", n)
			if !strings.HasPrefix(name, "comment") && name != "event-comment" && n == 0 {
				t.Errorf("no guess was wrong: the test does not test the recount")
			}
		})
	}
}

// FuzzCountParallel: any text, cut into text shards of any size, is counted in parallel as
// the sequential pass counts it.
func FuzzCountParallel(f *testing.F) {
	f.Add([]byte("[Event \"a\"]\n\n1. e4 *\n\n[Site \"s\"]\n[Event \"b\"]\n\n1. d4 {\n[Event \"c\"]\n} *\n"), uint16(7))
	f.Add([]byte("\xEF\xBB\xBF[White \"w\"]\r\n\r\n1. c4 *\r\n%[Event \"x\"]\r[Event \"y\"]\r\r1. e4 { open\n[Event \"z\"]\n1-0"), uint16(3))
	f.Add(testcorpus.HostileText(rand.New(rand.NewPCG(1, 2)))[:4096], uint16(100))
	f.Fuzz(func(t *testing.T, text []byte, size uint16) {
		n, step := int64(len(text)), int64(size)+1
		step = max(step, n/64) // at most 64 shards (each count opens its own splitter)
		var want, got []Shard
		for start := int64(0); start < n || start == 0; start += step {
			sh := Shard{Kind: ShardText, Path: "f.pgn", Start: start, End: min(start+step, n)}
			want, got = append(want, sh), append(got, sh)
		}
		r := bytes.NewReader(text)
		ctx := context.Background()
		wantC, _ := countable(want)
		gotC, _ := countable(got)
		errW := countSequential(ctx, r, n, wantC, 1)
		_, errG := countParallel(ctx, r, n, gotC, 3)
		if (errW == nil) != (errG == nil) {
			t.Fatalf("sequential: %v; parallel: %v", errW, errG)
		}
		for i := range want {
			if errW == nil && got[i].String() != want[i].String() {
				t.Errorf("shard %d is %s; sequentially %s", i, got[i], want[i])
			}
		}
	})
}

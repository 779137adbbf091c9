package input

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/pgnscan/pgnscan/internal/pgn"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
	"github.com/ulikunitz/xz"
)

// fixture returns testdata/games.pgn: 40 games (see testdata/README.md).
func fixture(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "games.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

const fixtureGames = 40

// zstdFrame compresses data into one zstd frame.
func zstdFrame(t testing.TB, data []byte, opts ...zstd.EOption) []byte {
	t.Helper()
	enc, err := zstd.NewWriter(nil, append([]zstd.EOption{zstd.WithEncoderConcurrency(1)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	return enc.EncodeAll(data, nil)
}

// pzstdFrames compresses data the way pzstd does: pieces of frameSize input bytes, each an
// independent zstd frame that does not declare its decoded size, announced by a skippable frame
// (magic 0x184D2A50, length 4) holding the compressed size of the frame.
func pzstdFrames(t testing.TB, data []byte, frameSize int) []byte {
	t.Helper()
	var out []byte
	for len(data) > 0 {
		n := min(frameSize, len(data))
		out = testcorpus.AppendAnnounced(out, testcorpus.StreamFrame(t, data[:n]))
		data = data[n:]
	}
	return out
}

// gzipMembers compresses data as members gzip members one after another.
func gzipMembers(t testing.TB, data []byte, members int) []byte {
	t.Helper()
	var b bytes.Buffer
	per := len(data)/members + 1
	for first := true; first || len(data) > 0; first = false {
		n := min(per, len(data))
		w := gzip.NewWriter(&b)
		w.Write(data[:n])
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		data = data[n:]
	}
	return b.Bytes()
}

func xzBytes(t testing.TB, data []byte, dictCap int) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := xz.WriterConfig{DictCap: dictCap}.NewWriter(&b)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(data)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// source writes data to a file in dir and returns it as a Source.
func source(t testing.TB, dir, name string, data []byte) Source {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return Source{Name: name, Path: p, Size: int64(len(data))}
}

// game is a game as the tests compare them across formats.
type game struct {
	Offset, Line int64
	Text         string
	Err          error
}

// splitGames reads r through the pgn splitter (small chunks, to cross their edges).
func splitGames(t testing.TB, r io.Reader) ([]game, error) {
	t.Helper()
	sp := pgn.NewSplitter(r, pgn.SplitterOptions{ChunkSize: 8 << 10})
	var out []game
	for {
		c, err := sp.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		for i, g := range c.Games {
			out = append(out, game{g.Offset, g.Line, string(c.GameBytes(i)), g.Err})
		}
		c.Release()
	}
}

// TestFormats reads the same games from every format and checks bytes, games and counters.
func TestFormats(t *testing.T) {
	plain := fixture(t)
	bz2, err := os.ReadFile(filepath.Join("testdata", "games.pgn.bz2"))
	if err != nil {
		t.Fatal(err)
	}
	ref, err := splitGames(t, bytes.NewReader(plain))
	if err != nil || len(ref) != fixtureGames {
		t.Fatalf("plain fixture: %d games, %v", len(ref), err)
	}
	mixed := pzstdFrames(t, plain[:30000], 7000)
	mixed = append(mixed, 0x5E, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 'a', 'b', 'c') // a metadata frame
	mixed = testcorpus.AppendAnnounced(mixed, zstdFrame(t, plain[30000:40000]))
	mixed = append(mixed, zstdFrame(t, plain[40000:50000])...) // frames no longer announced
	mixed = append(mixed, zstdFrame(t, plain[50000:])...)
	var sizedFrames []byte // announced frames that declare their decoded size
	for off := 0; off < len(plain); off += 5000 {
		sizedFrames = testcorpus.AppendAnnounced(sizedFrames, zstdFrame(t, plain[off:min(off+5000, len(plain))]))
	}

	dir := t.TempDir()
	cases := []struct {
		name     string
		data     []byte
		comp     Compression
		parallel bool
		opt      OpenOptions
	}{
		{"plain", plain, Plain, false, OpenOptions{}},
		{"zstd single frame", zstdFrame(t, plain), Zstd, false, OpenOptions{}},
		{"zstd single frame, one goroutine", zstdFrame(t, plain), Zstd, false, OpenOptions{Workers: 1}},
		{"zstd frames of 4000", pzstdFrames(t, plain, 4000), Zstd, true, OpenOptions{}},
		{"zstd frames, one worker", pzstdFrames(t, plain, 1000), Zstd, true, OpenOptions{Workers: 1}},
		{"zstd frames, many workers", pzstdFrames(t, plain, 1000), Zstd, true, OpenOptions{Workers: 7}},
		{"zstd frames as one stream", pzstdFrames(t, plain, 4000), Zstd, false, OpenOptions{SingleStream: true}},
		{"zstd frames that declare their size", sizedFrames, Zstd, true, OpenOptions{Workers: 2}},
		{"zstd frames then plain frames", mixed, Zstd, true, OpenOptions{Workers: 2}},
		{"gzip", gzipMembers(t, plain, 1), Gzip, false, OpenOptions{}},
		{"gzip, three members", gzipMembers(t, plain, 3), Gzip, false, OpenOptions{}},
		{"bzip2", bz2, Bzip2, false, OpenOptions{}},
		{"xz", xzBytes(t, plain, 0), Xz, false, OpenOptions{}},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := source(t, dir, strings.Repeat("x", i+1)+".pgn", tc.data)
			st, err := src.Open(tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			if st.Compression != tc.comp || st.FrameParallel != tc.parallel || st.Size != int64(len(tc.data)) {
				t.Errorf("compression %v, frame-parallel %v, size %d", st.Compression, st.FrameParallel, st.Size)
			}
			got, err := splitGames(t, st)
			if err != nil {
				t.Fatal(err)
			}
			if !equalGames(got, ref) {
				t.Errorf("%d games differ from the plain file's %d", len(got), len(ref))
			}
			if st.Decompressed() != int64(len(plain)) || st.CompressedBytes() != int64(len(tc.data)) {
				t.Errorf("counters: %d decompressed, %d read; want %d, %d",
					st.Decompressed(), st.CompressedBytes(), len(plain), len(tc.data))
			}
		})
	}
}

func equalGames(a, b []game) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestFormatsFromTools reads files written by the command-line tools, where installed: an
// independent check of the formats (pzstd's frame announcements in particular).
func TestFormatsFromTools(t *testing.T) {
	plain := fixture(t)
	var big []byte // pzstd -1 cuts frames of about 2 MB: give it several
	for len(big) < 9<<20 {
		big = append(big, plain...)
	}
	dir := t.TempDir()
	cases := []struct {
		tool     string
		args     []string
		data     []byte
		comp     Compression
		parallel bool
	}{
		{"pzstd", []string{"-1", "-p", "2", "-c", "-q"}, big, Zstd, true},
		{"zstd", []string{"-c", "-q"}, plain, Zstd, false},
		{"zstd", []string{"-c", "-q", "-T2", "--long"}, big, Zstd, false},
		{"gzip", []string{"-c"}, plain, Gzip, false},
		{"xz", []string{"-c"}, plain, Xz, false},
		{"bzip2", []string{"-c"}, plain, Bzip2, false},
	}
	for i, tc := range cases {
		t.Run(strings.Join(append([]string{tc.tool}, tc.args...), " "), func(t *testing.T) {
			if _, err := exec.LookPath(tc.tool); err != nil {
				t.Skipf("%s not installed", tc.tool)
			}
			cmd := exec.Command(tc.tool, tc.args...)
			cmd.Stdin = bytes.NewReader(tc.data)
			out, err := cmd.Output()
			if err != nil {
				t.Fatal(err)
			}
			st, err := source(t, dir, strings.Repeat("t", i+1), out).Open(OpenOptions{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			got, err := io.ReadAll(st)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, tc.data) || st.Compression != tc.comp || st.FrameParallel != tc.parallel {
				t.Errorf("%d bytes (want %d), %v, frame-parallel %v", len(got), len(tc.data), st.Compression, st.FrameParallel)
			}
		})
	}
}

// TestTruncated cuts compressed files short: the games decoded before the cut are delivered
// (the last one cut with pgn.ErrTruncated), then an error that names the file and the offset.
func TestTruncated(t *testing.T) {
	plain := fixture(t)
	var big []byte
	for len(big) < 600<<10 {
		big = append(big, plain...)
	}
	// Windows smaller than the fixture, so that its copies do not compress to nothing and the
	// cut falls after many decodable blocks (a zstd block is at most the window).
	const window = 32 << 10
	dir := t.TempDir()
	cases := []struct {
		name string
		data []byte
		opt  OpenOptions
	}{
		{"zstd stream", zstdFrame(t, big, zstd.WithWindowSize(window)), OpenOptions{}},
		{"zstd stream, one goroutine", zstdFrame(t, big, zstd.WithWindowSize(window)), OpenOptions{Workers: 1}},
		{"zstd frames", pzstdFrames(t, big, 100<<10), OpenOptions{Workers: 2}},
		{"gzip", gzipMembers(t, big, 1), OpenOptions{}},
		{"xz", xzBytes(t, big, window), OpenOptions{}},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cut := tc.data[:len(tc.data)*7/10]
			name := strings.Repeat("c", i+1) + ".pgn.cut"
			st, err := source(t, dir, name, cut).Open(tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			var delivered bytes.Buffer
			games, err := splitGames(t, io.TeeReader(st, &delivered))
			var ie *InputError
			if !errors.As(err, &ie) || !errors.Is(err, ErrCorrupt) || !errors.Is(err, io.ErrUnexpectedEOF) {
				t.Fatalf("error %v", err)
			}
			if ie.Name != name || ie.Offset <= 0 || ie.Offset > int64(len(cut)) || ie.Decompressed != int64(delivered.Len()) {
				t.Errorf("error %+v: want name %s, offset in (0, %d], %d decompressed", ie, name, len(cut), delivered.Len())
			}
			if !strings.Contains(err.Error(), name) {
				t.Errorf("message does not name the file: %v", err)
			}
			d := delivered.Bytes()
			if !bytes.HasPrefix(big, d) || len(d) < len(big)/3 {
				t.Fatalf("delivered %d bytes, not a prefix of the input or too few", len(d))
			}
			// Every game that lies whole in the delivered bytes is there, read whole; the one
			// the fault cut ends with ErrTruncated.
			ref, _ := splitGames(t, bytes.NewReader(big))
			whole := 0
			for _, g := range ref {
				if g.Offset+int64(len(g.Text)) < int64(len(d)) {
					whole++
				}
			}
			if len(games) < whole || whole < 10 {
				t.Fatalf("%d games delivered, %d lie whole before the fault", len(games), whole)
			}
			for i, g := range games[:whole] {
				if g != ref[i] {
					t.Fatalf("game %d differs", i)
				}
			}
			if last := games[len(games)-1]; len(games) > whole && !errors.Is(last.Err, pgn.ErrTruncated) {
				t.Errorf("the cut game has error %v", last.Err)
			}
		})
	}
}

// TestCorruptFrame damages one frame of a multi-frame file: the frames before it are delivered
// whole, and the error points at the damaged frame.
func TestCorruptFrame(t *testing.T) {
	plain := fixture(t)
	var data []byte
	var offsets []int
	for off := 0; off < len(plain); off += 10000 {
		offsets = append(offsets, len(data))
		data = testcorpus.AppendAnnounced(data, zstdFrame(t, plain[off:min(off+10000, len(plain))]))
	}
	bad := 3
	for i := offsets[bad] + 20; i < offsets[bad+1]-10; i += 50 {
		data[i] ^= 0x55
	}
	st, err := source(t, t.TempDir(), "bad.pgn.zst", data).Open(OpenOptions{Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	got, err := io.ReadAll(st)
	var ie *InputError
	if !errors.As(err, &ie) || !errors.Is(err, ErrCorrupt) || ie.Op != "decompress" {
		t.Fatalf("error %v", err)
	}
	if ie.Offset != int64(offsets[bad]) || !bytes.Equal(got, plain[:bad*10000]) || ie.Decompressed != int64(bad*10000) {
		t.Errorf("error at %d after %d bytes (%+v); want the frame at %d after %d bytes", ie.Offset, len(got), ie, offsets[bad], bad*10000)
	}
}

// TestRandomBytes: random bytes are not text: their first read fails with ErrNotText, and no
// game is read (issue 27: before, they were read as plain text, a run of games with errors, and
// the scan exited 0); behind a compression magic they fail as corrupt; nothing hangs the reader.
func TestRandomBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	noise := make([]byte, 300<<10)
	for i := range noise {
		noise[i] = byte(rng.Uint32())
	}
	dir := t.TempDir()
	st, err := source(t, dir, "noise", noise).Open(OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Compression != Plain {
		t.Fatalf("noise recognised as %v", st.Compression)
	}
	r := pgn.NewReader(st, pgn.SplitterOptions{ChunkSize: 64 << 10, MaxGameSize: 128 << 10})
	games := 0
	for r.Next() {
		games++
	}
	st.Close()
	if !errors.Is(r.Err(), ErrNotText) || games != 0 {
		t.Fatalf("%d games, %v; want none and ErrNotText", games, r.Err())
	}

	for _, head := range [][]byte{
		{0x28, 0xB5, 0x2F, 0xFD},             // zstd
		{0x50, 0x2A, 0x4D, 0x18, 4, 0, 0, 0}, // pzstd
		{0x1F, 0x8B},                         // gzip
		[]byte("BZh9"),                       // bzip2
		{0xFD, '7', 'z', 'X', 'Z', 0},        // xz
	} {
		data := append(append([]byte(nil), head...), noise...)
		src := source(t, dir, "noise.z", data)
		st, err := src.Open(OpenOptions{Workers: 2})
		if err == nil {
			_, err = io.Copy(io.Discard, st)
			st.Close()
		}
		var ie *InputError
		if !errors.As(err, &ie) || !errors.Is(err, ErrCorrupt) || ie.Name != "noise.z" {
			t.Errorf("noise after % x: %v", head, err)
		}
	}
}

func TestStdin(t *testing.T) {
	plain := fixture(t)
	st, err := Source{Name: "-", Path: "-", Size: -1}.Open(OpenOptions{Stdin: bytes.NewReader(gzipMembers(t, plain, 2))})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	got, err := io.ReadAll(st)
	if err != nil || !bytes.Equal(got, plain) || st.Size != -1 || st.Compression != Gzip {
		t.Fatalf("%d bytes, %v, size %d, %v", len(got), err, st.Size, st.Compression)
	}
}

func TestDetectCompression(t *testing.T) {
	cases := []struct {
		head []byte
		want Compression
	}{
		{[]byte{0x28, 0xB5, 0x2F, 0xFD, 0x04}, Zstd},
		{[]byte{0x50, 0x2A, 0x4D, 0x18, 0x04, 0}, Zstd},
		{[]byte{0x5F, 0x2A, 0x4D, 0x18}, Zstd},
		{[]byte{0x1F, 0x8B, 0x08}, Gzip},
		{[]byte("BZh91AY"), Bzip2},
		{[]byte("BZh0"), Plain},
		{[]byte{0xFD, '7', 'z', 'X', 'Z', 0x00}, Xz},
		{[]byte{0xFD, '7', 'z', 'X', 'Z'}, Plain},
		{[]byte("[Event"), Plain},
		{[]byte("\xEF\xBB\xBF[Ev"), Plain},
		{nil, Plain},
	}
	for _, tc := range cases {
		if got := detectCompression(tc.head); got != tc.want {
			t.Errorf("detectCompression(% x) = %v, want %v", tc.head, got, tc.want)
		}
	}
}

// TestFrameReaderClose: closing a stream half read stops its goroutines.
func TestFrameReaderClose(t *testing.T) {
	plain := fixture(t)
	data := pzstdFrames(t, bytes.Repeat(plain, 8), 2000)
	src := source(t, t.TempDir(), "f.pgn.zst", data)
	before := runtime.NumGoroutine()
	for range 5 {
		st, err := src.Open(OpenOptions{Workers: 4})
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 5000)
		if _, err := io.ReadFull(st, buf); err != nil {
			t.Fatal(err)
		}
		st.Close()
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after Close, %d before", n, before)
	}
}

// TestEmpty: an empty file, and an empty compressed stream, hold no games and no error.
func TestEmpty(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string][]byte{
		"empty":           nil,
		"empty.zst":       zstdFrame(t, nil),
		"empty-pzstd":     pzstdFrames(t, nil, 100),
		"empty.gz":        gzipMembers(t, nil, 1),
		"three-bytes":     []byte("\n\n\n"),
		"one.pgn":         []byte("*"),
		"empty-frame.zst": testcorpus.AppendAnnounced(nil, zstdFrame(t, nil)),
	} {
		st, err := source(t, dir, name, data).Open(OpenOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		games, err := splitGames(t, st)
		st.Close()
		want := 0
		if name == "one.pgn" {
			want = 1
		}
		if err != nil || len(games) != want {
			t.Errorf("%s: %d games, %v", name, len(games), err)
		}
	}
}

package input

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

var otbFrames struct {
	once  sync.Once
	plain int64  // decompressed size
	data  []byte // pzstd-style frames
}

// pzstdOTB returns otb-masters.pgn (225 MB) recompressed the way pzstd writes it: independent
// frames of 8 MiB of input (what pzstd cuts at its default level), each announced, none
// declaring its decoded size.
func pzstdOTB(b *testing.B) ([]byte, int64) {
	path := testcorpus.Path(b, "otb-masters.pgn.zst")
	otbFrames.once.Do(func() {
		raw, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		d, _ := zstd.NewReader(nil)
		plain, err := d.DecodeAll(raw, nil)
		d.Close()
		if err != nil {
			b.Fatal(err)
		}
		otbFrames.plain = int64(len(plain))
		otbFrames.data = pzstdFrames(b, plain, 8<<20)
	})
	return otbFrames.data, otbFrames.plain
}

// BenchmarkZstd compares frame-parallel decoding of a multi-frame file with stream decoding,
// and stream decoding of the single-frame corpus file, by decoder goroutines. MB/s of PGN.
func BenchmarkZstd(b *testing.B) {
	cases := []struct {
		name string
		opt  OpenOptions
	}{
		{"frames/workers=1", OpenOptions{Workers: 1}},
		{"frames/workers=2", OpenOptions{Workers: 2}},
		{"frames-as-stream/workers=1", OpenOptions{Workers: 1, SingleStream: true}},
		{"frames-as-stream/workers=2", OpenOptions{Workers: 2, SingleStream: true}},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			data, plain := pzstdOTB(b)
			src := source(b, b.TempDir(), "otb.pgn.zst", data)
			benchRead(b, src, tc.opt, plain)
		})
	}
	for _, workers := range []int{1, 2} {
		b.Run("single-frame/workers="+string(rune('0'+workers)), func(b *testing.B) {
			path := testcorpus.Path(b, "otb-masters.pgn.zst")
			_, plain := pzstdOTB(b)
			benchRead(b, Source{Name: path, Path: path}, OpenOptions{Workers: workers}, plain)
		})
	}
}

// benchRead reads src whole into a 4 MiB buffer, as the splitter does.
func benchRead(b *testing.B, src Source, opt OpenOptions, plain int64) {
	buf := make([]byte, 4<<20)
	b.SetBytes(plain)
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		st, err := src.Open(opt)
		if err != nil {
			b.Fatal(err)
		}
		var n int64
		for {
			m, err := io.ReadFull(st, buf)
			n += int64(m)
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
		st.Close()
		if n != plain {
			b.Fatalf("%d bytes, want %d", n, plain)
		}
	}
	if cpu := cpuTime() - start; cpu > 0 {
		b.ReportMetric(float64(plain)*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
	}
}

// cpuTime returns the CPU time the process has used, all goroutines together: with the wall
// clock it shows how much of a speed-up is parallelism and how much the machine's other load.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestFrameReaderMemory reads frames that do not declare their decoded size (as pzstd writes
// them) and checks what the reader allocates: a fixed set of frame buffers, however many frames
// there are. Each buffer is sized once (from the first frame decoded, or four times the
// compressed size), rather than grown a block at a time while the frame decodes.
func TestFrameReaderMemory(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector changes what is allocated")
	}
	var plain []byte
	for len(plain) < 40<<20 {
		plain = append(plain, fixture(t)...)
	}
	const frame = 1 << 20
	allocated := func(frames, decoders int) uint64 {
		data := pzstdFrames(t, plain[:frames*frame], frame)
		buf := make([]byte, 64<<10)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		fr := newFrameReader(bytes.NewReader(data), decoders, 0, 0, -1)
		n, err := io.CopyBuffer(io.Discard, struct{ io.Reader }{fr}, buf)
		fr.Close()
		runtime.ReadMemStats(&after)
		if err != nil || n != int64(frames*frame) {
			t.Fatalf("read %d bytes of %d: %v", n, frames*frame, err)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	for _, decoders := range []int{1, 3} {
		few, many := allocated(8, decoders), allocated(40, decoders)
		// decoders+1 frames in flight, each with its compressed input and at worst a buffer
		// of four times that grown once to the frame's size.
		bound := uint64(decoders+1) * 3 * frame
		t.Logf("%d decoders: %d frames allocated %.1f MiB, %d frames %.1f MiB", decoders,
			8, float64(few)/(1<<20), 40, float64(many)/(1<<20))
		if few > bound || many > bound {
			t.Errorf("%d decoders: 8 frames of 1 MiB allocated %d bytes, 40 allocated %d; want at most %d",
				decoders, few, many, bound)
		}
	}
}

// TestFrameAnnouncedTooLarge reads a file whose last frame announces far more bytes than the file
// holds (a damaged or cut header): the input ends with the cut, having cost memory for the bytes
// that are there, not for the size announced.
func TestFrameAnnouncedTooLarge(t *testing.T) {
	plain := fixture(t)
	data := pzstdFrames(t, plain[:20000], 10000)
	frame := testcorpus.StreamFrame(t, plain[20000:30000])
	data = binary.LittleEndian.AppendUint32(data, pzstdMagic)
	data = binary.LittleEndian.AppendUint32(data, 4)
	data = binary.LittleEndian.AppendUint32(data, 900<<20) // announced: 900 MiB
	data = append(data, frame...)

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	st, err := source(t, t.TempDir(), "big.pgn.zst", data).Open(OpenOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(st)
	st.Close()
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrCorrupt) || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("error %v, want a cut frame", err)
	}
	if !bytes.HasPrefix(plain[:30000], got) || len(got) < 20000 {
		t.Errorf("delivered %d bytes, want the first two frames' 20000 and what decodes of the third", len(got))
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("allocated %d MiB for a frame of %d bytes announced as 900 MiB", alloc>>20, len(frame))
	}
}

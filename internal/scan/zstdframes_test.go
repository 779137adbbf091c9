package scan

import (
	"io"
	"os"
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
// frames of 8 MiB of input (what pzstd cuts at its default level), each announced.
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

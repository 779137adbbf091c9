package testcorpus

import (
	"bytes"
	"encoding/binary"
	"os"
	"slices"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// WriteFrames writes text to path as pzstd lays out a file: independent zstd frames of frame
// bytes of text each, every one announced by a 12-byte skippable frame (magic 0x184D2A50,
// length 4) holding its compressed size. Tests cut such files into shards of frames.
func WriteFrames(tb testing.TB, path string, text []byte, frame int) {
	tb.Helper()
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
	if err != nil {
		tb.Fatal(err)
	}
	defer enc.Close()
	var out []byte
	for len(text) > 0 {
		n := min(frame, len(text))
		f := enc.EncodeAll(text[:n], nil)
		out = binary.LittleEndian.AppendUint32(out, 0x184D2A50)
		out = binary.LittleEndian.AppendUint32(out, 4)
		out = binary.LittleEndian.AppendUint32(out, uint32(len(f)))
		out = append(out, f...)
		text = text[n:]
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		tb.Fatal(err)
	}
}

// StreamFrame compresses data into one zstd frame that does not declare its decoded size, as a
// streaming compressor (pzstd among them) writes it.
func StreamFrame(tb testing.TB, data []byte) []byte {
	tb.Helper()
	var b bytes.Buffer
	enc, err := zstd.NewWriter(&b, zstd.WithEncoderConcurrency(1))
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := enc.Write(data); err != nil {
		tb.Fatal(err)
	}
	if err := enc.Close(); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// AppendAnnounced appends frame to out after the 12-byte skippable frame that announces it, as
// pzstd writes it (magic 0x184D2A50, length 4, the frame's compressed size).
func AppendAnnounced(out, frame []byte) []byte {
	out = binary.LittleEndian.AppendUint32(out, 0x184D2A50)
	out = binary.LittleEndian.AppendUint32(out, 4)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(frame)))
	return append(out, frame...)
}

// FramesAt packs text as announced zstd frames (pzstd's layout), cut at the given text offsets;
// it returns the file and the stored offset at which each frame begins.
func FramesAt(tb testing.TB, text []byte, cuts []int) ([]byte, []int64) {
	var out []byte
	var starts []int64
	prev := 0
	for _, c := range append(slices.Clone(cuts), len(text)) {
		if c <= prev {
			continue
		}
		starts = append(starts, int64(len(out)))
		out = AppendAnnounced(out, StreamFrame(tb, text[prev:c]))
		prev = c
	}
	return out, starts
}

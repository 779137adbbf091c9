package testcorpus

import (
	"encoding/binary"
	"os"
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

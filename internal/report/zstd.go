package report

import (
	"sync"

	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/klauspost/compress/zstd"
)

// The Parquet library's zstd codec builds a new zstd encoder for every page
// it compresses (compress.zstdCodec.EncodeLevel), which allocates megabytes
// of tables each time: over half of the writing time on findings rows. The
// library offers compress.RegisterCodec to replace a codec; this one keeps
// one encoder per level for the whole process (zstd.Encoder.EncodeAll is
// safe for concurrent use) with the same options, so the bytes written are
// the same. Everything else is delegated to the library's codec.
func init() {
	orig, err := compress.GetCodec(compress.Codecs.Zstd)
	if err != nil {
		return // no zstd codec to improve on
	}
	compress.RegisterCodec(compress.Codecs.Zstd, &pooledZstd{Codec: orig})
}

type pooledZstd struct {
	compress.Codec
	mu  sync.Mutex
	enc map[zstd.EncoderLevel]*zstd.Encoder
}

// encoder returns the shared encoder for level, made on first use with the
// options of the library's codec (no frame for empty input). One encoder, not
// one per core: the sinks are written by one goroutine, and every encoder keeps
// a history of twice the window (8 MiB at level 1) that a page longer than a
// block fills. Lower memory only shrinks that history to a window and a block
// and starts the block buffers small; the bytes written are the same.
func (z *pooledZstd) encoder(level zstd.EncoderLevel) *zstd.Encoder {
	z.mu.Lock()
	defer z.mu.Unlock()
	if e, ok := z.enc[level]; ok {
		return e
	}
	e, err := zstd.NewWriter(nil, zstd.WithZeroFrames(true), zstd.WithEncoderLevel(level),
		zstd.WithEncoderConcurrency(1), zstd.WithLowerEncoderMem(true))
	if err != nil {
		panic(err) // options are constant: cannot happen
	}
	if z.enc == nil {
		z.enc = make(map[zstd.EncoderLevel]*zstd.Encoder)
	}
	z.enc[level] = e
	return e
}

// EncodeLevel compresses src at the Parquet compression level, as the
// library's codec does but without building an encoder per call.
func (z *pooledZstd) EncodeLevel(dst, src []byte, level int) []byte {
	l := zstd.SpeedDefault
	if level != compress.DefaultCompressionLevel {
		l = zstd.EncoderLevelFromZstd(level)
	}
	return z.encoder(l).EncodeAll(src, dst[:0])
}

// Encode compresses src at the default level.
func (z *pooledZstd) Encode(dst, src []byte) []byte {
	return z.encoder(zstd.SpeedDefault).EncodeAll(src, dst[:0])
}

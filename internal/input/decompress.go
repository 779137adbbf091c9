package input

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"

	"github.com/pgnscan/pgnscan/internal/stall"
)

// Compression is the format of an input, recognised from its first bytes.
type Compression uint8

// Formats.
const (
	Plain Compression = iota
	Zstd
	Gzip
	Bzip2
	Xz
)

var compressionNames = [...]string{"plain", "zstd", "gzip", "bzip2", "xz"}

func (c Compression) String() string {
	if int(c) < len(compressionNames) {
		return compressionNames[c]
	}
	return "compression(" + strconv.Itoa(int(c)) + ")"
}

// ErrCorrupt is wrapped by the error of a compressed input that cannot be decoded to its end:
// corrupt, truncated, or not the format its first bytes announce.
var ErrCorrupt = errors.New("corrupt or truncated compressed stream")

// Magic numbers.
const (
	zstdMagic          = 0xFD2FB528 // a zstd frame, little-endian
	skippableMagicMask = 0xFFFFFFF0
	skippableMagic     = 0x184D2A50 // 0x184D2A50-5F: a skippable frame
)

// headLen is how many first bytes detectCompression needs at most.
const headLen = 6

// detectCompression recognises the format from an input's first bytes: zstd (a zstd frame, or a
// skippable frame as pzstd writes first), gzip, bzip2 ("BZh" and a block size digit), xz; else
// plain text.
func detectCompression(head []byte) Compression {
	switch {
	case len(head) >= 4 && (le32(head) == zstdMagic || le32(head)&skippableMagicMask == skippableMagic):
		return Zstd
	case len(head) >= 2 && head[0] == 0x1F && head[1] == 0x8B:
		return Gzip
	case len(head) >= 4 && string(head[:3]) == "BZh" && head[3] >= '1' && head[3] <= '9':
		return Bzip2
	case len(head) >= 6 && bytes.Equal(head[:6], []byte{0xFD, '7', 'z', 'X', 'Z', 0x00}):
		return Xz
	}
	return Plain
}

func le32(b []byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

// InputError is the failure of one input: it could not be opened, read, or decompressed.
type InputError struct {
	Name string // Source.Name
	Op   string // "open", "read" or "decompress"
	// Offset is the compressed byte offset where the fault was found: the start of the bad frame
	// for frame-parallel zstd, else how far the file had been read (the fault lies before).
	Offset int64
	// Decompressed is how many decompressed bytes were delivered before the fault.
	Decompressed int64
	Err          error
}

func (e *InputError) Error() string {
	if e.Op == "open" {
		return "scan: open " + e.Name + ": " + e.Err.Error()
	}
	return fmt.Sprintf("scan: %s: %s at byte %d (after %d bytes of PGN): %v",
		e.Name, e.Op, e.Offset, e.Decompressed, e.Err)
}

func (e *InputError) Unwrap() error { return e.Err }

// OpenOptions configure Open and OpenGames. The zero value gives the defaults.
type OpenOptions struct {
	// Workers bounds the goroutines one input may use to decompress: the frame decoders of a
	// multi-frame (pzstd) zstd file, and the block decoders of a single zstd stream. 0 means
	// GOMAXPROCS. When several inputs are decoded at once, give each 1.
	Workers int
	// SingleStream decodes multi-frame zstd files as one stream (no frame parallelism).
	SingleStream bool
	// Stdin is read for the input "-"; nil means os.Stdin.
	Stdin io.Reader
	// Done, when closed, makes a Read waiting on standard input or another input that may wait
	// for ever (a pipe, a FIFO, a terminal) return at once with an error wrapping
	// stall.ErrGivenUp:
	// an interrupted scan does not wait for an idle pipe. Nil: reads wait.
	Done <-chan struct{}
	// ChunkSize is the bytes per chunk of games (OpenGames); 0 means pgn.DefaultChunkSize.
	ChunkSize int
}

// Stream is an opened input: the decompressed bytes of one PGN archive, and counters for
// progress. Read and Close belong to one goroutine; the counters may be read from any.
type Stream struct {
	Source      // Size is set again when the file is opened
	Compression Compression
	// FrameParallel says that a multi-frame zstd input is decoded frame by frame in parallel.
	FrameParallel bool
	// Parquet says that the input is a Parquet file of games (see parquetGames), read through
	// parquet rather than Read.
	Parquet bool
	parquet *countingReaderAt
	ra      io.ReaderAt  // the file, for Parquet's random access; nil for standard input
	frames  *frameReader // the decoder of a multi-frame zstd input, or nil

	r         io.Reader // decompressed bytes
	src       *countingReader
	closers   []func() // decoders, closed in reverse order after the file
	fileClose func()
	out       atomic.Int64 // decompressed bytes delivered
	err       error        // sticky read error, an *InputError
}

// Open opens the source and recognises its compression. The returned Stream must be closed.
func (in Source) Open(opt OpenOptions) (*Stream, error) {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	s := &Stream{Source: in}
	s.Size = -1
	var raw io.Reader
	mayWait := true // reads may wait for ever: not a regular file
	if in.Path == StdinName {
		raw = opt.Stdin
		if raw == nil {
			raw = os.Stdin
		}
	} else if in.Member != "" {
		r, closeZip, err := openMember(in.Path, in.Member)
		if err != nil {
			return nil, &InputError{Name: in.Name, Op: "open", Err: err}
		}
		raw, s.Size, mayWait, s.fileClose = r, in.Size, false, closeZip
	} else if in.File != nil {
		from := in.readFrom()
		raw, s.Size, mayWait = io.NewSectionReader(in.File, from, in.Size-from), in.Size, false
		s.ra = in.File
	} else {
		f, err := os.Open(in.Path)
		if err != nil {
			var pe *fs.PathError // it would name the path a second time
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, &InputError{Name: in.Name, Op: "open", Err: err}
		}
		s.fileClose = func() { f.Close() }
		if st, err := f.Stat(); err == nil {
			if st.IsDir() {
				s.Close()
				return nil, &InputError{Name: in.Name, Op: "open", Err: errors.New("is a directory")}
			}
			if st.Mode().IsRegular() {
				s.Size = st.Size()
				mayWait = false
			}
		}
		raw, s.ra = f, f
		if from := in.readFrom(); from > 0 {
			if _, err := f.Seek(from, io.SeekStart); err != nil {
				s.Close()
				return nil, &InputError{Name: in.Name, Op: "read", Offset: from, Err: err}
			}
		}
	}
	if mayWait && opt.Done != nil {
		cr := stall.NewReader(raw, opt.Done)
		raw = cr
		s.closers = append(s.closers, cr.Close)
	}
	s.src = &countingReader{r: raw}
	s.src.n.Store(in.readFrom())
	br := bufio.NewReaderSize(s.src, 256<<10)
	head, err := br.Peek(headLen)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		s.Close()
		return nil, &InputError{Name: in.Name, Op: "read", Err: err}
	}
	if isParquet(head) {
		return s.openParquet()
	}
	s.Compression = detectCompression(head)
	if err := s.decoder(br, head, workers, opt.SingleStream); err != nil {
		s.Close()
		return nil, &InputError{Name: in.Name, Op: "decompress", Offset: s.src.n.Load(),
			Err: corrupt(s.Compression, err)}
	}
	if in.readFrom() == 0 {
		s.r = &textCheck{r: s.r} // a shard further in starts where a game does: text
	}
	return s, nil
}

// corrupt wraps a decoder's error in ErrCorrupt, naming the format unless the decoder's message
// already begins with it (the gzip decoder says "gzip: invalid header").
func corrupt(c Compression, err error) error {
	if strings.HasPrefix(err.Error(), c.String()+":") {
		return fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	return fmt.Errorf("%w: %s: %w", ErrCorrupt, c, err)
}

// openParquet makes s a Parquet input over its file, read at random (s.ra).
func (s *Stream) openParquet() (*Stream, error) {
	if s.ra == nil || s.Size < 0 || s.Path == StdinName {
		s.Close()
		return nil, &InputError{Name: s.Name, Op: "open", Err: ErrParquetStdin}
	}
	s.Parquet = true
	s.src.n.Store(0)
	s.parquet = &countingReaderAt{f: io.NewSectionReader(s.ra, 0, s.Size), n: &s.src.n}
	return s, nil
}

// decoder sets s.r to read the decompressed bytes of br.
func (s *Stream) decoder(br *bufio.Reader, head []byte, workers int, single bool) error {
	switch s.Compression {
	case Zstd:
		if !single && len(head) >= 4 && le32(head) == pzstdMagic {
			d, lazy := int64(0), int64(-1)
			if s.Own != nil && s.Own.Frames {
				lazy = s.Own.End
				if s.Own.First != nil {
					d = s.Own.First.DStart
				}
			}
			fr := newFrameReader(br, workers, s.readFrom(), d, lazy)
			s.r, s.FrameParallel, s.frames = fr, true, fr
			s.closers = append(s.closers, fr.Close)
			return nil
		}
		d, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(workers), zstd.WithDecoderMaxWindow(maxWindow))
		if err != nil {
			return err
		}
		s.r = d
		s.closers = append(s.closers, d.Close)
	case Gzip:
		z, err := gzip.NewReader(br)
		if err != nil {
			return err
		}
		s.r = z
		s.closers = append(s.closers, func() { z.Close() })
	case Bzip2:
		s.r = bzip2.NewReader(br)
	case Xz:
		x, err := xz.NewReader(br)
		if err != nil {
			return err
		}
		s.r = x
	default:
		s.r = br
	}
	return nil
}

// maxWindow bounds the zstd window a file may ask for (memory per decoder). zstd's own default
// limit for decoders that do not opt in to more is 8 MiB; lichess and pzstd files use less. 128
// MiB also admits files made with --long.
const maxWindow = 128 << 20

// Read reads decompressed bytes. A fault is returned as an *InputError that wraps ErrCorrupt (for
// a decoding fault) and the cause; every byte decoded before the fault is delivered first.
func (s *Stream) Read(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.r.Read(p)
	s.out.Add(int64(n))
	if err != nil && err != io.EOF {
		op, werr := "decompress", corrupt(s.Compression, err)
		var rerr *readError
		switch {
		case errors.As(err, &rerr):
			op, werr = "read", rerr.err
		case s.Compression == Plain || errors.Is(err, ErrNotText):
			op, werr = "read", err
		}
		off := s.src.n.Load()
		var fe *frameError
		if errors.As(err, &fe) {
			off = fe.offset
		}
		s.err = &InputError{Name: s.Name, Op: op, Offset: off, Decompressed: s.out.Load(), Err: werr}
		if n > 0 {
			return n, nil
		}
		return 0, s.err
	}
	return n, err
}

// markFrames returns the mark that finds compressed bytes [start, end) of a multi-frame zstd
// input in its decompressed stream, as it is read; false for another input. Call it before the
// first Read.
func (s *Stream) markFrames(start, end int64) (*frameMark, bool) {
	if s.frames == nil {
		return nil, false
	}
	s.frames.mark = &frameMark{start: start, end: end, dStart: -1, dEnd: -1}
	return s.frames.mark, true
}

// CompressedBytes returns how many bytes of the input have been read so far, for progress
// against Size.
func (s *Stream) CompressedBytes() int64 { return s.src.n.Load() }

// Decompressed returns how many decompressed bytes Read has delivered.
func (s *Stream) Decompressed() int64 { return s.out.Load() }

// Close stops any decoding goroutines and closes the file. Standard input is not closed.
func (s *Stream) Close() error {
	if s.fileClose != nil {
		s.fileClose() // first, so that a goroutine blocked reading it returns
		s.fileClose = nil
	}
	for i := len(s.closers) - 1; i >= 0; i-- {
		s.closers[i]()
	}
	s.closers = nil
	return nil
}

// countingReader counts the bytes read from the underlying input, and marks its errors as read
// errors (not decoding faults).
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	if err != nil && err != io.EOF {
		err = &readError{err}
	}
	return n, err
}

// readError marks a failure to read the input itself.
type readError struct{ err error }

func (e *readError) Error() string { return e.err.Error() }
func (e *readError) Unwrap() error { return e.err }

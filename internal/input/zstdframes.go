package input

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/zstd"
)

// Multi-frame zstd, as pzstd writes it and lichess publishes its dumps: each zstd frame is
// preceded by a skippable frame (magic 0x184D2A50, a 4-byte length of 4) whose 4-byte payload is
// the compressed size of the frame that follows. The frames are independent, so they can be
// decoded in parallel and delivered in order.
const (
	pzstdMagic     = 0x184D2A50
	pzstdHeaderLen = 12
	// maxFrame bounds the announced size of one compressed frame (pzstd writes a few MB).
	maxFrame = 1 << 30
	// maxFrameGuess bounds the room made for a frame's output before decoding it; a larger
	// frame grows its buffer as it decodes.
	maxFrameGuess = 256 << 20
)

// frameError is a fault in one frame; offset is where the frame (its skippable header) starts.
type frameError struct {
	offset int64
	err    error
}

func (e *frameError) Error() string { return fmt.Sprintf("frame at byte %d: %v", e.offset, e.err) }
func (e *frameError) Unwrap() error { return e.err }

// frameJob is one frame on its way through the decoders.
type frameJob struct {
	offset int64  // compressed offset of the frame's header
	in     []byte // the compressed frame
	out    []byte // its decoded bytes
	err    error  // a fault in this frame (after out, which holds what decoded before it)
	// rest, for a file that stops announcing its frames: the remaining stream, decoded in
	// order by the reader itself.
	rest io.Reader
	done chan struct{} // closed when out and err are set
}

// frameReader decodes a multi-frame zstd stream with a pool of decoders and delivers the frames
// in order. One goroutine reads frames off the input, workers decode them, Read serves them.
// A fixed set of workers+1 jobs circulates (one being served, one per decoder), and each keeps
// its buffers from frame to frame: memory is bounded by the frame size, and a file does not
// allocate per frame.
type frameReader struct {
	src     io.Reader
	jobs    chan *frameJob // to the workers
	order   chan *frameJob // to Read, in stream order
	quit    chan struct{}
	wg      sync.WaitGroup
	free    chan *frameJob // jobs not in flight, with their buffers
	largest atomic.Int64   // the largest frame decoded so far, to size buffers
	cur     *frameJob
	off     int
	restDec *zstd.Decoder
	err     error
	once    sync.Once
	served  int64 // decompressed offset of the next byte Read delivers
	start   int64 // compressed offset of src's first byte
	// lazyFrom, when not -1, is the compressed offset (a shard's end) from which frames are
	// not decoded ahead by the workers but by Read itself, one stream, only as far as it is
	// read: a shard's scan needs only the first bytes past its end, to finish its last game,
	// and decoding whole frames ahead would cost it more than its own frames.
	lazyFrom int64
	mark     *frameMark // set before the first Read, or nil
	// reached, when set (before the first Read), is told of every frame as Read reaches it:
	// its compressed offset and the decompressed offset of its first byte.
	reached func(off, d int64)
}

// frameMark finds where a run of frames (a shard, from compressed offset start to end) lies in
// the decompressed stream, as the frames are served: the frames do not declare their decoded
// size, so only decoding the frames before them tells.
type frameMark struct {
	start, end   int64 // compressed offsets of the run
	dStart, dEnd int64 // decompressed offsets of its first byte and of the byte after it; -1 until known
}

// reach notes that the frame at compressed offset off begins at decompressed offset d.
func (m *frameMark) reach(off, d int64) {
	if m.dStart < 0 && off >= m.start {
		m.dStart = d
	}
	if m.dEnd < 0 && off >= m.end {
		m.dEnd = d
	}
}

// newFrameReader returns a reader of the frames of src, whose first byte is the file's byte
// at compressed offset off (a frame's header) and its first decoded byte the stream's byte at
// decompressed offset d: 0 and 0 for a whole file, a shard's first frame otherwise. lazyFrom
// is -1, or a shard's end (see frameReader.lazyFrom).
func newFrameReader(src io.Reader, workers int, off, d, lazyFrom int64) *frameReader {
	workers = max(workers, 1)
	frames := workers + 1
	fr := &frameReader{
		src:   src,
		jobs:  make(chan *frameJob, frames),
		order: make(chan *frameJob, frames),
		quit:  make(chan struct{}),
		free:  make(chan *frameJob, frames),
		start: off, served: d, lazyFrom: lazyFrom,
	}
	for range frames {
		fr.free <- &frameJob{}
	}
	fr.wg.Add(workers + 1)
	for range workers {
		go fr.work()
	}
	go fr.readFrames()
	return fr
}

// readFrames reads frames off the input in order and hands them to the workers and to Read.
func (fr *frameReader) readFrames() {
	defer fr.wg.Done()
	defer close(fr.order)
	defer close(fr.jobs)
	off := fr.start
	var hdr [pzstdHeaderLen]byte
	for {
		job := fr.newJob(off)
		if job == nil {
			return // closed
		}
		if fr.lazyFrom >= 0 && off >= fr.lazyFrom {
			fr.sendLazy(job)
			return
		}
		n, err := io.ReadFull(fr.src, hdr[:8])
		if n == 0 && err == io.EOF {
			return // the stream ends at a frame boundary
		}
		if err != nil {
			job.err = &frameError{off, fmt.Errorf("frame header: %w", noEOF(err))}
			fr.send(job, false)
			return
		}
		magic, size := le32(hdr[:4]), le32(hdr[4:8])
		switch {
		case magic == pzstdMagic && size == 4:
			if _, err := io.ReadFull(fr.src, hdr[8:12]); err != nil {
				job.err = &frameError{off, fmt.Errorf("frame header: %w", noEOF(err))}
				fr.send(job, false)
				return
			}
			fsize := int(le32(hdr[8:12]))
			if fsize > maxFrame {
				job.err = &frameError{off, fmt.Errorf("announced frame size %d", fsize)}
				fr.send(job, false)
				return
			}
			if job.in, err = readFrame(fr.src, job.in[:0], fsize); err != nil {
				// A frame cut short: decode what there is, then report the cut.
				job.err = &frameError{off, noEOF(err)}
				fr.send(job, true)
				return
			}
			off += pzstdHeaderLen + int64(fsize)
			if !fr.send(job, true) {
				return
			}
		case magic&skippableMagicMask == skippableMagic:
			// Another skippable frame (metadata): skip its payload.
			if _, err := io.CopyN(io.Discard, fr.src, int64(size)); err != nil {
				job.err = &frameError{off, fmt.Errorf("skippable frame: %w", noEOF(err))}
				fr.send(job, false)
				return
			}
			off += 8 + int64(size)
			fr.recycle(job)
		case magic == zstdMagic:
			// A frame without its announcement: decode the rest as one ordinary stream.
			job.rest = io.MultiReader(bytes.NewReader(append([]byte(nil), hdr[:8]...)), fr.src)
			fr.send(job, false)
			return
		default:
			job.err = &frameError{off, errors.New("not a zstd frame")}
			fr.send(job, false)
			return
		}
	}
}

// sendLazy queues the rest of the input, from a frame's header on, to be decoded by Read as
// one stream, as far as Read is asked to go (see frameReader.lazyFrom); nothing when the input
// ends here.
func (fr *frameReader) sendLazy(job *frameJob) {
	var b [1]byte
	n, err := io.ReadFull(fr.src, b[:])
	switch {
	case n == 0 && err == io.EOF:
		fr.recycle(job)
	case err != nil:
		job.err = &frameError{job.offset, fmt.Errorf("frame header: %w", err)}
		fr.send(job, false)
	default:
		job.rest = io.MultiReader(bytes.NewReader(b[:]), fr.src)
		fr.send(job, false)
	}
}

// readStep is the largest buffer readFrame makes before the bytes arrive.
const readStep = 16 << 20

// readFrame reads the n bytes of a frame into buf[:0] and returns them, or those that arrived
// before an error. A buffer too small for the frame gives way to one of at most readStep bytes,
// doubled as it fills, so that a damaged announcement of a huge frame costs at most about twice
// the bytes the file holds, not the size it announces.
func readFrame(r io.Reader, buf []byte, n int) ([]byte, error) {
	if cap(buf) < n {
		buf = make([]byte, 0, min(n, readStep))
	}
	for len(buf) < n {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, min(n-len(buf), len(buf)))
		}
		m, err := io.ReadFull(r, buf[len(buf):min(n, cap(buf))])
		buf = buf[:len(buf)+m]
		if err != nil {
			return buf, err
		}
	}
	return buf, nil
}

// noEOF turns io.EOF inside a frame into io.ErrUnexpectedEOF.
func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// send queues job for Read, and for the workers when decode is set (else it is ready as is). It
// reports false when the reader is closed.
func (fr *frameReader) send(job *frameJob, decode bool) bool {
	if !decode {
		close(job.done)
	}
	select {
	case fr.order <- job:
	case <-fr.quit:
		return false
	}
	if decode {
		fr.jobs <- job // room for every job not yet done: at most a brief wait for a worker
	}
	return true
}

// newJob waits for a job out of flight; nil when the reader is closed.
func (fr *frameReader) newJob(off int64) *frameJob {
	var job *frameJob
	select {
	case job = <-fr.free:
	case <-fr.quit:
		return nil
	}
	job.offset, job.err, job.rest = off, nil, nil
	job.out = job.out[:0]
	job.done = make(chan struct{})
	return job
}

// recycle puts a job out of flight. It never blocks: free has room for every job.
func (fr *frameReader) recycle(job *frameJob) { fr.free <- job }

// work decodes frames with its own single-goroutine decoder.
func (fr *frameReader) work() {
	defer fr.wg.Done()
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(maxWindow))
	if err != nil {
		panic(err) // the options are constant and valid
	}
	defer dec.Close()
	for job := range fr.jobs {
		// A frame need not declare its decoded size (pzstd's do not), and the decoder then grows
		// its output a block at a time: give it room for the largest frame so far, or at first
		// for four times its compressed size (text packs 4 to 9 times).
		if want := max(int(fr.largest.Load()), 4*len(job.in)); cap(job.out) < want {
			job.out = make([]byte, 0, min(want, maxFrameGuess))
		}
		out, err := dec.DecodeAll(job.in, job.out[:0])
		if n := int64(len(out)); n > fr.largest.Load() {
			fr.largest.Store(n) // a race between decoders only loses a hint
		}
		switch {
		case job.err != nil:
			// A frame cut short by the end of the file: keep the blocks that decode before the
			// cut, which are sound.
			out, _ = salvage(dec, job.in, out[:0])
		case err != nil:
			// A damaged frame delivers nothing: its blocks may decode to garbage that only the
			// checksum at its end would reveal.
			out, job.err = out[:0], &frameError{job.offset, err}
		}
		job.out = out
		close(job.done)
	}
}

// salvage decodes a truncated frame as a stream and returns the bytes it yields before failing.
func salvage(dec *zstd.Decoder, in, out []byte) ([]byte, error) {
	if err := dec.Reset(bytes.NewReader(in)); err != nil {
		return out, err
	}
	defer dec.Reset(nil)
	var buf bytes.Buffer
	buf.Write(out)
	_, err := buf.ReadFrom(dec)
	if err == nil {
		err = io.ErrUnexpectedEOF
	}
	return buf.Bytes(), err
}

// Read delivers the decoded frames in order.
func (fr *frameReader) Read(p []byte) (int, error) {
	for {
		if fr.err != nil {
			return 0, fr.err
		}
		if fr.cur == nil {
			job, ok := <-fr.order
			if !ok {
				fr.err = io.EOF
				continue
			}
			<-job.done
			fr.cur, fr.off = job, 0
			if fr.mark != nil {
				fr.mark.reach(job.offset, fr.served)
			}
			if fr.reached != nil {
				fr.reached(job.offset, fr.served)
			}
			if job.rest != nil {
				d, err := zstd.NewReader(job.rest, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(maxWindow))
				if err != nil {
					fr.err = err
					continue
				}
				fr.restDec = d
			}
		}
		job := fr.cur
		if fr.restDec != nil {
			n, err := fr.restDec.Read(p)
			if err != nil {
				fr.err = err
			}
			if n > 0 {
				fr.served += int64(n)
				return n, nil
			}
			continue
		}
		if fr.off < len(job.out) {
			n := copy(p, job.out[fr.off:])
			fr.off += n
			fr.served += int64(n)
			return n, nil
		}
		if job.err != nil {
			fr.err = job.err
			continue
		}
		fr.cur = nil
		fr.recycle(job)
	}
}

// Close stops the goroutines. It waits for a read of the input in progress to return (close the
// file first). Read must not be called afterwards.
func (fr *frameReader) Close() {
	fr.once.Do(func() {
		close(fr.quit)
		for range fr.order { // let readFrames finish; workers drain jobs
		}
		fr.wg.Wait()
		if fr.restDec != nil {
			fr.restDec.Close()
		}
	})
}

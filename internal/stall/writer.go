package stall

import (
	"os"
	"time"
)

// atomicWrite is the most a Writer hands the file at once: PIPE_BUF, which a pipe with room for
// a write at all (poll's POLLOUT: one free page) takes whole without blocking.
const atomicWrite = 4096

// Writer writes to a file (standard output) and, once done is closed, gives up a write only when
// the file takes nothing for grace: a reader that stopped reading. Every write the file accepts
// still reaches it after the interrupt, however long the scan then takes to finish (a loaded
// machine): the summary and the rows already merged. Before the interrupt, writes wait as long
// as the reader makes them.
//
// The wait is asked of the kernel (poll), not of a clock racing the scan: a write is given up
// only if the file stayed full for the whole grace. Then, and after any write error, every later
// Write fails with the same error. A regular file is written directly: it never waits on anyone.
// Where poll is not available (not unix), writes are plain and never given up.
type Writer struct {
	f     *os.File
	done  <-chan struct{}
	grace time.Duration
	plain bool // a regular file
	err   error
}

// NewWriter returns a Writer to f that gives up a write blocked for grace once done is closed.
func NewWriter(f *os.File, done <-chan struct{}, grace time.Duration) *Writer {
	st, err := f.Stat()
	return &Writer{f: f, done: done, grace: grace, plain: err == nil && st.Mode().IsRegular()}
}

// Write writes p, in pieces of at most atomicWrite bytes, each once the file has room for it
// (see Writer). A write given up returns the bytes written so far and ErrGivenUp.
func (w *Writer) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	if w.plain {
		n, err := w.f.Write(p)
		w.err = err
		return n, err
	}
	n := 0
	for n < len(p) {
		if err := w.waitRoom(); err != nil {
			w.err = err
			return n, err
		}
		m, err := w.f.Write(p[n:min(len(p), n+atomicWrite)])
		n += m
		if err != nil {
			w.err = err
			return n, err
		}
	}
	return n, nil
}

// interrupted reports whether done is closed.
func (w *Writer) interrupted() bool {
	select {
	case <-w.done:
		return true
	default:
		return false
	}
}

// Package stall gives up on reads and writes that may wait for ever (an idle pipe, a terminal, a
// reader of standard output that stopped reading) once an interrupt says so: a scan must end
// within a second of SIGINT whatever its inputs and outputs are doing.
//
// A Reader gives up at once: an interrupted scan reads no more. Its blocking reads run in a
// goroutine of their own, on a buffer of their own, so that a read still blocked after Read
// returned never touches the caller's slice. That goroutine ends when its read returns, or with
// the process. A Writer gives up only a write that truly blocks (see Writer). Regular files need
// none of this: their reads and writes do not wait on anyone.
package stall

import (
	"context"
	"fmt"
	"io"
)

// ErrGivenUp is returned by a Read or Write given up because done was closed. It unwraps to
// context.Canceled: the interrupt, not the file, ended it.
var ErrGivenUp = fmt.Errorf("given up on interrupt: %w", context.Canceled)

// Reader reads r, giving up when done is closed (see the package comment).
type Reader struct{ c caller }

// NewReader returns a Reader of r that gives up once done is closed.
func NewReader(r io.Reader, done <-chan struct{}) *Reader {
	return &Reader{caller{done: done, fn: r.Read}}
}

// Read reads into p, or returns ErrGivenUp once done is closed, at once.
func (r *Reader) Read(p []byte) (int, error) { return r.c.call(p) }

// Close ends the goroutine once its current read, if any, returns. Later Reads fail.
func (r *Reader) Close() { r.c.close() }

// caller runs fn, one call at a time, in a goroutine of its own.
type caller struct {
	done <-chan struct{}
	fn   func([]byte) (int, error)
	req  chan int    // the next call: on buf[:n]
	res  chan result // its answer, buffered so that the goroutine never waits for a caller gone
	buf  []byte
	err  error // sticky: the first error, ErrGivenUp included
}

type result struct {
	n   int
	err error
}

// call runs fn on a buffer of its own as big as p, copies what it read into p, and waits for it
// or for done.
func (c *caller) call(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	if len(p) == 0 {
		return 0, nil
	}
	select {
	case <-c.done:
		c.err = ErrGivenUp
		return 0, c.err
	default:
	}
	if c.req == nil {
		c.req, c.res = make(chan int), make(chan result, 1)
		go c.loop(c.req, c.res)
	}
	// After a call given up, c.err is set and the goroutine may still use buf: it is never
	// touched again.
	if cap(c.buf) < len(p) {
		c.buf = make([]byte, len(p))
	}
	c.req <- len(p)
	select {
	case r := <-c.res:
		copy(p, c.buf[:r.n])
		if r.err != nil {
			c.err = r.err
		}
		return r.n, r.err
	case <-c.done:
		c.err = ErrGivenUp
		return 0, c.err
	}
}

func (c *caller) loop(req <-chan int, res chan<- result) {
	for n := range req {
		m, err := c.fn(c.buf[:n])
		res <- result{m, err}
	}
}

func (c *caller) close() {
	if c.req != nil {
		close(c.req)
		c.req = nil
	}
	if c.err == nil {
		c.err = io.ErrClosedPipe
	}
}

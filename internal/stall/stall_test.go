package stall

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"testing"
	"testing/iotest"
	"time"
)

// TestReaderPassesBytes: without an interrupt a Reader delivers exactly the bytes of the
// underlying reader, whatever the sizes of the reads, and its EOF.
func TestReaderPassesBytes(t *testing.T) {
	data := make([]byte, 1<<20)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	r := NewReader(iotest.HalfReader(bytes.NewReader(data)), make(chan struct{}))
	defer r.Close()
	if err := iotest.TestReader(r, data); err != nil {
		t.Fatal(err)
	}
}

// TestReaderGivesUp: a Read blocked on a pipe that sends nothing returns ErrGivenUp (a
// context.Canceled) as soon as done is closed, and every later Read too; the caller's buffer is
// not written after that, even when the blocked read returns later.
func TestReaderGivesUp(t *testing.T) {
	pr, pw := io.Pipe()
	done := make(chan struct{})
	r := NewReader(pr, done)
	p := make([]byte, 16)
	got := make(chan error, 1)
	go func() { _, err := r.Read(p); got <- err }()
	time.Sleep(20 * time.Millisecond)
	select {
	case err := <-got:
		t.Fatalf("Read returned %v before the interrupt", err)
	default:
	}
	close(done)
	select {
	case err := <-got:
		if !errors.Is(err, ErrGivenUp) || !errors.Is(err, context.Canceled) {
			t.Fatalf("Read after the interrupt: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Read still blocked after the interrupt")
	}
	go pw.Write([]byte("late bytes"))
	time.Sleep(20 * time.Millisecond)
	if !bytes.Equal(p, make([]byte, 16)) {
		t.Errorf("the caller's buffer was written after Read gave up: %q", p)
	}
	if _, err := r.Read(p); !errors.Is(err, ErrGivenUp) {
		t.Errorf("later Read: %v", err)
	}
	r.Close()
}

// TestWriterGivesUp: a Write blocked on a reader that stopped reading returns ErrGivenUp once
// done is closed; before, writes pass through whole.
func TestWriterGivesUp(t *testing.T) {
	pr, pw := io.Pipe()
	done := make(chan struct{})
	w := NewWriter(pw, done)
	go func() {
		buf := make([]byte, 5)
		io.ReadFull(pr, buf) // reads the first write, then stops reading
	}()
	if n, err := w.Write([]byte("hello")); n != 5 || err != nil {
		t.Fatalf("first write: %d, %v", n, err)
	}
	got := make(chan error, 1)
	go func() { _, err := w.Write([]byte("stuck")); got <- err }()
	time.Sleep(20 * time.Millisecond)
	close(done)
	select {
	case err := <-got:
		if !errors.Is(err, ErrGivenUp) {
			t.Fatalf("stuck write: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Write still blocked after the interrupt")
	}
	w.Close()
}

package stall

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"os"
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

// TestWriterGivesUp: a Write blocked on a pipe whose reader stopped reading returns ErrGivenUp
// once done is closed and the pipe then took nothing for the grace; later Writes fail at once.
// Before the interrupt, writes pass through whole.
func TestWriterGivesUp(t *testing.T) {
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	done := make(chan struct{})
	w := NewWriter(pw, done, 50*time.Millisecond)
	if n, err := w.Write([]byte("hello")); n != 5 || err != nil {
		t.Fatalf("first write: %d, %v", n, err)
	}
	got := make(chan error, 1)
	go func() { _, err := w.Write(make([]byte, 4<<20)); got <- err }() // more than the pipe holds
	select {
	case err := <-got:
		t.Fatalf("a write into a full pipe returned %v before the interrupt", err)
	case <-time.After(100 * time.Millisecond):
	}
	close(done)
	select {
	case err := <-got:
		if !errors.Is(err, ErrGivenUp) || !errors.Is(err, context.Canceled) {
			t.Fatalf("stuck write: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Write still blocked after the interrupt")
	}
	if _, err := w.Write([]byte("x")); !errors.Is(err, ErrGivenUp) {
		t.Errorf("later write: %v", err)
	}
}

// TestWriterKeepsWritingAfterInterrupt: once done is closed, writes that a reader takes still
// reach it whole, however long after the interrupt they come and however slowly the reader
// reads (pauses longer than the grace between writes, a reader that drains a full pipe a little
// at a time): only a write the pipe takes nothing of for the grace is given up. Before, every
// write after the grace was refused, so an interrupted scan on a busy machine lost its summary.
func TestWriterKeepsWritingAfterInterrupt(t *testing.T) {
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	done := make(chan struct{})
	close(done)
	const grace = 500 * time.Millisecond
	w := NewWriter(pw, done, grace)
	data := make([]byte, 1<<20)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	read := make(chan []byte, 1)
	go func() {
		var got []byte
		buf := make([]byte, 8192)
		for {
			n, err := pr.Read(buf)
			got = append(got, buf[:n]...)
			if err != nil {
				read <- got
				return
			}
			time.Sleep(time.Millisecond) // a slow reader: the pipe fills, and drains a little
		}
	}()
	time.Sleep(grace + 100*time.Millisecond) // the scan finishing its work, well past the grace
	for off := 0; off < len(data); off += 100_000 {
		if off == 500_000 {
			time.Sleep(grace + 100*time.Millisecond)
		}
		chunk := data[off:min(off+100_000, len(data))]
		if n, err := w.Write(chunk); n != len(chunk) || err != nil {
			t.Fatalf("write at %d after the interrupt: %d, %v", off, n, err)
		}
	}
	pw.Close()
	if got := <-read; !bytes.Equal(got, data) {
		t.Fatalf("the reader got %d bytes, not the %d written", len(got), len(data))
	}
}

// TestWriterRegularFile: a regular file is written whole after the interrupt too.
func TestWriterRegularFile(t *testing.T) {
	f, err := os.Create(t.TempDir() + "/out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	done := make(chan struct{})
	close(done)
	w := NewWriter(f, done, 0)
	if n, err := w.Write(make([]byte, 3<<20)); n != 3<<20 || err != nil {
		t.Fatalf("write: %d, %v", n, err)
	}
}

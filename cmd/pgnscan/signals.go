package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/pgnscan/pgnscan/internal/stall"
)

// interruptGrace is how long, after SIGINT or SIGTERM, a write to standard output may stay
// blocked (a reader that stopped reading) before it is given up. The scan stops reading its
// inputs at once; the grace lets the rows already read reach an output that is being read, and
// keeps the whole ending within a second.
const interruptGrace = 300 * time.Millisecond

// catchInterrupts makes SIGINT and SIGTERM cancel the returned context (the scan stops reading
// at once) and, interruptGrace later, close giveUp (a blocked write to standard output gives
// up, see stall.Writer). It also ignores SIGPIPE, so that a closed standard output (`| head`)
// is a write error, EPIPE, that ends the scan cleanly, and not the death of the process with
// its temporary files left behind. stop undoes the signal handling and releases the context.
func catchInterrupts(parent context.Context) (ctx context.Context, giveUp <-chan struct{}, stop func()) {
	signal.Ignore(syscall.SIGPIPE)
	ctx, cancel := context.WithCancel(parent)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	late := make(chan struct{})
	var once sync.Once
	closeLate := func() { once.Do(func() { close(late) }) }
	quit := make(chan struct{})
	go func() {
		select {
		case <-sigs:
		case <-ctx.Done(): // the parent was cancelled (a test, a caller)
		case <-quit:
			return
		}
		cancel()
		t := time.AfterFunc(interruptGrace, closeLate)
		<-quit
		t.Stop()
	}()
	return ctx, late, func() {
		signal.Stop(sigs)
		close(quit)
		cancel()
	}
}

// stallFree wraps standard output so that a write blocked on it gives up once giveUp is closed.
// Other writers (a buffer in tests) are returned as they are.
func stallFree(w io.Writer, giveUp <-chan struct{}) io.Writer {
	if f, ok := w.(*os.File); ok {
		return stall.NewWriter(f, giveUp)
	}
	return w
}

package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/pgnscan/pgnscan/internal/stall"
)

// interruptGrace is how long, after SIGINT or SIGTERM, standard output may take nothing (a
// reader that stopped reading) before a write to it is given up. The scan stops reading its
// inputs at once; the rows already read and the summary still reach an output that is being
// read, however long the scan takes to finish, and a stalled one costs at most this.
const interruptGrace = 300 * time.Millisecond

// catchInterrupts makes SIGINT and SIGTERM cancel the returned context: the scan stops reading
// at once, and a write to standard output blocked for interruptGrace from then on gives up (see
// stallFree). It also ignores SIGPIPE, so that a closed standard output (`| head`) is a write
// error, EPIPE, that ends the scan cleanly, and not the death of the process with its temporary
// files left behind. stop undoes the signal handling and releases the context.
func catchInterrupts(parent context.Context) (ctx context.Context, stop func()) {
	signal.Ignore(syscall.SIGPIPE)
	ctx, cancel := context.WithCancel(parent)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	quit := make(chan struct{})
	go func() {
		select {
		case <-sigs:
			cancel()
		case <-quit:
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(quit)
		cancel()
	}
}

// stallFree wraps standard output so that, once interrupted is closed, a write it takes nothing
// of for interruptGrace gives up (stall.Writer). Other writers (a buffer in tests) are returned
// as they are.
func stallFree(w io.Writer, interrupted <-chan struct{}) io.Writer {
	if f, ok := w.(*os.File); ok {
		return stall.NewWriter(f, interrupted, interruptGrace)
	}
	return w
}

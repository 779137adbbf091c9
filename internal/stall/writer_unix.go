//go:build unix

package stall

import (
	"errors"
	"time"

	"golang.org/x/sys/unix"
)

// pollTick is how often a write waiting for room before the interrupt looks at done.
const pollTick = 50 * time.Millisecond

// waitRoom returns once the file has room for a write (or an error or hang-up, which the write
// then reports), or ErrGivenUp once done is closed and the file stayed full for the grace.
func (w *Writer) waitRoom() error {
	fd := int32(w.f.Fd())
	var deadline time.Time
	for {
		timeout := pollTick
		if w.interrupted() {
			if deadline.IsZero() {
				deadline = time.Now().Add(w.grace)
			}
			timeout = max(time.Until(deadline), 0)
		}
		fds := []unix.PollFd{{Fd: fd, Events: unix.POLLOUT}}
		n, err := unix.Poll(fds, int(timeout.Milliseconds()))
		switch {
		case errors.Is(err, unix.EINTR):
			continue
		case err != nil || n > 0:
			return nil // room, or a state the write itself reports
		case !deadline.IsZero():
			return ErrGivenUp // full for the whole grace after the interrupt
		}
	}
}

//go:build unix

package report

import (
	"errors"
	"syscall"
)

// processRuns reports whether a process with this PID exists on this machine. Signal 0 checks
// without signalling; EPERM means it exists but belongs to another user.
func processRuns(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

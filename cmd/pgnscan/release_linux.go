//go:build linux

package main

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
)

// releaseImage drops the pages of the executable's read-only mappings (its code and read-only
// data) from the process's resident set. They are clean pages of the file, still in the page
// cache: what the process touches again comes back with a minor fault. A long canmate run
// uses a small part of them (the decider and the runtime), but the packages' initialisation
// touched 20 MB of them (the binary links the Arrow, Parquet, gRPC and cobra packages, whose
// init functions are spread over the code, and the kernel maps 64 KB around each page
// faulted), which stayed resident for the whole run: a third of canmate's peak.
// The writable mappings are not touched: their pages may hold the process's own data. Nor
// are the read-only ones discarded: MADV_DONTNEED would also throw away a read-only mapping's
// private copies (the C linker's relocations, made read-only after they are written, in a
// binary with cgo), putting the file's unrelocated bytes back: MADV_PAGEOUT reclaims only what
// it can give back unchanged (Linux 5.4; older kernels refuse it and nothing happens).
func releaseImage() {
	const madvPageout = 21 // MADV_PAGEOUT, not in package syscall
	exe, err := os.Executable()
	if err != nil {
		return
	}
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return
	}
	for _, line := range bytes.Split(maps, []byte("\n")) {
		// start-end perms offset dev inode path
		f := bytes.Fields(line)
		if len(f) != 6 || string(f[5]) != exe || f[1][1] != '-' {
			continue
		}
		addr := bytes.SplitN(f[0], []byte("-"), 2)
		start, err1 := strconv.ParseUint(string(addr[0]), 16, 64)
		end, err2 := strconv.ParseUint(string(addr[1]), 16, 64)
		if err1 != nil || err2 != nil || end <= start {
			continue
		}
		syscall.Syscall(syscall.SYS_MADVISE, uintptr(start), uintptr(end-start), madvPageout)
	}
}

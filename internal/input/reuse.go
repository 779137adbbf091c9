package input

import (
	"math/bits"
	"sync"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// reuseAllocator is the memory.Allocator of a Parquet input's reader: it keeps the buffers that
// arrow frees (a record batch's, when the next batch replaces it) and hands them out again.
// arrow's Go allocator leaves every buffer to the garbage collector, and the record reader
// builds each batch's columns in new buffers: reading the dataset's games allocated twice their
// bytes, and the collections and the fresh pages they cost made a Parquet input half again as
// slow as the same games in PGN.
//
// Buffers come in powers of two, from 64 bytes (arrow's alignment; a Go allocation of a power
// of two is aligned to it) up; a class keeps at most maxFreePerClass of them. Like arrow's own
// allocators it returns zeroed memory.
type reuseAllocator struct {
	mu   sync.Mutex
	free [maxClass + 1][][]byte // free[k]: buffers of 1<<k bytes
}

const (
	minClass        = 6  // 64 bytes
	maxClass        = 30 // 1 GiB: larger requests are not kept
	maxFreePerClass = 64
)

var _ memory.Allocator = (*reuseAllocator)(nil)

// class returns k such that a request of size bytes fits a buffer of 1<<k bytes.
func class(size int) int {
	if size <= 1<<minClass {
		return minClass
	}
	return bits.Len(uint(size - 1))
}

// Allocate returns size zeroed bytes.
func (a *reuseAllocator) Allocate(size int) []byte {
	k := class(size)
	if k > maxClass {
		return make([]byte, size)
	}
	a.mu.Lock()
	n := len(a.free[k])
	if n == 0 {
		a.mu.Unlock()
		return make([]byte, size, 1<<k)
	}
	b := a.free[k][n-1]
	a.free[k] = a.free[k][:n-1]
	a.mu.Unlock()
	clear(b[:cap(b)])
	return b[:size]
}

// Reallocate returns b resized to size bytes, its contents kept and any new bytes zeroed.
func (a *reuseAllocator) Reallocate(size int, b []byte) []byte {
	if size <= cap(b) {
		return b[:size]
	}
	nb := a.Allocate(size)
	copy(nb, b)
	a.Free(b)
	return nb
}

// Free keeps b for a later Allocate when it is one of this allocator's buffers.
func (a *reuseAllocator) Free(b []byte) {
	c := cap(b)
	if c < 1<<minClass || c&(c-1) != 0 || c > 1<<maxClass {
		return // not one of ours (or too large to keep): left to the collector
	}
	k := bits.Len(uint(c)) - 1
	a.mu.Lock()
	if len(a.free[k]) < maxFreePerClass {
		a.free[k] = append(a.free[k], b[:0])
	}
	a.mu.Unlock()
}

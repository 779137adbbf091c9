package input

import (
	"testing"
	"unsafe"
)

// TestReuseAllocator: a freed buffer is handed out again, zeroed and 64-byte aligned as arrow
// asks of an allocator; a buffer that is not one of its own is not kept.
func TestReuseAllocator(t *testing.T) {
	var a reuseAllocator
	b := a.Allocate(100)
	if len(b) != 100 || cap(b) != 128 {
		t.Fatalf("Allocate(100): len %d cap %d, want 100 and 128", len(b), cap(b))
	}
	for i := range b {
		b[i] = 0xFF
	}
	a.Free(b)
	c := a.Allocate(120)
	if &c[0] != &b[0] {
		t.Error("a freed buffer of the same class was not reused")
	}
	for i, x := range c[:cap(c)] {
		if x != 0 {
			t.Fatalf("reused buffer: byte %d is %#x, want zero", i, x)
		}
	}
	grown := a.Reallocate(1000, c)
	if len(grown) != 1000 || grown[999] != 0 {
		t.Fatalf("Reallocate(1000): len %d, last byte %d", len(grown), grown[999])
	}
	for _, size := range []int{1, 64, 65, 4096, 100_000} {
		if p := uintptr(unsafe.Pointer(unsafe.SliceData(a.Allocate(size)))); p%64 != 0 {
			t.Errorf("Allocate(%d) at %#x: not 64-byte aligned", size, p)
		}
	}
	a.Free(make([]byte, 100)) // cap 100: not one of ours
	for k, list := range a.free {
		for _, f := range list {
			if cap(f) != 1<<k {
				t.Errorf("class %d keeps a buffer of cap %d", k, cap(f))
			}
		}
	}
}

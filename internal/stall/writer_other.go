//go:build !unix

package stall

// waitRoom has no poll to ask: writes are plain, never given up.
func (w *Writer) waitRoom() error { return nil }

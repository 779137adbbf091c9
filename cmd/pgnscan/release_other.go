//go:build !linux

package main

// releaseImage is releaseImage of release_linux.go, which only Linux needs: elsewhere nothing.
func releaseImage() {}

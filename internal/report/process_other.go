//go:build !unix

package report

// processRuns cannot tell here, so it says yes: stale temporary files are left alone.
func processRuns(int) bool { return true }

//go:build race

package input

// raceDetector is true in a build with the race detector, which changes what is allocated.
const raceDetector = true

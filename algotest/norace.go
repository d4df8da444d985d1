//go:build !race

package algotest

// raceDetector is true in builds with the race detector (go test -race).
const raceDetector = false

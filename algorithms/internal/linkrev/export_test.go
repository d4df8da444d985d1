package linkrev

// StartWide makes Reset start every trial in the 64-bit layout (on) or in the layout it
// chooses (off) until restore runs (heightStore; widen_test.go).
func StartWide(on bool) (restore func()) {
	old := startWide
	startWide = on
	return func() { startWide = old }
}

// Widenings returns how many height stores have widened in this process.
func Widenings() int64 { return widenings.Load() }

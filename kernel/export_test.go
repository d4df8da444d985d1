package kernel

// SpillAllPorts makes every topology built until restore is called store only its first
// max(16, PortCap/2) ports per node inline, as the largest networks do.
func SpillAllPorts() (restore func()) {
	old := inlineAll
	inlineAll = 0
	return func() { inlineAll = old }
}

// LookAheadAlways makes every trial run until restore is called look ahead and prefetch
// (lookahead.go), as trials of large networks do.
func LookAheadAlways() (restore func()) { return LookAheadFrom(0) }

// LookAheadFrom makes trials of n nodes or more look ahead until restore is called.
func LookAheadFrom(n int) (restore func()) {
	old := aheadMinN
	aheadMinN = n
	return func() { aheadMinN = old }
}

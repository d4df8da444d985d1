package kernel

// LargeN is the number of nodes from which a trial is large: its per-node arrays no longer
// fit in the caches (a few megabytes below it), so the simulator turns on the machinery that
// only pays at that size (Params.LargeMachinery). Below it the papers' trials run the plain
// path: one heap, one goroutine, no prefetching.
const LargeN = 1 << 15

// LargeMode chooses whether a trial runs the large-network machinery: the queue's look-ahead
// with the algorithm's prefetch hints (lookahead.go), the first requests in a sorted start
// stream (queue_start.go), the drain's requests set aside (drain_aside.go), the setup helper
// that faults memory in on a second core and the split BFS and fills (setup_parallel.go,
// bfs.go) and port rows spilled past the mean degree (topology.go). None of it changes a
// trial's result (TestLargeMachineryUnchanged), only its speed and memory.
type LargeMode uint8

const (
	// LargeAuto, the zero value, turns the machinery on from LargeN nodes.
	LargeAuto LargeMode = iota
	// LargeOn turns it on whatever the size (tests: the large path on small trials).
	LargeOn
	// LargeOff turns it off whatever the size (tests and benchmarks: the plain path).
	LargeOff
)

// LargeMachinery reports whether a trial of p runs the large-network machinery (LargeMode).
func (p *Params) LargeMachinery() bool {
	switch p.Large {
	case LargeOn:
		return true
	case LargeOff:
		return false
	}
	return p.N >= LargeN
}

// largePart names one mechanism of the large-network machinery, so that its paired benchmark
// and its test can run a large trial with it alone turned off (Sim.without).
type largePart uint8

const (
	partLookahead   largePart = 1 << iota // the queue's look-ahead and prefetching (lookahead.go)
	partStartStream                       // the first requests in a sorted stream (queue_start.go)
	partDrainAside                        // the drain's requests set aside (drain_aside.go)
	partPrefault                          // the setup helper (setup_parallel.go)
)

// uses reports whether the trial being set up runs part of the large-network machinery.
func (s *Sim) uses(part largePart) bool { return s.p.LargeMachinery() && s.without&part == 0 }

package kernel

// Purpose names one independent random stream of a trial. Each purpose gets its own seed
// derived from (trial seed, purpose), so that changing, say, the mobility model leaves the
// request times untouched: that is what makes two algorithms run on the same seed comparable
// (common random numbers).
type Purpose uint64

const (
	// StreamTopology draws the initial random connected graph.
	StreamTopology Purpose = iota + 1
	// StreamMobility draws link-change times and, per change, which links go down and up.
	StreamMobility
	// StreamRequests draws each node's gaps between leaving the CS and requesting again.
	StreamRequests
	// StreamDelays draws message delays when the delay model is random.
	StreamDelays
	// StreamAlgorithm is the stream handed to the algorithm itself (for example the
	// random relabelling that builds RR's virtual tree).
	StreamAlgorithm
)

package kernel

import "github.com/mutexlab/mutexlab/kernel/rng"

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

// streams are a trial's random streams, each derived from its seed (seedStreams), so that
// one part's draws never shift another's.
type streams struct {
	topology, mobility, mobilityPick, delays, algRand, crashes Stream
	requestState                                               []uint64 // per-node SplitMix64 state for request gaps
	mobilitySeed                                               uint64
	mobilityDraws                                              uint64
}

// seedStreams seeds every random stream of a trial from its seed, one derived seed per
// purpose, all in one place and before anything draws (the graph's build is the first), so
// that no stream's draws move another's. The request streams are one per node
// (requestGap); the mobility stream's picks get a seed per link change (Changer.Rand).
func (s *Sim) seedStreams(p *Params) {
	r := &s.rand
	r.topology.Seed(rng.DeriveSeed(p.Seed, uint64(StreamTopology)))
	r.mobilitySeed = rng.DeriveSeed(p.Seed, uint64(StreamMobility))
	r.mobility.Seed(r.mobilitySeed)
	r.mobilityDraws = 0
	r.delays.Seed(rng.DeriveSeed(p.Seed, uint64(StreamDelays)))
	r.algRand.Seed(rng.DeriveSeed(p.Seed, uint64(StreamAlgorithm)))
	r.crashes.Seed(rng.DeriveSeed(p.Seed, uint64(StreamCrashes)))
	reqSeed := rng.DeriveSeed(p.Seed, uint64(StreamRequests))
	for i := range r.requestState {
		r.requestState[i] = rng.Mix64(reqSeed ^ uint64(i)*0x9e3779b97f4a7c15)
	}
}

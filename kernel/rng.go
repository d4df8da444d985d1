package kernel

import (
	"math"
	"math/rand/v2"
)

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

// Mix64 is the SplitMix64 finaliser: a bijection on uint64 whose output bits each depend on
// every input bit. It turns structured keys (0, 1, 2, ...) into well-spread seeds.
func Mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// DeriveSeed folds parts into root, one Mix64 round per part. The result depends on every
// part and on their order; it is the only way seeds are made in mutexlab, so a trial's
// randomness is a pure function of (root seed, trial key, purpose).
func DeriveSeed(root uint64, parts ...uint64) uint64 {
	h := Mix64(root)
	for _, p := range parts {
		h = Mix64(h ^ Mix64(p+0x632be59bd9b4e019))
	}
	return h
}

// Stream is a seeded pseudo-random stream (PCG-DXSM). It is reseeded in place, so a
// simulator reuses its streams from trial to trial without allocating.
type Stream struct {
	pcg rand.PCG
	r   *rand.Rand
}

// Seed restarts the stream from seed.
func (s *Stream) Seed(seed uint64) {
	s.pcg.Seed(seed, Mix64(seed^0xda942042e4dd58b5))
	if s.r == nil {
		s.r = rand.New(&s.pcg)
	}
}

// Uint64 returns 64 uniformly random bits.
func (s *Stream) Uint64() uint64 { return s.pcg.Uint64() }

// Float64 returns a uniform number in [0, 1).
func (s *Stream) Float64() float64 { return float64(s.pcg.Uint64()>>11) * (1.0 / (1 << 53)) }

// IntN returns a uniform integer in [0, n); n must be positive.
func (s *Stream) IntN(n int) int { return s.r.IntN(n) }

// ExpFloat64 returns an exponential variate with mean 1 (ziggurat method: no logarithm on
// the common path).
func (s *Stream) ExpFloat64() float64 { return s.r.ExpFloat64() }

// Exp returns an exponential variate with the given rate (mean 1/rate); +Inf for rate 0.
func (s *Stream) Exp(rate float64) float64 {
	if rate <= 0 {
		return math.Inf(1)
	}
	return s.r.ExpFloat64() / rate
}

// Shuffle permutes xs uniformly (Fisher–Yates).
func (s *Stream) Shuffle(xs []int32) {
	for i := len(xs) - 1; i > 0; i-- {
		j := s.r.IntN(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

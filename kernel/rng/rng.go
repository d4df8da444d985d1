// Package rng holds mutexlab's random streams: a seeded PCG stream reseeded in place
// (Stream) and the one way seeds are made from a root seed and keys (DeriveSeed, Mix64).
// A trial's randomness is a pure function of its seed because every stream is seeded
// through DeriveSeed; the kernel names the purposes it derives streams for.
package rng

import (
	"math"
	"math/bits"
	"math/rand/v2"
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
// simulator reuses its streams from trial to trial without allocating. Every draw calls the
// PCG generator directly (no interface call), which matters on the event loop's hot path.
type Stream struct {
	pcg rand.PCG
}

// Seed restarts the stream from seed.
func (s *Stream) Seed(seed uint64) {
	s.pcg.Seed(seed, Mix64(seed^0xda942042e4dd58b5))
}

// Uint64 returns 64 uniformly random bits.
func (s *Stream) Uint64() uint64 { return s.pcg.Uint64() }

// Float64 returns a uniform number in [0, 1).
func (s *Stream) Float64() float64 { return float64(s.pcg.Uint64()>>11) * (1.0 / (1 << 53)) }

// IntN returns a uniform integer in [0, n); n must be positive. Lemire's multiply-shift with
// rejection: exact, and one 64-bit multiply on the common path.
func (s *Stream) IntN(n int) int {
	if n <= 0 {
		panic("rng: Stream.IntN with n <= 0")
	}
	hi, lo := bits.Mul64(s.pcg.Uint64(), uint64(n))
	if lo < uint64(n) {
		thresh := -uint64(n) % uint64(n)
		for lo < thresh {
			hi, lo = bits.Mul64(s.pcg.Uint64(), uint64(n))
		}
	}
	return int(hi)
}

// ExpFloat64 returns an exponential variate with mean 1 by the ziggurat method of Marsaglia
// and Tsang ("The Ziggurat Method for Generating Random Variables", 2000), with 256 layers:
// about 99% of draws cost one random word, a multiply and a compare, and no logarithm.
func (s *Stream) ExpFloat64() float64 {
	for {
		u := s.pcg.Uint64()
		j := uint32(u >> 32)
		i := j & 0xff
		x := float64(j) * expW[i]
		if j < expK[i] {
			return x
		}
		if i == 0 {
			return expR - math.Log(s.Float64Open())
		}
		if expF[i]+s.Float64()*(expF[i-1]-expF[i]) < math.Exp(-x) {
			return x
		}
	}
}

// Float64Open returns a uniform number in (0, 1].
func (s *Stream) Float64Open() float64 { return 1 - s.Float64() }

// Exp returns an exponential variate with the given rate (mean 1/rate); +Inf for rate 0.
func (s *Stream) Exp(rate float64) float64 {
	if rate <= 0 {
		return math.Inf(1)
	}
	return s.ExpFloat64() / rate
}

// Shuffle permutes xs uniformly (Fisher–Yates).
func (s *Stream) Shuffle(xs []int32) {
	for i := len(xs) - 1; i > 0; i-- {
		j := s.IntN(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

// The exponential ziggurat's tables: layer i covers [x_i, x_{i-1}) with equal areas; expK
// are the acceptance thresholds in units of 2^-32, expW the layer widths per unit of 2^-32,
// expF the density exp(-x_i) at each layer edge. Computed once, by Marsaglia and Tsang's
// recurrence.
const expR = 7.69711747013104972 // x_255, where the tail starts

var expK [256]uint32
var expW, expF [256]float64

func init() {
	const m = 1 << 32
	const v = 3.949659822581572e-3 // area of each layer
	de := expR
	te := de
	q := v / math.Exp(-de) // width of the base layer, tail included
	expK[0] = uint32(de / q * m)
	expK[1] = 0
	expW[0] = q / m
	expW[255] = de / m
	expF[0] = 1
	expF[255] = math.Exp(-de)
	for i := 254; i >= 1; i-- {
		de = -math.Log(v/de + math.Exp(-de))
		expK[i+1] = uint32(de / te * m)
		te = de
		expF[i] = math.Exp(-de)
		expW[i] = de / m
	}
}

// AppendState appends the stream's state to dst: two streams with the same state draw the same
// numbers from here on (the exhaustive explorer fingerprints a trial's state with it).
func (s *Stream) AppendState(dst []byte) []byte {
	b, _ := s.pcg.MarshalBinary() // a PCG's state always marshals
	return append(dst, b...)
}

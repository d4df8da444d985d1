package gme

import (
	"math/big"
	"math/bits"
)

// Weights (the package doc, "Exact weights").
//
// A weight piece is a power of two 2^-e, carried as its exponent e ≥ 0 in one message word.
// The token holder throws pieces of weight 1 (e = 0); a node that splits a piece 2^-e into q
// pieces gives them the exponents Piece(e, q, 0..q-1): e+1, e+2, ..., e+q-1, e+q-1, whose
// sum is 2^-e exactly. The holder adds every returned piece to a Sum, an exact binary
// fraction, and knows the session is over when the Sum equals the number of pieces thrown.

// MaxExponent bounds a piece's exponent: a Sum needs one bit per level, so 2^-MaxExponent
// costs 2^27 bytes. Pieces that deep would need a chain of splits 2^30 levels long; the
// simulator's trials stay below a few hundred.
const MaxExponent = 1 << 30

// Piece returns the exponent of the k-th (k = 0 .. q-1) of the q pieces a weight 2^-e is
// split into: e+1+k for k < q-1, and e+q-1 for the last, so the last two pieces are equal
// and the q pieces add up to 2^-e exactly. For q = 1 the piece is the weight itself.
func Piece(e int64, q, k int) int64 {
	if k == q-1 {
		return e + int64(q-1)
	}
	return e + int64(k) + 1
}

// Sum is an exact non-negative sum of weight pieces: Units + Σ 2^-(b+1) over the set bits b
// of Frac. Adding a piece is binary addition with carries toward the units, so nothing is
// ever rounded; carries are amortised O(1) per Add (every carry clears a bit that an earlier
// Add set). Frac grows to the deepest level seen and is reused; Ones counts its set bits, so
// comparing a Sum with a whole number is O(1).
type Sum struct {
	Units int64
	Frac  []uint64
	Ones  int
}

// Add adds the piece 2^-e (0 ≤ e ≤ MaxExponent).
func (s *Sum) Add(e int64) {
	if e < 0 || e > MaxExponent {
		panic("gme: weight exponent out of range")
	}
	if e == 0 {
		s.Units++
		return
	}
	b := e - 1 // bit b stands for 2^-(b+1)
	if w := int(b>>6) + 1; w > len(s.Frac) {
		if w <= cap(s.Frac) {
			s.Frac = s.Frac[:w]
		} else {
			s.Frac = append(s.Frac[:cap(s.Frac)], make([]uint64, w-cap(s.Frac))...)
		}
	}
	for {
		w, m := b>>6, uint64(1)<<uint(b&63)
		if s.Frac[w]&m == 0 {
			s.Frac[w] |= m
			s.Ones++
			return
		}
		s.Frac[w] &^= m // 2^-(b+1) + 2^-(b+1) = 2^-b: carry one level up
		s.Ones--
		if b == 0 {
			s.Units++
			return
		}
		b--
	}
}

// Is reports whether the sum equals the whole number u exactly.
func (s *Sum) Is(u int64) bool { return s.Ones == 0 && s.Units == u }

// Exceeds reports whether the sum is strictly greater than the whole number u.
func (s *Sum) Exceeds(u int64) bool { return s.Units > u || (s.Units == u && s.Ones > 0) }

// Reset sets the sum to zero, keeping Frac's storage.
func (s *Sum) Reset() {
	s.Units = 0
	if s.Ones > 0 {
		clear(s.Frac)
		s.Ones = 0
	}
}

// Rat returns the sum as an exact rational (for tests and error messages; it allocates).
func (s *Sum) Rat() *big.Rat {
	r := new(big.Rat).SetInt64(s.Units)
	for w, x := range s.Frac {
		for x != 0 {
			b := bits.TrailingZeros64(x)
			x &^= 1 << uint(b)
			den := new(big.Int).Lsh(big.NewInt(1), uint(w*64+b+1))
			r.Add(r, new(big.Rat).SetFrac(big.NewInt(1), den))
		}
	}
	return r
}

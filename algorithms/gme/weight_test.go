package gme_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/mutexlab/mutexlab/algorithms/gme"
	"github.com/mutexlab/mutexlab/kernel"
)

func pow2(e int64) *big.Rat {
	return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(e)))
}

// TestPieceSumsExactly: the q pieces of 2^-e add up to 2^-e, exactly, for every q.
func TestPieceSumsExactly(t *testing.T) {
	for _, e := range []int64{0, 1, 7, 63, 64, 1000} {
		for q := 1; q <= 70; q++ {
			sum := new(big.Rat)
			for k := range q {
				p := gme.Piece(e, q, k)
				if q > 1 && p <= e {
					t.Fatalf("Piece(%d, %d, %d) = %d: a piece must be smaller than the whole", e, q, k, p)
				}
				sum.Add(sum, pow2(p))
			}
			if q == 1 {
				if p := gme.Piece(e, 1, 0); p != e {
					t.Fatalf("Piece(%d, 1, 0) = %d, want %d (q = 1 passes the weight on whole)", e, p, e)
				}
				continue
			}
			if sum.Cmp(pow2(e)) != 0 {
				t.Fatalf("pieces of 2^-%d into %d sum to %v, want %v", e, q, sum, pow2(e))
			}
		}
	}
}

// TestDeepSplitExact splits one unit of weight 5,000 levels deep (2 to 8 pieces per level,
// so exponents reach tens of thousands), returns every piece to a Sum in a scrambled order
// and requires the Sum to be exactly 1, at every step below 1 (Exceeds), and equal to the
// big.Rat sum of the same pieces (TestFloatWouldFail shows what a float64 would do).
func TestDeepSplitExact(t *testing.T) {
	var r kernel.Stream
	r.Seed(42)
	var pieces []int64
	e := int64(0)
	for level := 0; level < 5000; level++ {
		q := 2 + r.IntN(7)
		keep := r.IntN(q)
		for k := range q {
			if k != keep {
				pieces = append(pieces, gme.Piece(e, q, k))
			}
		}
		e = gme.Piece(e, q, keep)
	}
	pieces = append(pieces, e)
	if e < 10000 {
		t.Fatalf("deepest exponent %d: the test should go deeper than 10,000 levels of 2^-1", e)
	}
	for k := len(pieces) - 1; k > 0; k-- { // scramble the return order
		j := r.IntN(k + 1)
		pieces[k], pieces[j] = pieces[j], pieces[k]
	}
	var s gme.Sum
	for k, p := range pieces {
		if s.Is(1) || s.Exceeds(1) {
			t.Fatalf("after %d of %d pieces the sum already reached 1", k, len(pieces))
		}
		s.Add(p)
	}
	if !s.Is(1) || s.Rat().Cmp(big.NewRat(1, 1)) != 0 {
		t.Fatalf("%d pieces down to 2^-%d sum to %v, want exactly 1", len(pieces), e, s.Rat().FloatString(20))
	}
	// Reuse: after Reset the same storage sums again from zero.
	s.Reset()
	if !s.Is(0) {
		t.Fatal("Reset did not give 0")
	}
	for _, p := range pieces {
		s.Add(p)
	}
	if !s.Is(1) {
		t.Fatal("second use after Reset: sum is not 1")
	}
}

// TestFloatWouldFail shows why weights are not float64: a piece of depth 60 plus the rest of
// its unit rounds to 1 before the last piece comes back, so a float holder would end the
// session while a node is still in the CS. The exact Sum does not.
func TestFloatWouldFail(t *testing.T) {
	var s gme.Sum
	f := 0.0
	for e := int64(1); e <= 60; e++ { // pieces of 1 into 61: 2^-1 .. 2^-60, 2^-60
		s.Add(e)
		f += math.Ldexp(1, -int(e))
	}
	// 2^-60 is still out.
	if f != 1 {
		t.Fatalf("float64 sum %v: expected it to round to 1 already", f)
	}
	if s.Is(1) || !s.Exceeds(0) {
		t.Fatal("exact sum claims the unit is complete while 2^-60 is still out")
	}
	s.Add(60)
	if !s.Is(1) {
		t.Fatal("exact sum is not 1 after the last piece")
	}
}

// TestSumAgainstRat adds random pieces (including whole units and repeated exponents that
// carry across words) and compares with big.Rat after every step.
func TestSumAgainstRat(t *testing.T) {
	var r kernel.Stream
	r.Seed(7)
	var s gme.Sum
	want := new(big.Rat)
	for k := 0; k < 3000; k++ {
		e := int64(r.IntN(200))
		if r.IntN(4) == 0 {
			e = int64(60 + r.IntN(10)) // around a word boundary
		}
		s.Add(e)
		want.Add(want, pow2(e))
		if k%97 == 0 || k > 2990 {
			if got := s.Rat(); got.Cmp(want) != 0 {
				t.Fatalf("after %d adds: %v, want %v", k+1, got.FloatString(30), want.FloatString(30))
			}
		}
	}
	u := new(big.Int).Quo(want.Num(), want.Denom()).Int64()
	if !s.Exceeds(u) || s.Exceeds(u+1) {
		t.Fatalf("Exceeds(%d) / Exceeds(%d) wrong for %v", u, u+1, want.FloatString(10))
	}
}

package linkrev

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// sameHeights reports whether a and b hold the same heights in the same layout.
func sameHeights(a, b *heightStore) bool {
	if a.isWide != b.isWide || a.len() != b.len() {
		return false
	}
	for k := range a.len() {
		if a.get(k) != b.get(k) {
			return false
		}
	}
	return true
}

// TestNarrowOf: a height fits the 8-byte layout exactly when h1 and h2 both fit in int32,
// at the limits and far beyond them (where the one-branch test's sums overflow), and its
// h1 and h2 come back unchanged.
func TestNarrowOf(t *testing.T) {
	vals := []int64{math.MinInt64, math.MinInt64 + 1, math.MinInt64 + 1<<31, -1 << 32, math.MinInt32 - 1,
		math.MinInt32, -1, 0, 1, math.MaxInt32, math.MaxInt32 + 1, 1 << 32, math.MaxInt64 - 1<<31,
		math.MaxInt64 - 1<<31 + 1, math.MaxInt64}
	fits := func(x int64) bool { return int64(int32(x)) == x }
	for _, h1 := range vals {
		for _, h2 := range vals {
			h := Height{h1, h2, -7}
			x, ok := narrowOf(h)
			if ok != (fits(h1) && fits(h2)) {
				t.Fatalf("narrowOf(%v) fits = %v", h, ok)
			}
			if ok && x.wide().with(h.ID) != h {
				t.Fatalf("narrowOf(%v) = %v, which widens to %v", h, x, x.wide())
			}
		}
	}
}

// TestHeightStoreAgainstReference drives a store with random sets (now and then a height
// beyond int32, which widens it) and row moves, and compares every height with a plain
// slice doing the same after every step: widening keeps every height, moves work in both
// layouts, and the store stays narrow until the first height that does not fit.
func TestHeightStoreAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	widened := 0 // trials that started narrow and widened
	for trial := range 40 {
		const rows, w0 = 20, 3
		var s heightStore
		s.reserve(rows*w0, 0, 10*rows*w0, trial%8 == 0) // some start wide
		ref := make([]Height, rows*w0)
		off, width := make([]int32, rows), make([]int, rows)
		for i := range off {
			off[i], width[i] = int32(i*w0), w0
		}
		for k := range ref { // Reset writes every height
			ref[k] = Height{rng.Int64N(100), rng.Int64N(100), int32(k)}
			s.set(k, ref[k])
		}
		var fitsAll = trial%8 != 0
		for step := range 300 {
			i := rng.IntN(rows)
			switch rng.IntN(10) {
			case 0: // a row moves, twice as wide
				if width[i] < 24 {
					o := off[i]
					ref = moveRow(ref, &o, width[i], 2*width[i])
					s.moveRow(&off[i], width[i], 2*width[i])
					if o != off[i] {
						t.Fatalf("trial %d step %d: row %d moved to %d, want %d", trial, step, i, off[i], o)
					}
					width[i] *= 2
				}
			default:
				h := Height{rng.Int64N(200) - 100, rng.Int64N(200) - 100, int32(i)}
				if trial%4 == 1 && rng.IntN(100) == 0 {
					h.H2 = math.MinInt32 - 1 - rng.Int64N(3) // one token hop too many
				} else if trial%4 == 2 && rng.IntN(100) == 0 {
					h.H1 = math.MaxInt32 + 1 // one reversal too many
				}
				fitsAll = fitsAll && int64(int32(h.H1)) == h.H1 && int64(int32(h.H2)) == h.H2
				k := int(off[i]) + rng.IntN(width[i])
				ref[k] = h
				s.set(k, h)
			}
			if s.len() != len(ref) || s.isWide == fitsAll {
				t.Fatalf("trial %d step %d: %d heights, wide %v; want %d, wide %v", trial, step, s.len(), s.isWide, len(ref), !fitsAll)
			}
			if !fitsAll && trial%8 != 0 && step == 299 {
				widened++
			}
			for k := range ref {
				if s.get(k) != levelOf(ref[k]) {
					t.Fatalf("trial %d step %d: height %d is %v, want %v", trial, step, k, s.get(k), ref[k])
				}
			}
		}
	}
	if widened < 10 {
		t.Errorf("%d trials widened on the way, want at least 10: the test did not test widening", widened)
	}
}

// TestMyHeightIsOwnID: myHeight keeps (h1, h2) alone, and MyHeight and every message give
// the node's own id as the third component; initial heights with another id are refused,
// and so is a new height with another node's id.
func TestMyHeightIsOwnID(t *testing.T) {
	const n = 5
	topo, l := chain(t, n, 3)
	for i := int32(0); i < n; i++ {
		if h, m := l.MyHeight(i), l.Msg(0, i, 0); h != (Height{0, int64(i), i}) || HeightOf(&m) != h {
			t.Errorf("node %d: MyHeight %v, message height %v; want (0, %d, %d)", i, h, HeightOf(&m), i, i)
		}
	}
	initial := make([]Height, n)
	for i := range initial {
		initial[i] = Height{3, int64(i), int32(i)}
	}
	if err := l.Reset(topo, n, initial, "test", Types{}); err != nil || l.MyHeight(4) != initial[4] {
		t.Fatalf("Reset with heights (3, i, i): %v, MyHeight(4) = %v", err, l.MyHeight(4))
	}
	initial[2].ID = 3
	if err := l.Reset(topo, n, initial, "test", Types{}); err == nil || !strings.Contains(err.Error(), "node 2 has id 3") {
		t.Errorf("Reset with node 2's height carrying id 3: error %v, want one naming node 2 and id 3", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("setMyHeight of node 1 with node 2's id did not panic")
		}
	}()
	l.setMyHeight(1, Height{0, 0, 2})
}

package eventq_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mutexlab/mutexlab/kernel/eventq"
)

// TestHeapMatchesReference runs random pushes, pops and peeks on the plain Heap and on the
// reference, and requires the same pops in the same order. Half the pushes are at one of a
// few integer times (they tie with pending entries, so the order rests on the sequence
// numbers) and half at now + 1 + Exp(1) as in PHOLD. Each round fills the heap to a size,
// holds it there by pop-then-push (the event loop's replace-top), then drains it; the sizes
// cross the one from which the descent prefetches (4,096 slots), so both descents are checked.
func TestHeapMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	var h eventq.Heap
	var ref refQueue
	now := 0.0
	push := func(p uint32) {
		tm := now + 1 + rng.ExpFloat64()
		if rng.IntN(2) == 0 {
			tm = math.Floor(now) + float64(rng.IntN(3))
		}
		h.Push(tm, p)
		ref.push(tm, p)
	}
	pop := func(what string) {
		wantT, wantP := ref.pop()
		if got := h.PeekTime(); got != wantT {
			t.Fatalf("%s: PeekTime() = %v, want %v", what, got, wantT)
		}
		gotT, gotP := h.Pop()
		if gotT != wantT || gotP != wantP {
			t.Fatalf("%s: Pop() = (%v, %d), want (%v, %d)", what, gotT, gotP, wantT, wantP)
		}
		now = gotT
	}
	for _, n := range []int{1, 2, 9, 100, 5000} {
		h.Reset()
		ref.reset()
		now = 0
		for j := range n {
			push(uint32(j))
		}
		for j := range 4 * n {
			pop("hold")
			push(uint32(j) & eventq.MaxPayload)
			if h.Len() != n {
				t.Fatalf("n = %d: Len() = %d during the hold", n, h.Len())
			}
		}
		for range n {
			pop("drain")
		}
		if h.Len() != 0 {
			t.Fatalf("n = %d: drained, Len() = %d", n, h.Len())
		}
	}
}

// TestHeapEdges: popping the last entry leaves an empty heap that refuses Pop and PeekTime
// and takes pushes again in order; the zero Heap is usable.
func TestHeapEdges(t *testing.T) {
	var h eventq.Heap
	mustPanic(t, "Pop on the zero Heap", func() { h.Pop() })
	h.Push(3, 1)
	h.Pop()
	if h.Len() != 0 {
		t.Fatalf("Len() = %d after popping the only entry", h.Len())
	}
	mustPanic(t, "Pop on a Heap emptied by Pop", func() { h.Pop() })
	mustPanic(t, "PeekTime on a Heap emptied by Pop", func() { h.PeekTime() })
	h.Push(2, 5)
	h.Push(2, 6)
	h.Push(1, 7)
	for _, want := range []uint32{7, 5, 6} {
		if _, got := h.Pop(); got != want {
			t.Errorf("Pop() payload %d, want %d", got, want)
		}
	}
	if h.Len() != 0 {
		t.Fatalf("Len() = %d after popping every entry", h.Len())
	}
}

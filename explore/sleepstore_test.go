package explore

import (
	"slices"
	"strings"
	"testing"
)

// TestSleepStore: sets stored in a chunk's tail and across into a new chunk read back as
// stored, narrowing one in place changes no other, and distinct steps pack distinctly.
func TestSleepStore(t *testing.T) {
	steps := []Step{{Kind: Request, A: 2, B: 3}, {Kind: Deliver, A: 8191, B: 4095}, {Kind: LinkUp, A: 0, B: 1},
		{Kind: LinkDown, A: 1, B: 0}, {Kind: Crash, A: 5}, {Kind: Release, A: 5}, {Kind: Request, A: 2, B: 65534}}
	seen := map[packedStep]Step{}
	for _, s := range steps {
		if o, dup := seen[pack(s)]; dup {
			t.Fatalf("%v and %v pack to the same word", s, o)
		}
		seen[pack(s)] = s
	}
	var st sleepStore
	var z []sleeper
	for _, s := range steps {
		z = append(z, sleeper{step: s})
	}
	var refs []sleepRef
	for range sleepChunk/len(z) + 3 { // the last sets no longer fit in the first chunk
		refs = append(refs, st.store(z))
	}
	if len(st.chunks) != 2 {
		t.Fatalf("%d chunks, want 2", len(st.chunks))
	}
	narrowed := st.set(refs[len(refs)-2])
	kept := slices.DeleteFunc(narrowed, func(p packedStep) bool { return p == pack(steps[0]) })
	refs[len(refs)-2] = refs[len(refs)-2].withLen(len(kept))
	for k, r := range refs {
		set := st.set(r)
		for i, s := range steps {
			if k == len(refs)-2 && i == 0 {
				if holds(set, s) {
					t.Fatalf("set %d still holds %v after narrowing", k, s)
				}
				continue
			}
			if !holds(set, s) {
				t.Fatalf("set %d lost %v", k, s)
			}
		}
	}
}

// TestEmptySetAtAFullChunk: an empty sleep set stored when the last chunk is exactly full
// reads back empty (its place would be the start of a chunk not yet opened).
func TestEmptySetAtAFullChunk(t *testing.T) {
	var st sleepStore
	z := []sleeper{{step: Step{Kind: Release, A: 1}}}
	for range sleepChunk {
		st.store(z)
	}
	empty := st.store(nil)
	if set := st.set(empty); len(set) != 0 {
		t.Errorf("the empty set reads back as %v", set)
	}
	if set := st.set(st.store(z)); !holds(set, z[0].step) {
		t.Errorf("a set stored after it reads back as %v", set)
	}
}

// TestUnpackableRefused: a scenario whose steps the store cannot pack is refused up front.
func TestUnpackableRefused(t *testing.T) {
	if err := checkPackable(maxNodes+1, 0); err == nil || !strings.Contains(err.Error(), "nodes") {
		t.Errorf("%d nodes: %v", maxNodes+1, err)
	}
	if err := checkPackable(3, maxStepB); err == nil || !strings.Contains(err.Error(), "values under these parameters") {
		t.Errorf("%d values: %v", maxStepB, err)
	}
	if err := checkPackable(maxNodes, maxStepB-1); err != nil {
		t.Error(err)
	}
}
